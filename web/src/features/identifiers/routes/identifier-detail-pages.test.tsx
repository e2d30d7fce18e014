import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeUser, renderApp } from '../../../test/render-app';
import type { IdentifierDetail, IdentifierJournalEntry } from '../api/identifier-types';
import { EMPTY_DETAIL, ITEM, page, setUpRouteTests } from './identifiers-test-setup';

setUpRouteTests();

const entry = (n: number): IdentifierJournalEntry => ({
  id: `j${n}`,
  type: 'call',
  description: `Entry ${n}`,
  performedAt: '2026-11-20T12:00:00.000Z',
  createdAt: '2026-11-20T12:00:00.000Z',
  mediaIds: [],
});
const entries = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => entry(from + i));

/** Named "Entry 7", "Entry 8" ... in the order the list shows them. */
const titlesIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.identifier-detail__item-title')?.textContent);

const DETAIL: IdentifierDetail = {
  ...EMPTY_DETAIL,
  journalEntries: entries(1, 10),
  journalEntryCount: 23,
  evidence: [
    { id: 'e1', title: 'Payment receipt', kind: 'screenshot', createdAt: '2026-11-20T12:00:00.000Z' },
  ],
  evidenceCount: 12,
  media: [{ id: 'e1', fileName: 'receipt.png', contentType: 'image/png', sizeBytes: 2048, sha256: null }],
  mediaCount: 7,
  cases: [{ id: 'c1', title: 'Romance scam', status: 'open' }],
  caseCount: 1,
};

/** The server: page 2 of the entries waits until released; the evidence's page 2 fails. */
function server() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const routes = {
    'GET /api/auth/me': () => json(200, makeUser('investigator')),
    'GET /api/identifiers': () => page([ITEM]),
    'GET /api/identifiers/id-1': () => json(200, DETAIL),
    'GET /api/identifiers/id-1/journal-entries': async () => {
      await held;
      return json(200, {
        data: entries(11, 20),
        pagination: { page: 2, pageSize: 10, totalItems: 23, totalPages: 3 },
      });
    },
    'GET /api/identifiers/id-1/evidence': () =>
      json(503, { error: { code: 'UNAVAILABLE', message: 'The database is busy' } }),
  };
  return { routes, release };
}

async function openSection(name: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Email Details' });
  return within(dialog).findByRole('region', { name });
}

describe('identifier detail: paged sections', () => {
  it('shows the first page with the count, then loads the next page from the sub-resource', async () => {
    const { routes, release } = server();
    const { fetchMock } = renderApp('/identifiers?open=id-1', routes);
    const section = await openSection('Related Journal Entries (23)');
    expect(titlesIn(within(section).getByRole('list', { name: 'Journal entries' }))).toEqual(
      entries(1, 10).map((e) => e.description),
    );
    const subResourceCalls = () =>
      fetchMock.mock.calls
        .map(([url]) => new URL(String(url), 'http://localhost'))
        .filter((url) => url.pathname === '/api/identifiers/id-1/journal-entries');
    // The detail carries the first page: nothing more is asked for until the user pages.
    expect(subResourceCalls()).toHaveLength(0);

    await userEvent.click(within(section).getByRole('button', { name: 'Next page' }));
    // Loading: the first page is gone and the pager waits.
    expect(within(section).queryByRole('list', { name: 'Journal entries' })).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    release();
    const list = await within(section).findByRole('list', { name: 'Journal entries' });
    expect(titlesIn(list)).toEqual(entries(11, 20).map((e) => e.description));
    expect(Object.fromEntries(subResourceCalls()[0].searchParams)).toEqual({ page: '2', pageSize: '10' });

    // Back to the first page: the detail's copy, without asking again.
    await userEvent.click(within(section).getByRole('button', { name: 'Previous page' }));
    expect(titlesIn(within(section).getByRole('list', { name: 'Journal entries' }))[0]).toBe('Entry 1');
    expect(subResourceCalls()).toHaveLength(1);
  });

  it('says when a page cannot be loaded and lets the user go back; one page shows no pager', async () => {
    const { routes } = server();
    const { fetchMock } = renderApp('/identifiers?open=id-1', routes);
    const media = await openSection('Attached Media (12)');
    await userEvent.click(within(media).getByRole('button', { name: 'Next page' }));
    expect(await within(media).findByText('Media could not be loaded')).toBeInTheDocument();
    expect(within(media).getByText('The database is busy')).toBeInTheDocument();
    const asked = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .find((url) => url.pathname === '/api/identifiers/id-1/evidence')!;
    // The media are every evidence item the user may see, with a file or without.
    expect(asked.searchParams.has('hasFile')).toBe(false);

    await userEvent.click(within(media).getByRole('button', { name: 'Previous page' }));
    expect(within(media).getByRole('link', { name: 'Payment receipt' })).toBeInTheDocument();

    const cases = await openSection('Cases (1)');
    expect(within(cases).queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });
});
