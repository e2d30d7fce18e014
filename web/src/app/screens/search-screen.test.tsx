import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Grant } from '@scamtrail/domain/permissions';
import { SCREENSHOT, WRITTEN } from '../../features/evidence/components/evidence-test-data';
import { expectNoSeriousViolations } from '../../test/axe';
import { currentPath, json, makeUser, renderApp } from '../../test/render-app';
import { CASE, UNASSIGNED } from '../../features/cases/routes/cases-test-data';
import type { JournalEntryHit } from '@scamtrail/domain/journal-entries';
import type { IdentifierItem } from '../../features/identifiers/api/identifier-types';
import { ITEM, SECOND } from '../../features/identifiers/routes/identifiers-test-setup';
import { timeText } from '../../test/time-text';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * A list answer: the page's rows and how many match in all (the identifier list's `totalWithMatches`,
 * with the key matches it misses, is that too unless `extra` says otherwise).
 */
const listOf = (data: object[], totalItems = data.length, extra: object = {}) =>
  json(200, {
    data,
    pagination: { page: 1, pageSize: 5, totalItems, totalPages: Math.ceil(totalItems / 5) },
    totalWithMatches: totalItems,
    ...extra,
  });

const asAdmin = { 'GET /api/auth/me': () => json(200, makeUser('admin')) };
const as = (permissions: Grant[]) => ({
  'GET /api/auth/me': () => json(200, makeUser('viewer', { permissions })),
});

const CALL: JournalEntryHit = {
  id: 'je-1',
  type: 'call',
  performedAt: '2026-03-01T10:00:00.000Z',
  excerpt: '…victim wired the money to a scam account in Lagos…',
  case: { id: CASE.id, number: 42, title: 'Romance scam, wire to Lagos', status: 'in_progress' },
  originator: { id: 'o-1', type: 'team_member', name: 'Ada Okafor', displayName: 'Ada Okafor (Team)' },
};
const NOTE: JournalEntryHit = {
  ...CALL,
  id: 'je-2',
  type: 'note',
  excerpt: 'Scam reported by the bank',
  originator: null,
};

/** Every section answering: 12 cases (2 shown), 7 journal entries and 7 identifiers (2 shown), both evidence items. */
const HITS = {
  'GET /api/cases': () => listOf([CASE, UNASSIGNED], 12),
  'GET /api/journal-entries': () => listOf([CALL, NOTE], 7, { totalIsCapped: false }),
  'GET /api/identifiers': () => listOf([ITEM, SECOND], 7, { totalIsEstimate: false }),
  'GET /api/evidence': () => listOf([SCREENSHOT, WRITTEN]),
};

/** The requests made to an API path, as URLs. */
const callsTo = (fetchMock: ReturnType<typeof vi.fn>, pathname: string) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === pathname);

/** A section of the page, found by its heading (level 2), once its hits or its empty text are there. */
async function section(name: RegExp) {
  const heading = await screen.findByRole('heading', { name, level: 2 });
  return heading.closest('section')!;
}

const hitTexts = (container: HTMLElement) =>
  within(container)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('search page', () => {
  it('shows the cases, identifiers and evidence matching q, counted, linked, with View all for more', async () => {
    const { fetchMock } = renderApp('/search?q=scam', { ...asAdmin, ...HITS });
    expect(await screen.findByRole('heading', { name: 'Search', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search text' })).toHaveValue('scam');

    const cases = await section(/^Cases \(12\)$/);
    const caseLink = within(cases).getByRole('link', { name: '#42 Romance scam, wire to Lagos' });
    expect(caseLink).toHaveAttribute('href', `/cases/${CASE.id}`);
    expect(hitTexts(cases)).toEqual([
      '#42 Romance scam, wire to LagosIn progressHigh',
      '#7 Fake shopOpenLow',
    ]);
    expect(within(cases).getByRole('link', { name: 'View all 12 cases' })).toHaveAttribute(
      'href',
      '/cases?search=scam',
    );

    // No list screen holds every journal: the section pages in place, without View all.
    const journal = await section(/^Journal entries \(7\)$/);
    expect(hitTexts(journal)).toEqual([
      timeText(
        'Call, Mar 1, 2026, 10:00 AM…victim wired the money to a scam account in Lagos…Ada Okafor (Team) · #42 Romance scam, wire to Lagos',
      ),
      timeText('Note, Mar 1, 2026, 10:00 AMScam reported by the bank#42 Romance scam, wire to Lagos'),
    ]);
    const [entry] = within(journal).getAllByRole('link', { name: timeText('Call, Mar 1, 2026, 10:00 AM') });
    expect(entry).toHaveAttribute('href', `/cases/${CASE.id}?tab=timeline&journalSearch=scam`);
    expect([...journal.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['scam', 'Scam']);
    expect(within(journal).queryByRole('link', { name: /View all/ })).toBeNull();
    expect(within(journal).getByRole('button', { name: /next page/i })).toBeInTheDocument();

    const identifiers = await section(/^Identifiers \(7\)$/);
    expect(within(identifiers).getByRole('link', { name: 'scam@example.org' })).toHaveAttribute(
      'href',
      '/identifiers?open=id-1',
    );
    expect(hitTexts(identifiers)).toEqual(['scam@example.orgEmail', 'Zelle: 5551234567Zelle']);
    expect(within(identifiers).getByRole('link', { name: 'View all 7 identifiers' })).toHaveAttribute(
      'href',
      '/identifiers?search=scam',
    );

    // Both items are shown: no View all.
    const evidence = await section(/^Evidence \(2\)$/);
    expect(within(evidence).getByRole('link', { name: 'Payment receipt' })).toHaveAttribute(
      'href',
      '/evidence?open=e1',
    );
    expect(within(evidence).getByRole('link', { name: '#42 Romance scam' })).toHaveAttribute(
      'href',
      `/cases/${SCREENSHOT.case!.id}`,
    );
    expect(hitTexts(evidence)).toEqual([
      'Payment receiptScreenshot · receipt.png · #42 Romance scam',
      'Call transcriptWritten · No case',
    ]);
    expect(within(evidence).queryByRole('link', { name: /View all/ })).toBeNull();

    // Five of each, the cases by last activity; text without a digit or an @ is no identifier value.
    for (const path of ['/api/cases', '/api/journal-entries', '/api/identifiers', '/api/evidence']) {
      const [url] = callsTo(fetchMock, path);
      expect(url.searchParams.get('search'), path).toBe('scam');
      expect(url.searchParams.get('pageSize'), path).toBe('5');
    }
    expect(callsTo(fetchMock, '/api/cases')[0].searchParams.get('sort')).toBe('updatedAt');
    expect(callsTo(fetchMock, '/api/identifiers/matches')).toEqual([]);
    await expectNoSeriousViolations(document.querySelector('main') ?? document.body);
  });

  it('lists the identifiers the text is first, marks those written differently, and shows each once', async () => {
    const written = '+44 7700 900123';
    const PHONE: IdentifierItem = { ...ITEM, id: 'id-3', type: 'phone', typeLabel: 'Phone' };
    const differently = { ...PHONE, displayValue: '+44 7700900123' };
    const same = { ...PHONE, id: 'id-4', displayValue: written };
    const other = { ...PHONE, id: 'id-5', displayValue: `Zelle: ${written}`, typeLabel: 'Zelle' };
    const { fetchMock } = renderApp(`/search?q=${encodeURIComponent(written)}`, {
      ...asAdmin,
      ...HITS,
      'GET /api/identifiers/matches': () => json(200, { data: [differently, same] }),
      'GET /api/identifiers': () => listOf([other, same], 2, { totalIsEstimate: false, totalWithMatches: 3 }),
    });
    // The list's two, and the one it cannot find as written, as the server counts them.
    const identifiers = await section(/^Identifiers \(3\)$/);
    expect(hitTexts(identifiers)).toEqual([
      '+44 7700900123Phone · On record, written differently',
      `${written}Phone`,
      `Zelle: ${written}Zelle`,
    ]);
    expect(within(identifiers).getByRole('link', { name: '+44 7700900123' })).toHaveAttribute(
      'href',
      '/identifiers?open=id-3',
    );
    expect(callsTo(fetchMock, '/api/identifiers/matches')[0].searchParams.get('value')).toBe(written);
  });

  it('counts a match the list also finds once, however it is written', async () => {
    // The list's search finds "+44 7700900123" from "+44 7700 900123" (its search text holds the
    // digits): the match is one of the list's two, not a third.
    const written = '+44 7700 900123';
    const PHONE: IdentifierItem = { ...ITEM, id: 'id-3', type: 'phone', typeLabel: 'Phone' };
    const differently = { ...PHONE, displayValue: '+44 7700900123' };
    const zelle = { ...PHONE, id: 'id-5', displayValue: `Zelle: ${written}`, typeLabel: 'Zelle' };
    renderApp(`/search?q=${encodeURIComponent(written)}`, {
      ...asAdmin,
      ...HITS,
      'GET /api/identifiers/matches': () => json(200, { data: [differently, zelle] }),
      'GET /api/identifiers': () => listOf([zelle, differently], 2, { totalIsEstimate: false }),
    });
    const identifiers = await section(/^Identifiers \(2\)$/);
    expect(hitTexts(identifiers)).toHaveLength(2);
    expect(within(identifiers).queryByRole('link', { name: /View all/ })).toBeNull();
  });

  it('shows the count the server makes of the list and the matches it misses, each once', async () => {
    // An older match may be off the list as well as a newer one: only the server can tell.
    const OLD = { ...ITEM, id: 'id-old', createdAt: '2020-01-01T00:00:00.000Z' };
    const NEW = { ...ITEM, id: 'id-new', createdAt: '2030-01-01T00:00:00.000Z' };
    renderApp('/search?q=scam@example.com', {
      ...asAdmin,
      ...HITS,
      'GET /api/identifiers/matches': () => json(200, { data: [NEW, OLD] }),
      'GET /api/identifiers': () =>
        listOf([ITEM, SECOND], 7, { totalIsEstimate: false, totalWithMatches: 9 }),
    });
    const identifiers = await section(/^Identifiers \(9\)$/);
    expect(within(identifiers).getByRole('link', { name: 'View all 9 identifiers' })).toBeInTheDocument();
  });

  it('reads an estimated total as "10,000+"', async () => {
    renderApp('/search?q=gmail', {
      ...asAdmin,
      ...HITS,
      'GET /api/identifiers': () => listOf([ITEM], 10_240, { totalIsEstimate: true }),
    });
    const identifiers = await section(/^Identifiers \(10,000\+\)$/);
    expect(
      within(identifiers).getByRole('link', { name: 'View all 10,000+ identifiers' }),
    ).toBeInTheDocument();
  });

  it('offers each section’s matches as CSV, from the download of its own list', async () => {
    renderApp('/search?q=scam', { ...asAdmin, ...HITS });
    for (const [name, path] of [
      [/^Cases \(12\)$/, '/api/cases'],
      [/^Journal entries \(7\)$/, '/api/journal-entries'],
      [/^Identifiers \(7\)$/, '/api/identifiers'],
      [/^Evidence \(2\)$/, '/api/evidence'],
    ] as const) {
      const found = await section(name);
      const download = within(found).getByRole('link', { name: 'Download CSV' });
      // Every match under the text, not the five shown: no page, no page size.
      const url = new URL(download.getAttribute('href')!, 'http://localhost');
      expect(url.pathname, path).toBe(path);
      expect(url.searchParams.get('search'), path).toBe('scam');
      expect(url.searchParams.get('format'), path).toBe('csv');
      expect(url.searchParams.has('page') || url.searchParams.has('pageSize'), path).toBe(false);
    }
    // The cases' file is in the order the section lists them.
    const cases = await section(/^Cases \(12\)$/);
    const href = within(cases).getByRole('link', { name: 'Download CSV' }).getAttribute('href')!;
    expect(new URL(href, 'http://localhost').searchParams.get('sort')).toBe('updatedAt');
  });

  it('says when a section finds nothing, in its own words', async () => {
    renderApp('/search?q=nothing', {
      ...asAdmin,
      'GET /api/cases': () => listOf([]),
      'GET /api/journal-entries': () => listOf([], 0, { totalIsCapped: false }),
      'GET /api/identifiers': () => listOf([], 0, { totalIsEstimate: false }),
      'GET /api/evidence': () => listOf([]),
    });
    for (const [name, text] of [
      [/^Cases \(0\)$/, 'No cases match “nothing”.'],
      [/^Journal entries \(0\)$/, 'No journal entries mention “nothing”.'],
      [/^Identifiers \(0\)$/, 'No identifiers match “nothing”.'],
      [/^Evidence \(0\)$/, 'No evidence matches “nothing”.'],
    ] as const) {
      const found = await section(name);
      expect(within(found).getByText(text)).toBeInTheDocument();
      expect(within(found).queryByRole('list')).toBeNull();
      expect(within(found).queryByRole('link')).toBeNull();
    }
  });

  it('shows a failing section’s error with Try again while the others show their hits', async () => {
    let fail = true;
    renderApp('/search?q=scam', {
      ...asAdmin,
      ...HITS,
      'GET /api/evidence': () =>
        fail
          ? json(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } })
          : listOf([SCREENSHOT]),
    });
    const evidence = await section(/^Evidence$/);
    expect(await within(evidence).findByText('Evidence could not be loaded')).toBeInTheDocument();
    expect(within(evidence).getByText('Something went wrong')).toBeInTheDocument();
    expect(within(await section(/^Cases \(12\)$/)).getByRole('link', { name: /#42/ })).toBeInTheDocument();
    expect(
      within(await section(/^Identifiers \(7\)$/)).getByRole('link', { name: 'scam@example.org' }),
    ).toBeInTheDocument();

    fail = false;
    await userEvent.click(within(evidence).getByRole('button', { name: 'Try again' }));
    expect(await within(evidence).findByRole('link', { name: 'Payment receipt' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Evidence (1)', level: 2 })).toBeInTheDocument();
  });

  it('leaves out the sections the user may not view, and asks nothing for them', async () => {
    const { fetchMock } = renderApp('/search?q=scam', { ...as(['case.view', 'identifier.view']), ...HITS });
    await section(/^Cases \(12\)$/);
    await section(/^Identifiers \(7\)$/);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Cases (12)',
      'Identifiers (7)',
    ]);
    expect(callsTo(fetchMock, '/api/evidence')).toEqual([]);
    // Journal entries need journal_entry.view as well as case.view.
    expect(callsTo(fetchMock, '/api/journal-entries')).toEqual([]);
  });

  it('shows journal entries to a user who may view them and their cases', async () => {
    renderApp('/search?q=scam', { ...as(['case.view', 'journal_entry.view']), ...HITS });
    await section(/^Journal entries \(7\)$/);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Cases (12)',
      'Journal entries (7)',
    ]);
  });

  it('pages the journal entries in place, and starts again at the first page for a new text', async () => {
    const { fetchMock, router } = renderApp('/search?q=scam', {
      ...asAdmin,
      ...HITS,
      'GET /api/journal-entries': () => listOf([CALL], 7, { totalIsCapped: false }),
    });
    const journal = await section(/^Journal entries \(7\)$/);
    await userEvent.click(within(journal).getByRole('button', { name: /next page/i }));
    await vi.waitFor(() =>
      expect(callsTo(fetchMock, '/api/journal-entries').map((url) => url.searchParams.get('page'))).toEqual([
        '1',
        '2',
      ]),
    );
    await act(() => router.navigate('/search?q=lagos', { replace: true }));
    await vi.waitFor(() =>
      expect(callsTo(fetchMock, '/api/journal-entries').at(-1)?.searchParams.get('search')).toBe('lagos'),
    );
    expect(callsTo(fetchMock, '/api/journal-entries').at(-1)?.searchParams.get('page')).toBe('1');
  });

  it('reads a capped count of journal entries as "1,000+"', async () => {
    renderApp('/search?q=scam', {
      ...asAdmin,
      ...HITS,
      'GET /api/journal-entries': () => listOf([CALL], 1000, { totalIsCapped: true }),
    });
    expect(await section(/^Journal entries \(1,000\+\)$/)).toBeInTheDocument();
  });

  it('tells a user who may view none of them that there is nothing to search', async () => {
    const { fetchMock } = renderApp('/search?q=scam', { ...as(['tag.view']), ...HITS });
    expect(
      await screen.findByRole('heading', { name: 'You cannot search anything', level: 2 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname)).toEqual([
      '/api/auth/me',
    ]);
  });

  it('without text, says what is searched (what the user may view) and asks nothing', async () => {
    const { fetchMock } = renderApp('/search', { ...as(['case.view', 'evidence.view']), ...HITS });
    expect(await screen.findByRole('heading', { name: 'Type what you are looking for' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Finds cases by title, description or number and evidence by title, file name or text.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search text' })).toHaveValue('');
    // Nothing but the session and the bell's count: no section is asked before there is text.
    expect(
      fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname).sort(),
    ).toEqual(['/api/auth/me', '/api/notifications/unread']);
    await expectNoSeriousViolations(document.querySelector('main') ?? document.body);
  });

  it('writes the text to q 300 ms after the last keystroke, or at once on Enter, replacing the entry', async () => {
    const { router, fetchMock } = renderApp('/search', { ...asAdmin, ...HITS });
    const field = await screen.findByRole('searchbox', { name: 'Search text' });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(field, { target: { value: 'fraud' } });
      await act(() => vi.advanceTimersByTimeAsync(299));
      expect(currentPath(router)).toBe('/search');
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(currentPath(router)).toBe('/search?q=fraud');
      expect(router.state.historyAction).toBe('REPLACE');
    } finally {
      vi.useRealTimers();
    }
    // Sent, the text is written at once, trimmed, without waiting for the 300 ms.
    fireEvent.change(field, { target: { value: ' wire fraud ' } });
    fireEvent.submit(field.closest('form')!);
    expect(currentPath(router)).toBe('/search?q=wire+fraud');
    expect(router.state.historyAction).toBe('REPLACE');
    await section(/^Cases \(12\)$/);
    expect(callsTo(fetchMock, '/api/cases').map((url) => url.searchParams.get('search'))).toContain(
      'wire fraud',
    );
  });
});
