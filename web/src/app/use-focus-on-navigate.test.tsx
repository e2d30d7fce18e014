import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupDetail } from '@scamtrail/domain/groups';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeUser, renderApp } from '../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const GROUP_ID = '11111111-1111-4111-8111-111111111111';
const GROUP: GroupDetail = {
  id: GROUP_ID,
  name: 'Secret Ops',
  description: '',
  memberCount: 0,
  caseCount: 0,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  members: [],
};
const EMPTY_LIST = { data: [], pagination: { page: 1, pageSize: 25, total: 0, totalPages: 0 } };

function heading(name: string) {
  return screen.findByRole('heading', { level: 1, name });
}

/**
 * Moves from /groups to a group whose record has not come yet, once the loading page's heading has
 * focus; answers the function that sends the record.
 */
async function openGroupWhileItLoads(): Promise<(response: Response) => void> {
  let answer: ((response: Response) => void) | undefined;
  const { router } = renderApp('/groups', {
    'GET /api/auth/me': () => json(200, makeUser('admin')),
    'GET /api/groups': () => json(200, EMPTY_LIST),
    [`GET /api/groups/${GROUP_ID}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
  });
  await heading('Groups');
  await act(() => router.navigate(`/groups/${GROUP_ID}`));
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  await waitFor(() => expect(answer).toBeDefined());
  return answer!;
}

describe('focus on navigation', () => {
  it('leaves focus alone on the first page, then puts it on the heading of each page moved to', async () => {
    const { router } = renderApp('/groups', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/groups': () => json(200, EMPTY_LIST),
    });
    await heading('Groups');
    expect(document.activeElement).toBe(document.body);

    const nav = screen.getByRole('navigation', { name: 'Side navigation' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Identifiers' }));
    const identifiers = await heading('Identifiers');
    await waitFor(() => expect(identifiers).toHaveFocus());
    // Focusable for this, but not a stop of the Tab order.
    expect(identifiers).toHaveAttribute('tabindex', '-1');

    await act(() => router.navigate('/groups'));
    const groups = await heading('Groups');
    await waitFor(() => expect(groups).toHaveFocus());
  });

  it('keeps focus on the heading while a detail page loads its record', async () => {
    // The skeleton's heading first, then the record's, which replaces it.
    const answer = await openGroupWhileItLoads();
    answer(json(200, GROUP));
    const loaded = await heading('Secret Ops');
    await waitFor(() => expect(loaded).toHaveFocus());
  });

  it('keeps focus where it is when only the query changes (a search, a filter, a page)', async () => {
    const { router } = renderApp('/identifiers', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
    });
    await heading('Identifiers');
    const search = await screen.findByRole('searchbox');
    await userEvent.type(search, 'gmail');
    await waitFor(() => expect(router.state.location.search).toContain('gmail'));
    expect(search).toHaveFocus();
  });

  it('stops once the person moves focus themselves', async () => {
    const answer = await openGroupWhileItLoads();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    act(() => skip.focus());
    answer(json(200, GROUP));
    await heading('Secret Ops');
    expect(skip).toHaveFocus();
  });
});
