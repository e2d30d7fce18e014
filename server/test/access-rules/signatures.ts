import { can, user, type Rule } from './rule';

/** Who may call each signing, verification and journal-integrity operation. */
export const SIGNATURES_RULES: Record<string, Rule> = {
  // Signing is a person's act with their passkey: never an API key. Only the entry's originator
  // gets further (the service answers 403 to the others).
  'POST /api/journal-entries/{id}/sign/begin': user('journal_entry.view'),
  'POST /api/journal-entries/{id}/sign/complete': user('journal_entry.view'),
  'GET /api/journal-entries/{id}/verify': can('journal_entry.view'),
  'POST /api/journal-entries/{id}/verify': can('journal_entry.view'),
  'POST /api/journal-entries/case/{caseId}/verify': can('journal_entry.view'),
  'GET /api/journal-entries/{id}/signature-bundle': can('journal_entry.view'),
  'GET /api/cases/{id}/journal-integrity': can('journal_entry.view'),
};
