import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Originator } from '@scamtrail/domain/originators';
import { describe, expect, it, vi } from 'vitest';
import { currentPath, json, makeUser, renderApp } from '../../../test/render-app';
import {
  findDialog,
  ITEM,
  listCalls,
  openRowMenu,
  page,
  SECOND,
  setUpRouteTests,
} from './identifiers-test-setup';

setUpRouteTests();

describe('identifiers list', () => {
  it('shows each identifier with evidence, originator and date, dashes for what is missing', async () => {
    renderApp('/identifiers', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () => page([ITEM, SECOND]),
    });
    expect(await screen.findByRole('link', { name: 'scam@example.org' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Identifiers', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Manage and validate identifiers across the system')).toBeInTheDocument();
    const [, first, second] = screen.getAllByRole('row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 4),
    ).toEqual(['scam@example.org', '—', 'Ada Okafor (Team)', 'Nov 20, 2026']);
    expect(
      within(second)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 4),
    ).toEqual(['Zelle: 5551234567', '4', '—', 'Nov 20, 2026']);
    expect(screen.getByText('1–2 of 2 items')).toBeInTheDocument();
  });

  it('shows the originator as a badge that opens Originator Details', async () => {
    const originator: Originator = {
      id: 'o1',
      type: 'team_member',
      name: 'Ada Okafor',
      displayName: 'Ada Okafor (Team)',
      active: true,
      teamMember: {
        userId: 'admin-1',
        firstName: 'Ada',
        lastName: 'Okafor',
        email: 'ada@example.org',
        role: 'admin',
        status: 'active',
      },
      communityMember: null,
      systemName: null,
      description: null,
      webhookUrl: null,
      lastTriggered: null,
      createdAt: '2026-11-01T12:00:00.000Z',
      updatedAt: '2026-11-01T12:00:00.000Z',
    };
    renderApp('/identifiers', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () => page([ITEM]),
      'GET /api/originators/o1': () => json(200, originator),
    });
    await screen.findByRole('link', { name: 'scam@example.org' });
    const originatorCell = within(screen.getAllByRole('row')[1]).getAllByRole('cell')[2];
    const badge = within(originatorCell).getByRole('button', { name: 'Ada Okafor (Team)' });
    expect(badge).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(badge);
    const dialog = await screen.findByRole('dialog', { name: 'Originator Details' });
    expect(within(dialog).getByRole('heading', { name: 'Originator Details' })).toBeInTheDocument();
    expect(await within(dialog).findByText('ada@example.org')).toBeInTheDocument();
  });

  it('offers "Add your first identifier" on an empty, unfiltered list to a user who may create', async () => {
    renderApp('/identifiers', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/identifiers': () => page([]),
    });
    expect(await screen.findByText('No identifiers found')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Identifiers are the e-mail addresses, phone numbers, bank accounts, wallets and social media accounts seen in scams. Add one to start linking cases.',
      ),
    ).toBeInTheDocument();
    // Nothing to page through: no "0–0 of 0 items" under the empty state, as in the other lists.
    expect(screen.queryByText(/of 0 items/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add your first identifier' }));
    expect(await findDialog('Create New Identifier')).toBeInTheDocument();
  });

  it('empties the list and says so when it cannot be loaded', async () => {
    renderApp('/identifiers', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () => json(400, { error: { code: 'BAD_REQUEST', message: 'nope' } }),
    });
    expect(await screen.findByText('Failed to fetch identifiers')).toBeInTheDocument();
    expect(screen.getByText('Please try again')).toBeInTheDocument();
    expect(screen.getByText('Identifiers could not be loaded')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'scam@example.org' })).not.toBeInTheDocument();
  });

  it("says why the list failed with the server's reason, as the other lists do", async () => {
    // The server answered: "the server did not answer" would be wrong, and its reason is the useful part.
    renderApp('/identifiers?type=email', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () =>
        json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is not answering' } }),
    });
    expect(
      await screen.findByText('The database is not answering. Your filters are kept.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/the server did not answer/)).not.toBeInTheDocument();
  });

  it('keeps the search box, and its focus, while a search loads after a failed load', async () => {
    // With nothing to keep on screen, the next load shows the skeleton: the toolbar must stay.
    let answer: ((response: Response) => void) | undefined;
    const { router } = renderApp('/identifiers', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () =>
        router.state.location.search
          ? new Promise<Response>((resolve) => (answer = resolve))
          : json(500, { error: { code: 'INTERNAL', message: 'down' } }),
    });
    expect(await screen.findByText('Identifiers could not be loaded')).toBeInTheDocument();
    const search = screen.getByRole('searchbox');
    await userEvent.type(search, 'gmail');
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.getByRole('searchbox')).toBe(search);
    expect(search).toHaveFocus();
    answer!(page([ITEM]));
    expect(await screen.findByRole('link', { name: 'scam@example.org' })).toBeInTheDocument();
    expect(search).toHaveFocus();
  });

  it('shows the list loading, not "No identifiers found", while a search of an empty list is answered', async () => {
    // The empty page on screen is the previous search's: it says nothing of this one (a slow or
    // stopped server retries for seconds before failing).
    let answer: ((response: Response) => void) | undefined;
    const { router } = renderApp('/identifiers', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () =>
        router.state.location.search ? new Promise<Response>((resolve) => (answer = resolve)) : page([]),
    });
    expect(await screen.findByText('No identifiers found')).toBeInTheDocument();
    const search = screen.getByRole('searchbox');
    await userEvent.type(search, 'gmail');
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.queryByText('No identifiers found')).not.toBeInTheDocument();
    expect(document.querySelector('.cds--data-table.cds--skeleton')).not.toBeNull();
    expect(search).toHaveFocus();
    answer!(page([]));
    expect(await screen.findByText(/No identifier matches "gmail"/)).toBeInTheDocument();
  });

  it('searches 300 ms after typing, back on page 1, and keeps it in the URL', async () => {
    const { router, fetchMock } = renderApp('/identifiers?page=3', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () =>
        page([ITEM], { pagination: { page: 3, pageSize: 25, totalItems: 200, totalPages: 8 } }),
    });
    // Typed with no pause between keys (microtasks only), so however busy the machine, no 300 ms
    // passes between two of them: one request is what the debounce makes, not the machine's speed.
    await userEvent
      .setup({ delay: null })
      .type(await screen.findByPlaceholderText('Search by display value...'), 'gmail');
    await waitFor(() => expect(currentPath(router)).toBe('/identifiers?search=gmail'));
    // Debounced: one request for the whole word, none for the letters typed on the way.
    await waitFor(() =>
      expect(
        listCalls(fetchMock).map((url) => [url.searchParams.get('search'), url.searchParams.get('page')]),
      ).toEqual([
        [null, '3'],
        ['gmail', '1'],
      ]),
    );
  });

  it('searches exactly 300 ms after the last keystroke, not before', async () => {
    const { router, fetchMock } = renderApp('/identifiers', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () => page([ITEM]),
    });
    const search = await screen.findByPlaceholderText('Search by display value...');
    await waitFor(() => expect(listCalls(fetchMock)).toHaveLength(1));
    const searches = () => listCalls(fetchMock).map((url) => url.searchParams.get('search'));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(search, { target: { value: 'gm' } });
      await act(() => vi.advanceTimersByTimeAsync(200));
      // A keystroke before the 300 ms are up starts them again.
      fireEvent.change(search, { target: { value: 'gmail' } });
      await act(() => vi.advanceTimersByTimeAsync(299));
      expect(currentPath(router)).toBe('/identifiers');
      expect(searches()).toEqual([null]);

      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(currentPath(router)).toBe('/identifiers?search=gmail');
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(searches()).toEqual([null, 'gmail']));
  });

  it('filters by type, and Clear filters is enabled only then', async () => {
    const { router } = renderApp('/identifiers?page=2', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () => page([ITEM]),
    });
    const clear = (await screen.findAllByRole('button', { name: 'Clear filters' }))[0];
    expect(clear).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox', { name: /Type/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Phone' }));
    await waitFor(() => expect(currentPath(router)).toBe('/identifiers?type=phone'));
    expect(screen.getAllByRole('button', { name: 'Clear filters' })[0]).toBeEnabled();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]);
    await waitFor(() => expect(currentPath(router)).toBe('/identifiers'));
  });

  it("leaves focus in the empty search box when the toolbar's Clear filters is pressed", async () => {
    const { router } = renderApp('/identifiers?type=phone&search=gmail', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () => page([ITEM]),
    });
    await screen.findByRole('link', { name: 'scam@example.org' });
    const clear = screen.getAllByRole('button', { name: 'Clear filters' })[0];
    clear.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(currentPath(router)).toBe('/identifiers'));
    expect(clear).toBeDisabled();
    const search = screen.getByRole('searchbox', { name: 'Search identifiers' });
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
  });

  it('sorts by the cases an identifier was seen in, from page 1, and asks the server for that order', async () => {
    const { router, fetchMock } = renderApp('/identifiers?page=3', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () => page([ITEM]),
    });
    await screen.findByRole('link', { name: 'scam@example.org' });
    await userEvent.click(screen.getByRole('combobox', { name: /Sort by/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Seen in most cases' }));
    await waitFor(() => expect(currentPath(router)).toBe('/identifiers?sort=most_cases'));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.searchParams.get('sort')).toBe('most_cases'));
    // Not a filter: Clear filters stays disabled.
    expect(screen.getAllByRole('button', { name: 'Clear filters' })[0]).toBeDisabled();
  });

  it('takes the search from the header search (URL) into the box', async () => {
    renderApp('/identifiers?search=scam', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () => page([]),
    });
    expect(await screen.findByPlaceholderText('Search by display value...')).toHaveValue('scam');
    expect(await screen.findByText('No identifier matches "scam".')).toBeInTheDocument();
  });

  it('shows "10,000+" when the total is an estimate', async () => {
    renderApp('/identifiers', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () =>
        page([ITEM], {
          totalIsEstimate: true,
          pagination: { page: 1, pageSize: 25, totalItems: 250000, totalPages: 10000 },
        }),
    });
    expect(await screen.findByText('1–25 of 10,000+ items')).toBeInTheDocument();
  });

  it('offers a viewer no Add Identifier, Import, Edit or Delete', async () => {
    renderApp('/identifiers', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'GET /api/identifiers': () => page([ITEM]),
    });
    await screen.findByRole('link', { name: 'scam@example.org' });
    expect(screen.queryByRole('button', { name: 'Add Identifier' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    expect(await openRowMenu('scam@example.org')).toEqual(['View details']);
  });
});
