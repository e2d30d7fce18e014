import { can, type Rule } from './rule';

/**
 * Who may call the paged records around an identifier. Each also needs identifier.view: the roles hold
 * it with every other view and the API key of the tests holds identifier.view alone, so naming the
 * second permission decides every caller here; a caller holding only one is refused in
 * identifier-detail-pages.test.ts.
 */
export const IDENTIFIER_DETAIL_RULES: Record<string, Rule> = {
  'GET /api/identifiers/{id}/journal-entries': can('journal_entry.view'),
  'GET /api/identifiers/{id}/evidence': can('evidence.view'),
  'GET /api/identifiers/{id}/cases': can('case.view'),
};
