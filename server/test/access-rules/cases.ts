import { can, type Rule } from './rule';

/** Who may call each cases operation. */
export const CASES_RULES: Record<string, Rule> = {
  'GET /api/cases': can('case.view'),
  'POST /api/cases': can('case.create'),
  'GET /api/cases/assignable-users': can('case.view'),
  'GET /api/cases/{id}': can('case.view'),
  'PATCH /api/cases/{id}': can('case.edit'),
  'POST /api/cases/bulk-update': can('case.edit'),
  'GET /api/cases/{id}/related': can('case.view', 'identifier.view'),
  'GET /api/cases/{id}/identifiers': can('case.view', 'identifier.view'),
  'GET /api/cases/{id}/history': can('case.view'),
  'GET /api/cases/{id}/links': can('case.view'),
  'POST /api/cases/{id}/links': can('case.edit', 'case.view'),
  'DELETE /api/cases/{id}/links/{linkedCaseId}': can('case.edit', 'case.view'),
  'GET /api/cases/{id}/tasks': can('case.view'),
  'POST /api/cases/{id}/tasks': can('case.edit'),
  'PATCH /api/cases/{id}/tasks/{taskId}': can('case.edit'),
  'DELETE /api/cases/{id}/tasks/{taskId}': can('case.edit'),
};
