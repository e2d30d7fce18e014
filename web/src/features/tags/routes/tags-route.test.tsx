import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentPath, json, makeUser, renderApp } from '../../../test/render-app';

const NO_TAGS = { data: [], pagination: { page: 1, pageSize: 25, totalItems: 0, totalPages: 1 } };

describe('tags', () => {
  it('offers to create the first tag from the empty list', async () => {
    renderApp('/tags', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/tags': () => json(200, NO_TAGS),
    });
    expect(await screen.findByRole('heading', { name: 'No tags yet' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create your first tag' }));
    expect(await screen.findByRole('dialog', { name: 'New tag' })).toBeVisible();
  });

  it('shows the list loading, not "No tags match", while a search of an empty list is answered', async () => {
    let answer: ((response: Response) => void) | undefined;
    const { router } = renderApp('/tags', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/tags': () =>
        router.state.location.search
          ? new Promise<Response>((resolve) => (answer = resolve))
          : json(200, NO_TAGS),
    });
    expect(await screen.findByRole('heading', { name: 'No tags yet' })).toBeInTheDocument();
    const search = screen.getByRole('searchbox');
    await userEvent.type(search, 'crypto');
    await waitFor(() => expect(answer).toBeDefined());
    // The empty page on screen is the unfiltered one's: it says nothing of this search yet.
    expect(screen.queryByRole('heading', { name: 'No tags yet' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No tags match' })).not.toBeInTheDocument();
    expect(document.querySelector('.cds--skeleton')).not.toBeNull();
    expect(search).toHaveFocus();
    answer!(json(200, NO_TAGS));
    expect(await screen.findByRole('heading', { name: 'No tags match' })).toBeInTheDocument();
  });

  it('shows a dash, not 0, for a count the server leaves out', async () => {
    renderApp('/tags', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/tags': () =>
        json(200, {
          data: [
            {
              id: '11111111-1111-4111-8111-111111111111',
              name: 'wire fraud',
              color: 'red',
              description: '',
              // Read with a key holding identifier.view but neither case.view nor evidence.view.
              usage: { identifiers: 3, total: 3 },
              createdAt: '2025-03-04T09:00:00.000Z',
              updatedAt: '2025-03-04T09:00:00.000Z',
            },
          ],
          pagination: { ...NO_TAGS.pagination, totalItems: 1 },
        }),
    });
    const row = (await screen.findByText('wire fraud')).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['wire fraud', '—', '3', '—', '—', '3', 'Actions for wire fraud']);
  });

  it('keeps its search and page in the URL: a shared link shows the same view, a new search page 1', async () => {
    const { router, fetchMock } = renderApp('/tags?search=wire&page=2', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/tags': () => json(200, { ...NO_TAGS, pagination: { ...NO_TAGS.pagination, page: 2 } }),
    });
    const asked = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/tags')
        .map((url) => url.search);
    await waitFor(() => expect(asked()).toContain('?search=wire&page=2&pageSize=25'));
    const box = await screen.findByRole('searchbox');
    expect(box).toHaveValue('wire');

    await userEvent.clear(box);
    await userEvent.type(box, 'crypto');
    await waitFor(() => expect(currentPath(router)).toBe('/tags?search=crypto'));
    await waitFor(() => expect(asked()).toContain('?search=crypto&page=1&pageSize=25'));
  });
});
