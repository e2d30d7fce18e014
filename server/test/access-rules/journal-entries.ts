import { can, type Rule } from './rule';

/** Who may call each journal-entries operation. */
export const JOURNAL_ENTRIES_RULES: Record<string, Rule> = {
  'GET /api/journal-entries': can('journal_entry.view', 'case.view'),
  'POST /api/journal-entries': can('journal_entry.create'),
  'POST /api/cases/{id}/journal-entries': can('journal_entry.edit', 'journal_entry.view'),
  'GET /api/cases/{id}/journal-entries': can('journal_entry.view'),
  'GET /api/journal-entries/{id}': can('journal_entry.view'),
  'PATCH /api/journal-entries/{id}': can('journal_entry.edit'),
  'DELETE /api/journal-entries/{id}': can('journal_entry.delete'),
  'POST /api/journal-entries/{id}/remove': can('journal_entry.delete', 'case.view'),
  'POST /api/journal-entries/{id}/evidence/{evidenceId}': can('journal_entry.edit', 'evidence.view'),
  'DELETE /api/journal-entries/{id}/evidence/{evidenceId}': can('journal_entry.edit', 'evidence.view'),
  'POST /api/journal-entries/{id}/identifiers/{identifierId}': can('journal_entry.edit', 'identifier.view'),
  'DELETE /api/journal-entries/{id}/identifiers/{identifierId}': can('journal_entry.edit', 'identifier.view'),
};
