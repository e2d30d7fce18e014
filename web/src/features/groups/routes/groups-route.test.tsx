import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeUser, renderApp } from '../../../test/render-app';

const NO_GROUPS = { data: [], pagination: { page: 1, pageSize: 25, totalItems: 0, totalPages: 1 } };

describe('groups', () => {
  it('offers to create the first group from the empty list', async () => {
    renderApp('/groups', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/groups': () => json(200, NO_GROUPS),
    });
    expect(await screen.findByRole('heading', { name: 'No groups yet' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create your first group' }));
    expect(await screen.findByRole('dialog', { name: 'New group' })).toBeVisible();
  });

  it('offers a viewer, who may not create groups, nothing to press', async () => {
    renderApp('/groups', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'GET /api/groups': () => json(200, NO_GROUPS),
    });
    expect(await screen.findByRole('heading', { name: 'No groups yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create your first group' })).not.toBeInTheDocument();
  });

  it('shows the list loading, not "No groups match", while a search of an empty list is answered', async () => {
    let answer: ((response: Response) => void) | undefined;
    const { router } = renderApp('/groups', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/groups': () =>
        router.state.location.search
          ? new Promise<Response>((resolve) => (answer = resolve))
          : json(200, NO_GROUPS),
    });
    expect(await screen.findByRole('heading', { name: 'No groups yet' })).toBeInTheDocument();
    const search = screen.getByRole('searchbox');
    await userEvent.type(search, 'desk');
    await waitFor(() => expect(answer).toBeDefined());
    // The empty page on screen is the unfiltered one's: it says nothing of this search yet.
    expect(screen.queryByRole('heading', { name: 'No groups yet' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No groups match' })).not.toBeInTheDocument();
    expect(document.querySelector('.cds--skeleton')).not.toBeNull();
    expect(search).toHaveFocus();
    answer!(json(200, NO_GROUPS));
    expect(await screen.findByRole('heading', { name: 'No groups match' })).toBeInTheDocument();
  });

  it('says why the list could not be loaded, and loads it again on Try again', async () => {
    let refuse = true;
    renderApp('/groups', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/groups': () =>
        refuse
          ? json(400, { error: { code: 'BAD_REQUEST', message: 'The list could not be read' } })
          : json(200, NO_GROUPS),
    });
    expect(await screen.findByText('Failed to load groups')).toBeVisible();
    // No filter is set: the text does not say the filters are kept.
    expect(screen.getByText('The list could not be read.')).toBeVisible();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No groups yet' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load groups')).toBeNull();
  });

  it('says the search is kept when the list of a search could not be loaded', async () => {
    renderApp('/groups?search=fraud', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/groups': () =>
        json(400, { error: { code: 'BAD_REQUEST', message: 'The list could not be read' } }),
    });
    expect(await screen.findByText('Failed to load groups')).toBeVisible();
    expect(screen.getByText('The list could not be read. Your filters are kept.')).toBeVisible();
  });

  it('shows a dash, never 0, in the Cases column when the server leaves the count out, and links counted cases', async () => {
    const group = (id: string, name: string, caseCount?: number) => ({
      id,
      name,
      description: '',
      memberCount: 3,
      ...(caseCount === undefined ? {} : { caseCount }),
      createdAt: '2026-11-20T12:00:00.000Z',
      updatedAt: '2026-11-20T12:00:00.000Z',
    });
    renderApp('/groups', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'GET /api/groups': () =>
        json(200, {
          data: [group('g1', 'Counted', 0), group('g2', 'Uncounted'), group('g3', 'Busy', 3)],
          pagination: { page: 1, pageSize: 25, totalItems: 3, totalPages: 1 },
        }),
    });
    const cellsOf = async (name: string) =>
      within((await screen.findByText(name)).closest('tr')!).getAllByRole('cell');
    const counted = await cellsOf('Counted');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    const cases = headers.indexOf('Cases');
    expect(cases).toBeGreaterThan(0);
    expect(counted[cases]).toHaveTextContent(/^0$/);
    expect(within(counted[cases]).queryByRole('link')).not.toBeInTheDocument();
    const uncounted = (await cellsOf('Uncounted'))[cases];
    expect(uncounted).toHaveTextContent(/^—$/);
    expect(within(uncounted).queryByRole('link')).not.toBeInTheDocument();
    // A count of cases the reader sees opens them, in the case list filtered to the group.
    const busy = (await cellsOf('Busy'))[cases];
    // Under the Cases header the number alone reads well; the link's name says whose cases.
    const link = within(busy).getByRole('link', { name: '3 cases of Busy' });
    expect(link).toHaveTextContent(/^3$/);
    expect(link).toHaveAttribute('href', '/cases?groupId=g3');
  });
});
