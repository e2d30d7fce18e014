import { can, type Rule } from './rule';

/** Who may manage export streams (export.edit) and read them (export.view, also from an API key). */
export const EXPORT_STREAMS_RULES: Record<string, Rule> = {
  'GET /api/export-streams': can('export.view'),
  'POST /api/export-streams': can('export.edit'),
  'GET /api/export-streams/{id}': can('export.view'),
  'PATCH /api/export-streams/{id}': can('export.edit'),
  'DELETE /api/export-streams/{id}': can('export.edit'),
  'GET /api/export-streams/{id}/events': can('export.view'),
  'GET /api/export-streams/{id}/preview': can('export.view'),
};
