import { can, type Rule } from './rule';

/** Who may call each evidence operation. */
export const EVIDENCE_RULES: Record<string, Rule> = {
  'GET /api/evidence': can('evidence.view'),
  'POST /api/evidence': can('evidence.create'),
  'GET /api/evidence/{id}': can('evidence.view'),
  'PATCH /api/evidence/{id}': can('evidence.edit'),
  'GET /api/evidence/{id}/content': can('evidence.view'),
  // Verification only reads the stored bytes (and records that it did).
  'POST /api/evidence/{id}/verify': can('evidence.view'),
  'GET /api/evidence/{id}/custody': can('evidence.view'),
  // These two also need identifier.view and journal_entry.view (what they list). The roles hold both
  // views or neither; the identifiers route's refusal of a key without evidence.view is tested apart.
  'GET /api/evidence/{id}/identifiers': can('evidence.view'),
  'GET /api/evidence/{id}/journal-entries': can('evidence.view'),
  'POST /api/evidence/{id}/identifiers/{identifierId}': can('evidence.edit', 'identifier.view'),
  'DELETE /api/evidence/{id}/identifiers/{identifierId}': can('evidence.edit', 'identifier.view'),
};
