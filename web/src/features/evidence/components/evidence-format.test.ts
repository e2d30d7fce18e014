import { describe, expect, it } from 'vitest';
import { custodyDetailText } from './evidence-format';

describe('custody details in words', () => {
  it('names a journal entry or case the reader may not see as such', () => {
    expect(
      custodyDetailText({ action: 'linked', detail: { journalEntryId: { hidden: 'journal_entry' } } }),
    ).toBe('An entry you cannot see');
    expect(custodyDetailText({ action: 'unlinked', detail: { caseId: { hidden: 'case' } } })).toBe(
      'A case you cannot see',
    );
    expect(custodyDetailText({ action: 'added', detail: { size: 2048, caseId: { hidden: 'case' } } })).toBe(
      '2.0 KB · to a case you cannot see',
    );
  });

  it('names those the reader may see as before', () => {
    expect(custodyDetailText({ action: 'linked', detail: { journalEntryId: 'j1' } })).toBe('Journal entry');
    expect(custodyDetailText({ action: 'linked', detail: { caseId: 'c1' } })).toBe('Case');
    expect(custodyDetailText({ action: 'added', detail: { size: 2048, caseId: 'c1' } })).toBe(
      '2.0 KB · to a case',
    );
  });
});
