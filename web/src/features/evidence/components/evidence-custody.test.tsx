import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeUser, renderApp } from '../../../test/render-app';
import type { CustodyEvent } from '../api/evidence-types';
import { CASE_ID, NO_TAGS, page, SCREENSHOT } from './evidence-test-data';

const ENTRY_ID = '22222222-2222-4222-8222-222222222222';
const HIDDEN_ENTRY_ID = '33333333-3333-4333-8333-333333333333';
const actor = { kind: 'user' as const, name: 'Ada Okafor' };

/** What the server answers a reader who may see case #42 and one entry of it, not another entry. */
const CUSTODY: CustodyEvent[] = [
  {
    id: 1,
    action: 'linked',
    actor,
    detail: { caseId: CASE_ID },
    names: { [CASE_ID]: '#42 Romance scam' },
    entryCases: {},
    createdAt: '2026-11-20T12:00:00.000Z',
  },
  {
    id: 2,
    action: 'linked',
    actor,
    detail: { journalEntryId: ENTRY_ID },
    names: { [ENTRY_ID]: 'Note: Called the bank' },
    entryCases: { [ENTRY_ID]: { id: CASE_ID, number: 42, title: 'Romance scam', status: 'open' } },
    createdAt: '2026-11-20T12:05:00.000Z',
  },
  {
    id: 3,
    action: 'linked',
    actor,
    detail: { journalEntryId: { hidden: 'journal_entry' } },
    names: {},
    entryCases: {},
    createdAt: '2026-11-20T12:10:00.000Z',
  },
  {
    id: 4,
    action: 'unlinked',
    actor,
    detail: { journalEntryId: HIDDEN_ENTRY_ID },
    names: {},
    entryCases: {},
    createdAt: '2026-11-20T12:15:00.000Z',
  },
];

describe('the chain of custody', () => {
  it('names the case and the entry the server names, linking to them, and others in generic words', async () => {
    renderApp('/evidence?open=e1', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/evidence': () => page([SCREENSHOT]),
      'GET /api/tags': NO_TAGS,
      'GET /api/evidence/e1': () => json(200, SCREENSHOT),
      'GET /api/evidence/e1/custody': () => page(CUSTODY),
    });
    const custody = await screen.findByRole('table', { name: 'Chain of custody' });
    const [movedIn, linked, hidden, gone] = within(custody).getAllByRole('row').slice(1);

    expect(movedIn).toHaveTextContent(/Case #42 Romance scam$/);
    expect(within(movedIn).getByRole('link', { name: '#42 Romance scam' })).toHaveAttribute(
      'href',
      `/cases/${CASE_ID}`,
    );

    expect(linked).toHaveTextContent(/Journal entry Note: Called the bank in #42 Romance scam$/);
    expect(within(linked).getByRole('link', { name: 'Note: Called the bank' })).toHaveAttribute(
      'href',
      `/cases/${CASE_ID}?tab=timeline`,
    );
    expect(within(linked).getByRole('link', { name: '#42 Romance scam' })).toHaveAttribute(
      'href',
      `/cases/${CASE_ID}`,
    );

    expect(hidden).toHaveTextContent(/An entry you cannot see$/);
    expect(within(hidden).queryByRole('link')).not.toBeInTheDocument();
    expect(gone).toHaveTextContent(/A journal entry$/);
    expect(within(gone).queryByRole('link')).not.toBeInTheDocument();
  });
});
