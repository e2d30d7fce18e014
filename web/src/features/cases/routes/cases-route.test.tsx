import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, json, makeUser, renderApp } from '../../../test/render-app';
import { CASE, casePage, GROUP, options, TAG, UNASSIGNED } from './cases-test-data';
import { timeText } from '../../../test/time-text';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function listCalls(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/cases');
}

describe('cases list', () => {
  it('shows each case with its number, status, priority, scam type, assignees, entries and last activity', async () => {
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/cases': () => casePage([CASE, UNASSIGNED]),
      ...options,
    });
    const link = await screen.findByRole('link', { name: '#42 Romance scam, wire to Lagos' });
    expect(link).toHaveAttribute('href', `/cases/${CASE.id}`);
    const [, first, second] = screen.getAllByRole('row');
    // After the box that chooses the row (an administrator may change cases at once).
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .slice(1, 8)
        .map((cell) => cell.textContent);
    expect(cells(first)).toEqual([
      '#42 Romance scam, wire to Lagos',
      'In progress',
      'High',
      'Romance',
      'Ada Okafor, Ben Ito +1',
      '12',
      timeText('Nov 20, 2026, 12:00 PM'),
    ]);
    expect(cells(second)).toEqual([
      '#7 Fake shop',
      'Open',
      'Low',
      '—',
      'Unassigned',
      '0',
      timeText('Nov 20, 2026, 12:00 PM'),
    ]);
    expect(screen.getByText('1–2 of 2 items')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New case' })).toBeInTheDocument();
  });

  it('shows a dash, never 0, for the entries of a case when the server leaves the count out', async () => {
    // A reader without journal_entry.view: the server counts no entries (nor evidence).
    const { entryCount: _entries, evidenceCount: _evidence, ...uncounted } = CASE;
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'GET /api/cases': () => casePage([uncounted]),
      ...options,
    });
    const link = await screen.findByRole('link', { name: '#42 Romance scam, wire to Lagos' });
    const row = link.closest('tr')!;
    const entries = screen.getAllByRole('columnheader').findIndex((h) => h.textContent === 'Entries');
    expect(entries).toBeGreaterThan(0);
    expect(within(row).getAllByRole('cell')[entries]).toHaveTextContent(/^—$/);
  });

  it('filters by status, back on page 1, keeps it in the URL and asks the server for it', async () => {
    const { router, fetchMock } = renderApp('/cases?page=2', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/cases': () => casePage([CASE], 60),
      ...options,
    });
    await screen.findByRole('link', { name: /#42/ });
    await userEvent.click(screen.getByRole('combobox', { name: /Status/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Closed' }));
    await waitFor(() => expect(currentPath(router)).toBe('/cases?status=closed'));
    await waitFor(() =>
      expect(
        listCalls(fetchMock).map((url) => [url.searchParams.get('status'), url.searchParams.get('page')]),
      ).toEqual([
        [null, '2'],
        ['closed', '1'],
      ]),
    );
    expect(screen.getByRole('combobox', { name: /Status/ })).toHaveTextContent('Status: Closed');
  });

  it('searches titles 300 ms after typing, in one request', async () => {
    const { router, fetchMock } = renderApp('/cases?page=3&sort=priority', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/cases': () => casePage([CASE], 100),
      ...options,
    });
    // Typed with no pause between keys (microtasks only), so however busy the machine, no 300 ms
    // passes between two of them: one request is what the debounce makes, not the machine's speed.
    await userEvent
      .setup({ delay: null })
      .type(await screen.findByRole('searchbox', { name: 'Search cases' }), 'wire');
    await waitFor(() => expect(currentPath(router)).toBe('/cases?search=wire&sort=priority'));
    await waitFor(() =>
      expect(listCalls(fetchMock).map((url) => url.searchParams.get('search'))).toEqual([null, 'wire']),
    );
    expect(listCalls(fetchMock)[1].searchParams.get('sort')).toBe('priority');
  });

  it('sorts by priority from its column header, and turns around when pressed again', async () => {
    const { router } = renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/cases': () => casePage([CASE]),
      ...options,
    });
    await screen.findByRole('link', { name: /#42/ });
    await userEvent.click(screen.getByRole('button', { name: /Priority/ }));
    await waitFor(() => expect(currentPath(router)).toBe('/cases?sort=priority'));
    await userEvent.click(screen.getByRole('button', { name: /Priority/ }));
    await waitFor(() => expect(currentPath(router)).toBe('/cases?sort=priority&direction=asc'));
    expect(screen.getByRole('combobox', { name: /Sort by/ })).toHaveTextContent(
      'Sort: Priority, lowest first',
    );
  });

  it('offers "Assigned to me" with the signed-in user, and a tag filter', async () => {
    const { router, fetchMock } = renderApp('/cases', {
      'GET /api/auth/me': () =>
        json(200, makeUser('investigator', { id: 'b3f7c2a0-1d2e-4f3a-8b4c-5d6e7f8a9b0c' })),
      'GET /api/cases': () => casePage([CASE]),
      ...options,
    });
    await screen.findByRole('link', { name: /#42/ });
    await userEvent.click(screen.getByRole('combobox', { name: 'Assignee' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Assigned to me' }));
    await waitFor(() =>
      expect(currentPath(router)).toBe('/cases?assigneeId=b3f7c2a0-1d2e-4f3a-8b4c-5d6e7f8a9b0c'),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Tag' }));
    await userEvent.click(await screen.findByRole('option', { name: 'money-mule' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.searchParams.get('tagId')).toBe(TAG.id));
    expect(listCalls(fetchMock).at(-1)?.searchParams.get('assigneeId')).toBe(
      'b3f7c2a0-1d2e-4f3a-8b4c-5d6e7f8a9b0c',
    );
  });

  it('keeps the name of an assignee found by a search once the list answers another', async () => {
    const ZOE = { id: '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', fullName: 'Zoe Mbeki' };
    const { router } = renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/cases': () => casePage([CASE]),
      ...options,
      // Zoe is found by her name only: the list for no search is someone else's first page.
      'GET /api/cases/assignable-users': (_init, url) =>
        json(200, {
          data: url.searchParams.get('search') === 'zoe' ? [ZOE] : [],
          pagination: { page: 1, pageSize: 50, totalItems: 1, totalPages: 1 },
        }),
    });
    await screen.findByRole('link', { name: /#42/ });
    const filter = screen.getByRole('combobox', { name: 'Assignee' });
    await userEvent.type(filter, 'zoe');
    await userEvent.click(await screen.findByRole('option', { name: 'Zoe Mbeki' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/cases?assigneeId=${ZOE.id}`));
    // The list asked for no search once she was chosen, and answered without her.
    await userEvent.click(screen.getByRole('combobox', { name: 'Tag' }));
    await userEvent.click(await screen.findByRole('option', { name: 'money-mule' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/cases?assigneeId=${ZOE.id}&tagId=${TAG.id}`));
    expect(filter).toHaveValue('Assignee: Zoe Mbeki');
  });

  it('reopened on a chosen tag, offers every tag, and narrows them only by what is typed', async () => {
    const PHISHING = { id: '7b2e4f5a-2c3d-4e6f-9a01-b2c3d4e5f6a7', name: 'phishing', color: 'red' };
    const { router } = renderApp(`/cases?tagId=${TAG.id}`, {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/cases': () => casePage([]),
      ...options,
      'GET /api/tags': () =>
        json(200, {
          data: [TAG, PHISHING],
          pagination: { page: 1, pageSize: 500, totalItems: 2, totalPages: 1 },
        }),
    });
    const filter = await screen.findByRole('combobox', { name: 'Tag' });
    expect(filter).toHaveValue('Tag: money-mule');
    await userEvent.click(filter);
    const listbox = await screen.findByRole('listbox', { name: 'Tag' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['money-mule', 'phishing']);
    await userEvent.clear(filter);
    await userEvent.type(filter, 'PHI');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['phishing']);
    await userEvent.click(within(listbox).getByRole('option', { name: 'phishing' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/cases?tagId=${PHISHING.id}`));
  });

  it('filters by a group from a link, or by no group, and clears the group with the other filters', async () => {
    const { router, fetchMock } = renderApp(`/cases?groupId=${GROUP.id}`, {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/cases': () => casePage([]),
      ...options,
    });
    // The empty list says the filters are why, and the filter names the group of the link.
    expect(await screen.findByRole('heading', { name: 'No cases match' })).toBeInTheDocument();
    expect(listCalls(fetchMock)[0].searchParams.get('groupId')).toBe(GROUP.id);
    const filter = await screen.findByRole('combobox', { name: 'Group' });
    expect(filter).toHaveValue('Group: Fraud desk');
    // Reopened on the group, it offers every choice, not the chosen group alone.
    await userEvent.click(filter);
    await userEvent.click(await screen.findByRole('option', { name: 'No group' }));
    await waitFor(() => expect(currentPath(router)).toBe('/cases?groupId=none'));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.searchParams.get('groupId')).toBe('none'));
    const clear = screen.getAllByRole('button', { name: 'Clear filters' })[0];
    expect(clear).toBeEnabled();
    await userEvent.click(clear);
    await waitFor(() => expect(currentPath(router)).toBe('/cases'));
    expect(screen.getByRole('combobox', { name: 'Group' })).toHaveValue('');
    expect(listCalls(fetchMock).at(-1)?.searchParams.has('groupId')).toBe(false);
  });

  it('names a group of a link that is not listed (deleted since) as the chosen one, and clears it', async () => {
    const gone = '99999999-8888-4777-8666-555555555555';
    const { router } = renderApp(`/cases?groupId=${gone}`, {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/cases': () => casePage([]),
      ...options,
    });
    const filter = await screen.findByRole('combobox', { name: 'Group' });
    expect(filter).toHaveValue('Group: Chosen group');
    await userEvent.click(screen.getByRole('button', { name: 'Clear selected item' }));
    await waitFor(() => expect(currentPath(router)).toBe('/cases'));
  });

  it('leaves the group filter out for a reader who may not list groups, and does not ask for them', async () => {
    const { fetchMock } = renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('viewer', { permissions: ['case.view', 'tag.view'] })),
      'GET /api/cases': () => casePage([CASE]),
      ...options,
    });
    await screen.findByRole('link', { name: /#42/ });
    expect(await screen.findByRole('combobox', { name: 'Tag' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Group' })).not.toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
    expect(asked).not.toContain('/api/groups');
  });

  it('leaves the tag filter out for a reader who may not read tags', async () => {
    const { fetchMock } = renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('viewer', { permissions: ['case.view', 'group.view'] })),
      'GET /api/cases': () => casePage([CASE]),
      ...options,
      'GET /api/tags': () => json(403, { error: { code: 'FORBIDDEN', message: 'Forbidden' } }),
    });
    await screen.findByRole('link', { name: /#42/ });
    expect(await screen.findByRole('combobox', { name: 'Group' })).toBeInTheDocument();
    // The tags are not even asked for: the server would refuse them.
    const asked = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
    expect(asked).not.toContain('/api/tags');
    expect(screen.queryByRole('combobox', { name: 'Tag' })).not.toBeInTheDocument();
  });

  it('drops a tag and a group the reader may not see from a link: not asked for, off the URL, and said', async () => {
    const tagId = '22222222-2222-4222-8222-222222222222';
    const groupId = '33333333-3333-4333-8333-333333333333';
    const { router, fetchMock } = renderApp(`/cases?tagId=${tagId}&groupId=${groupId}&status=open`, {
      'GET /api/auth/me': () => json(200, makeUser('viewer', { permissions: ['case.view'] })),
      'GET /api/cases': () => casePage([CASE]),
      ...options,
    });
    await screen.findByRole('link', { name: /#42/ });
    // The server would refuse the whole list (403) for either: neither is ever asked for.
    const asked = listCalls(fetchMock).map((url) => url.searchParams);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.some((search) => search.has('tagId') || search.has('groupId'))).toBe(false);
    expect(asked.at(-1)!.get('status')).toBe('open');
    // Replaced, so Back does not return to the link that named them.
    await waitFor(() => expect(currentPath(router)).toBe('/cases?status=open'));
    expect(router.state.historyAction).toBe('REPLACE');
    const notice = screen.getByText('Filters removed').closest('.cds--inline-notification')!;
    expect(notice).toHaveTextContent(
      'The link filtered this list by a tag and a group, and you may not see tags or groups',
    );
    await userEvent.click(within(notice as HTMLElement).getByRole('button', { name: /close/i }));
    expect(screen.queryByText('Filters removed')).not.toBeInTheDocument();
  });

  it('keeps "No group" for a reader who may not see groups: it names none', async () => {
    const { router, fetchMock } = renderApp('/cases?groupId=none', {
      'GET /api/auth/me': () => json(200, makeUser('viewer', { permissions: ['case.view'] })),
      'GET /api/cases': () => casePage([CASE]),
      ...options,
    });
    await screen.findByRole('link', { name: /#42/ });
    expect(listCalls(fetchMock).at(-1)!.searchParams.get('groupId')).toBe('none');
    expect(currentPath(router)).toBe('/cases?groupId=none');
    expect(screen.queryByText('Filter removed')).not.toBeInTheDocument();
  });

  it('names the reason when the server still refuses a filter, and offers to clear the filters', async () => {
    const tagId = '22222222-2222-4222-8222-222222222222';
    // The session said tag.view; the server, which knows better (a role changed since), refuses.
    const { router } = renderApp(`/cases?tagId=${tagId}`, {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/cases': (_init, url) =>
        url.searchParams.has('tagId')
          ? json(403, {
              // The web reads the parameter from the details, whatever the message's words.
              error: {
                code: 'FORBIDDEN',
                message: 'Tags are not yours to read',
                details: {
                  fields: [{ field: 'tagId', message: 'Tags are not yours to read', permission: 'tag.view' }],
                },
              },
            })
          : casePage([CASE]),
      ...options,
    });
    const failure = (
      await screen.findByText(
        'You may not see tags, so this list cannot be filtered by a tag. Clear the filters to see it.',
      )
    ).closest<HTMLElement>('.empty-state')!;
    // Try again would be refused again: the way out is to clear the filters.
    expect(within(failure).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await userEvent.click(within(failure).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentPath(router)).toBe('/cases'));
    await screen.findByRole('link', { name: /#42/ });
  });

  it('says when no case matches the filters, and clears them', async () => {
    const { router } = renderApp('/cases?status=archived&search=nothing', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/cases': () => casePage([]),
      ...options,
    });
    expect(await screen.findByRole('heading', { name: 'No cases match' })).toBeInTheDocument();
    expect(screen.getByText(/No case title contains "nothing"/)).toBeInTheDocument();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await userEvent.click(clear[clear.length - 1]);
    await waitFor(() => expect(currentPath(router)).toBe('/cases'));
    expect(screen.getByRole('searchbox', { name: 'Search cases' })).toHaveValue('');
  });

  it('shows the list loading, not "No cases match", while a search of an empty list is answered', async () => {
    let answer: ((response: Response) => void) | undefined;
    const { router } = renderApp('/cases?status=archived', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/cases': () =>
        router.state.location.search.includes('search=')
          ? new Promise<Response>((resolve) => (answer = resolve))
          : casePage([]),
      ...options,
    });
    expect(await screen.findByRole('heading', { name: 'No cases match' })).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: 'Search cases' });
    await userEvent.type(search, 'lagos');
    await waitFor(() => expect(answer).toBeDefined());
    // The empty page on screen is the unsearched one's: it says nothing of this search yet.
    expect(screen.queryByRole('heading', { name: 'No cases match' })).not.toBeInTheDocument();
    expect(document.querySelector('.cds--skeleton')).not.toBeNull();
    expect(search).toHaveFocus();
    answer!(casePage([]));
    expect(await screen.findByRole('heading', { name: 'No cases match' })).toBeInTheDocument();
    expect(screen.getByText(/No case title contains "lagos"/)).toBeInTheDocument();
  });

  it('keeps the cases on screen while the next page loads', async () => {
    let answer: ((response: Response) => void) | undefined;
    const { router } = renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/cases': () =>
        router.state.location.search.includes('page=2')
          ? new Promise<Response>((resolve) => (answer = resolve))
          : casePage([CASE], 100),
      ...options,
    });
    await screen.findByRole('link', { name: '#42 Romance scam, wire to Lagos' });
    await userEvent.click(screen.getAllByRole('button', { name: 'Next page' })[0]);
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.getByRole('link', { name: '#42 Romance scam, wire to Lagos' })).toBeInTheDocument();
    expect(document.querySelector('.cds--skeleton')).toBeNull();
    answer!(casePage([UNASSIGNED], 100));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: '#42 Romance scam, wire to Lagos' })).not.toBeInTheDocument(),
    );
  });

  it("leaves focus in the empty search box when the toolbar's Clear filters is pressed", async () => {
    const { router } = renderApp('/cases?status=open&search=lagos', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/cases': () => casePage([CASE]),
      ...options,
    });
    await screen.findByRole('link', { name: '#42 Romance scam, wire to Lagos' });
    // The toolbar's, the first: it is disabled once the filters are cleared.
    const clear = screen.getAllByRole('button', { name: 'Clear filters' })[0];
    clear.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(currentPath(router)).toBe('/cases'));
    expect(clear).toBeDisabled();
    const search = screen.getByRole('searchbox', { name: 'Search cases' });
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
  });

  it('invites the first case when there is none, to those who may create one', async () => {
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/cases': () => casePage([]),
      ...options,
    });
    expect(await screen.findByRole('heading', { name: 'No cases yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New case' })).toHaveLength(2);
  });

  it('offers a viewer no New case and no Edit', async () => {
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'GET /api/cases': () => casePage([CASE]),
      ...options,
    });
    await screen.findByRole('link', { name: /#42/ });
    expect(screen.queryByRole('button', { name: 'New case' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Actions for #42 ${CASE.title}` }));
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(
      within(menu)
        .queryAllByRole('menuitem', { hidden: true })
        .map((item) => item.textContent),
    ).toEqual(['Open case']);
  });

  it('says the list could not be loaded and tries again', async () => {
    let fail = true;
    renderApp('/cases?status=open', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/cases': () =>
        fail ? json(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } }) : casePage([CASE]),
      ...options,
    });
    expect(await screen.findByRole('heading', { name: 'Cases could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText(/Something went wrong/)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /#42/ })).toBeInTheDocument();
  });
});
