import { describe, expect, it } from 'vitest';
import type { CaseRef } from '@scamtrail/domain/cases';
import { custodyDetailParts, custodyDetailText } from './evidence-format';

const CASE_ID = '11111111-1111-4111-8111-111111111111';
const ENTRY_ID = '22222222-2222-4222-8222-222222222222';
const ENTRY_CASE: CaseRef = { id: CASE_ID, number: 42, title: 'Romance scam', status: 'open' };
const NAMED = {
  names: { [CASE_ID]: '#42 Romance scam', [ENTRY_ID]: 'Note: Called the bank' },
  entryCases: { [ENTRY_ID]: ENTRY_CASE },
};

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
    expect(
      custodyDetailText({
        action: 'exported',
        detail: { dossierSha256: 'a'.repeat(64), caseId: { hidden: 'case' } },
      }),
    ).toBe('Dossier SHA-256 aaaaaaaa…aaaa · of a case you cannot see');
    expect(custodyDetailText({ action: 'linked', detail: { identifierId: { hidden: 'identifier' } } })).toBe(
      'An identifier you cannot see',
    );
  });

  it('keeps generic words for one the server does not name (no longer found)', () => {
    expect(custodyDetailText({ action: 'linked', detail: { journalEntryId: ENTRY_ID }, names: {} })).toBe(
      'A journal entry',
    );
    expect(custodyDetailText({ action: 'linked', detail: { caseId: CASE_ID }, names: {} })).toBe('A case');
    expect(custodyDetailText({ action: 'added', detail: { size: 2048, caseId: CASE_ID }, names: {} })).toBe(
      '2.0 KB · to a case',
    );
  });

  it('names the case and the entry the server names, linking to them', () => {
    expect(custodyDetailParts({ action: 'linked', detail: { journalEntryId: ENTRY_ID }, ...NAMED })).toEqual([
      { text: 'Journal entry ' },
      { text: 'Note: Called the bank', to: `/cases/${CASE_ID}?tab=timeline` },
      { text: ' in ' },
      { text: '#42 Romance scam', to: `/cases/${CASE_ID}` },
    ]);
    expect(custodyDetailParts({ action: 'unlinked', detail: { caseId: CASE_ID }, ...NAMED })).toEqual([
      { text: 'Case ' },
      { text: '#42 Romance scam', to: `/cases/${CASE_ID}` },
    ]);
    expect(custodyDetailText({ action: 'added', detail: { size: 2048, caseId: CASE_ID }, ...NAMED })).toBe(
      '2.0 KB · to #42 Romance scam',
    );
    expect(
      custodyDetailText({
        action: 'exported',
        detail: { dossierSha256: 'b'.repeat(64), caseId: CASE_ID },
        ...NAMED,
      }),
    ).toBe('Dossier SHA-256 bbbbbbbb…bbbb · of #42 Romance scam');
  });

  it('names an entry without a link when its case is not told (no case.view, or in no case)', () => {
    expect(
      custodyDetailParts({
        action: 'linked',
        detail: { journalEntryId: ENTRY_ID },
        names: NAMED.names,
        entryCases: {},
      }),
    ).toEqual([{ text: 'Journal entry ' }, { text: 'Note: Called the bank' }]);
  });

  it('names an identifier by its value', () => {
    expect(
      custodyDetailText({
        action: 'linked',
        detail: { identifierId: 'i1', displayValue: 'mule@example.com' },
      }),
    ).toBe('Identifier mule@example.com');
  });
});
