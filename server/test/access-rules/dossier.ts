import { user, type Rule } from './rule';

/**
 * Who may export a case dossier: a person (the export is theirs: in the History, in each item's
 * custody, signed with their passkey), never an API key, who may read everything it holds.
 */
export const DOSSIER_RULES: Record<string, Rule> = {
  'GET /api/cases/{id}/dossier': user('case.view', 'journal_entry.view', 'evidence.view', 'identifier.view'),
  'POST /api/cases/{id}/dossier/sign/begin': user(
    'case.view',
    'journal_entry.view',
    'evidence.view',
    'identifier.view',
  ),
  'POST /api/cases/{id}/dossier/sign/complete': user(
    'case.view',
    'journal_entry.view',
    'evidence.view',
    'identifier.view',
  ),
};
