import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@scamtrail/domain/notifications';
import { expectNoSeriousViolations } from '../../../test/axe';
import { currentPath, json, makeUser, renderApp } from '../../../test/render-app';
import { useToast } from '../../../components/toasts/toast-context';
import { ToastProvider } from '../../../components/toasts/toast-provider';
import NotificationsContent from './notifications-content';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CASE_REF = { id: 'c-42', number: 42, title: 'Romance scam, wire to Lagos', status: 'open' as const };
const ENTRY_ADDED: Notification = {
  event: {
    id: 120,
    action: 'journal_entry.created',
    subjectType: 'journal_entry',
    subjectId: 'je-1',
    actor: { kind: 'user', name: 'Ada Okafor', apiKeyId: null },
    before: null,
    after: { type: 'call', description: 'Called the bank' },
    names: {},
    createdAt: '2026-11-21T09:30:00.000Z',
  },
  case: CASE_REF,
  unread: true,
};
const CLOSED: Notification = {
  event: {
    ...ENTRY_ADDED.event,
    id: 100,
    action: 'case.closed',
    subjectType: 'case',
    subjectId: 'c-42',
    actor: { kind: 'api_key', name: 'Bank feed', apiKeyId: 'k-1' },
    createdAt: '2026-11-20T08:00:00.000Z',
  },
  case: CASE_REF,
  unread: false,
};

const list = (data: Notification[], totalItems = data.length) =>
  json(200, {
    data,
    pagination: { page: 1, pageSize: 10, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / 10)) },
    totalIsCapped: false,
  });

function seenBodies(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith('/api/notifications/seen') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

const bell = (name: string | RegExp) => screen.findByRole('button', { name });

describe('notifications of activity on the user’s cases', () => {
  it('shows the unread count on the bell, lists the activity, and marks it seen once shown', async () => {
    let unread = 3;
    const { fetchMock } = renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/notifications/unread': () => json(200, { unread, isCapped: false }),
      'GET /api/notifications': () => list([ENTRY_ADDED, CLOSED]),
      'POST /api/notifications/seen': () => {
        unread = 0;
        return new Response(null, { status: 204 });
      },
    });
    const button = await bell('Notifications, 3 unread');
    expect(button).toHaveTextContent('3');

    await userEvent.click(button);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const activity = await within(panel).findByRole('list', { name: 'Activity on your cases, newest first' });
    const [first, second] = within(activity).getAllByRole('listitem');
    expect(first).toHaveTextContent('Unread: Ada Okafor · Added a journal entry');
    expect(within(first).getByRole('link', { name: '#42 Romance scam, wire to Lagos' })).toHaveAttribute(
      'href',
      '/cases/c-42',
    );
    expect(first).toHaveTextContent('Nov 21, 2026, 9:30 AM');
    expect(second).toHaveTextContent('Bank feed · Closed the case');
    expect(second).not.toHaveTextContent('Unread');

    await waitFor(() => expect(seenBodies(fetchMock)).toEqual([{ upTo: 120 }]));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications' })).not.toHaveTextContent('3'),
    );
    // The list keeps its marks until it is next loaded.
    expect(first).toHaveTextContent('Unread');
    await expectNoSeriousViolations(panel);
  });

  it('says "Assigned you" for the event that put the user on the case', async () => {
    const assignedYou: Notification = {
      ...CLOSED,
      event: {
        ...CLOSED.event,
        id: 130,
        action: 'case.updated',
        actor: { kind: 'user', name: 'Ada Okafor', apiKeyId: null },
        before: { assigneeIds: ['someone-else'] },
        after: { assigneeIds: ['investigator-1', 'someone-else'] },
      },
    };
    const createdForYou: Notification = {
      ...assignedYou,
      event: { ...assignedYou.event, id: 131, action: 'case.created', before: null },
    };
    const reassigned: Notification = {
      ...assignedYou,
      event: {
        ...assignedYou.event,
        id: 132,
        before: { assigneeIds: ['investigator-1'] },
        after: { assigneeIds: ['investigator-1', 'another'] },
      },
    };
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/notifications/unread': () => json(200, { unread: 0, isCapped: false }),
      'GET /api/notifications': () => list([reassigned, createdForYou, assignedYou]),
    });
    await userEvent.click(await bell('Notifications'));
    const activity = await screen.findByRole('list', { name: 'Activity on your cases, newest first' });
    expect(
      within(activity)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual([
      'Ada Okafor · Updated the case',
      'Ada Okafor · Created the case and assigned you',
      'Ada Okafor · Assigned you to the case',
    ]);
  });

  it('names a linked case the user may not see as such, never by an id or as undefined', async () => {
    const linkedHidden: Notification = {
      ...CLOSED,
      event: {
        ...CLOSED.event,
        id: 140,
        action: 'case.linked',
        before: null,
        after: { linkedCaseId: { hidden: 'case' } },
      },
    };
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/notifications/unread': () => json(200, { unread: 0, isCapped: false }),
      'GET /api/notifications': () => list([linkedHidden]),
    });
    await userEvent.click(await bell('Notifications'));
    const activity = await screen.findByRole('list', { name: 'Activity on your cases, newest first' });
    expect(within(activity).getByRole('listitem').querySelector('p')?.textContent).toBe(
      'Bank feed · Linked a case you cannot see',
    );
  });

  it('reads "99+" past the cap, and marks nothing seen when nothing is unread', async () => {
    const { fetchMock } = renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/notifications/unread': () => json(200, { unread: 100, isCapped: true }),
      'GET /api/notifications': () => list([{ ...ENTRY_ADDED, unread: false }]),
    });
    await userEvent.click(await bell('Notifications, 99+ unread'));
    await screen.findByRole('list', { name: 'Activity on your cases, newest first' });
    expect(seenBodies(fetchMock)).toEqual([]);
  });

  it('counts again when the window gets focus back, not only every minute', async () => {
    let unread = 3;
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/notifications/unread': () => json(200, { unread, isCapped: false }),
    });
    await bell('Notifications, 3 unread');
    unread = 5;
    // What the browser fires when the person comes back to the tab.
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await bell('Notifications, 5 unread')).toHaveTextContent('5');
  });

  it('opens the case from its notification and closes the panel', async () => {
    const { router } = renderApp('/groups', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/notifications/unread': () => json(200, { unread: 0, isCapped: false }),
      'GET /api/notifications': () => list([{ ...ENTRY_ADDED, unread: false }]),
    });
    await userEvent.click(await bell('Notifications'));
    await userEvent.click(await screen.findByRole('link', { name: '#42 Romance scam, wire to Lagos' }));
    await waitFor(() => expect(currentPath(router)).toBe('/cases/c-42'));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('keeps focus on the pager when Older or Newer loads another page', async () => {
    const older = { ...CLOSED, event: { ...CLOSED.event, id: 90 } };
    let calls = 0;
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/notifications/unread': () => json(200, { unread: 0, isCapped: false }),
      // Page 1, then page 2 (the last), then page 1 again: 11 items in all.
      'GET /api/notifications': () => (calls++ % 2 === 0 ? list([ENTRY_ADDED], 11) : list([older], 11)),
    });
    await userEvent.click(await bell('Notifications'));
    const panel = await screen.findByRole('region', { name: 'Notifications' });

    await userEvent.click(await within(panel).findByRole('button', { name: 'Older' }));
    // Older is gone on the last page: focus goes to Newer, not to <body>.
    const newer = await within(panel).findByRole('button', { name: 'Newer' });
    await waitFor(() => expect(newer).toHaveFocus());
    expect(within(panel).queryByRole('button', { name: 'Older' })).not.toBeInTheDocument();

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Older' })).toHaveFocus());
  });

  it('puts Newer before Older, as pagers read, on a page between the first and the last', async () => {
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/notifications/unread': () => json(200, { unread: 0, isCapped: false }),
      // 21 items in all: three pages.
      'GET /api/notifications': () => list([ENTRY_ADDED], 21),
    });
    await userEvent.click(await bell('Notifications'));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Older' }));
    await within(panel).findByRole('button', { name: 'Newer' });
    const pager = within(panel)
      .getAllByRole('button')
      .filter((button) => ['Newer', 'Older'].includes(button.textContent ?? ''));
    expect(pager.map((button) => button.textContent)).toEqual(['Newer', 'Older']);
    // Both are still there: focus stays on the one pressed.
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Older' })).toHaveFocus());
  });

  it('says when there is nothing yet', async () => {
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/notifications/unread': () => json(200, { unread: 0, isCapped: false }),
      'GET /api/notifications': () => list([]),
    });
    await userEvent.click(await bell('Notifications'));
    expect(
      await screen.findByText(
        /What others do on the cases you are assigned to and on the tasks you are given appears here/,
      ),
    ).toBeInTheDocument();
  });

  it('asks nothing for a user who may not view cases, and shows only the session’s messages', async () => {
    const { fetchMock } = renderApp('/profile', {
      'GET /api/auth/me': () => json(200, makeUser('viewer', { permissions: ['tag.view'] })),
    });
    await userEvent.click(await bell('Notifications'));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(panel).queryByRole('heading', { name: 'Your cases' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'This session' })).toBeInTheDocument();
    expect(within(panel).getByText('No notifications')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/notifications'))).toBe(false);
  });
});

function ShowToast() {
  const { showToast } = useToast();
  return (
    <button type="button" onClick={() => showToast({ kind: 'success', title: 'Tag created' })}>
      show
    </button>
  );
}

describe('the session’s messages', () => {
  it('Clear all empties the list and leaves focus on its heading, not on <body>', async () => {
    render(
      <ToastProvider>
        <ShowToast />
        <NotificationsContent showCaseActivity={false} onNavigate={() => undefined} />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show' }).click());
    const list = screen.getByRole('list', { name: 'Recent notifications' });
    expect(within(list).getByText('Tag created')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.queryByRole('list', { name: 'Recent notifications' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This session' })).toHaveFocus();
  });
});
