import { describe, expect, it } from 'vitest';
import { custodyDetailParts, custodyDetailText } from './custody-words';

const CASE_ID = '11111111-1111-4111-8111-111111111111';
const ENTRY_ID = '22222222-2222-4222-8222-222222222222';
const NAMED = {
  names: { [CASE_ID]: '#42 Romance scam', [ENTRY_ID]: 'Note: Called the bank' },
  entryCases: { [ENTRY_ID]: { id: CASE_ID, number: 42, title: 'Romance scam', status: 'open' as const } },
};

describe('custody rows in words, for the page and the dossier', () => {
  it('names the records a row names by what they are, for each reader to make a link of', () => {
    expect(custodyDetailParts({ action: 'linked', detail: { journalEntryId: ENTRY_ID }, ...NAMED })).toEqual([
      { text: 'Journal entry ' },
      { text: 'Note: Called the bank', record: { kind: 'journal_entry', id: ENTRY_ID, caseId: CASE_ID } },
      { text: ' in ' },
      { text: '#42 Romance scam', record: { kind: 'case', id: CASE_ID } },
    ]);
  });

  it('states hashes short for a screen and whole for a document', () => {
    const exported = {
      action: 'exported' as const,
      detail: { dossierSha256: 'c'.repeat(64), caseId: CASE_ID },
      ...NAMED,
    };
    expect(custodyDetailText(exported)).toBe('Dossier SHA-256 cccccccc…cccc · of #42 Romance scam');
    expect(custodyDetailText(exported, 'full')).toBe(
      `Dossier SHA-256 ${'c'.repeat(64)} · of #42 Romance scam`,
    );
    const verified = {
      action: 'verified' as const,
      detail: { sha256: 'd'.repeat(64), recorded: 'e'.repeat(64) },
    };
    expect(custodyDetailText(verified, 'full')).toBe(
      `Hash does NOT match: now ${'d'.repeat(64)}, recorded ${'e'.repeat(64)}`,
    );
  });
});
