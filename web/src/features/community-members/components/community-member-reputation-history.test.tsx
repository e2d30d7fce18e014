import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReputationHistoryEntry } from '@scamtrail/domain/reputation';
import { expectNoSeriousViolations } from '../../../test/axe';
import { currentPath, json, makeUser, renderApp } from '../../../test/render-app';
import { communityMember, page } from './community-member-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TIPSTER = communityMember('c-1', 'tipster42');
const REVIEWER = { id: 'o-2', type: 'team_member' as const, name: 'Ben Ito', displayName: 'Ben Ito (Team)' };

const REVIEWED: ReputationHistoryEntry = {
  id: '12',
  at: '2026-11-21T09:30:00.000Z',
  delta: -15,
  before: 55,
  after: 40,
  reason: 'Reported identifier rejected',
  source: 'review',
  actor: REVIEWER,
  identifier: { id: 'id-9', type: 'email', displayValue: 'victim@example.org' },
};
const ADJUSTED: ReputationHistoryEntry = {
  id: '11',
  at: '2026-11-20T08:00:00.000Z',
  delta: 50,
  before: 5,
  after: 55,
  reason: 'Long-time reporter',
  source: 'manual',
  actor: null,
  identifier: null,
};

const historyPage = (data: ReputationHistoryEntry[], totalItems = data.length, pageNumber = 1) =>
  json(200, {
    data,
    pagination: {
      page: pageNumber,
      pageSize: 10,
      totalItems,
      totalPages: Math.max(1, Math.ceil(totalItems / 10)),
    },
  });

type Handlers = Parameters<typeof renderApp>[1];

function renderTab(handlers: Handlers = {}) {
  return renderApp('/team-members?tab=community', {
    'GET /api/auth/me': () => json(200, makeUser('admin')),
    'GET /api/originators/community-members': () => page([TIPSTER]),
    'GET /api/originators/community-members/c-1/reputation-history': () => historyPage([REVIEWED, ADJUSTED]),
    ...handlers,
  });
}

async function menuItems() {
  await userEvent.click(await screen.findByRole('button', { name: 'Actions for tipster42' }));
  // Carbon positions the menu after measuring it, which jsdom cannot: it stays "hidden" to queries.
  const menu = await screen.findByRole('menu', { hidden: true });
  return within(menu).getAllByRole('menuitem', { hidden: true });
}

async function openHistory() {
  const items = await menuItems();
  await userEvent.click(items.find((item) => item.textContent === 'Reputation history')!);
  return screen.findByRole('dialog', { name: 'Reputation history: tipster42' });
}

function historyCalls(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/reputation-history'));
}

describe('a community member’s reputation history', () => {
  it('lists each change, newest first, with its reason, who made it, and the reviewed identifier', async () => {
    const { router } = renderTab();
    const dialog = await openHistory();
    const list = await within(dialog).findByRole('list', { name: 'Reputation changes, newest first' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('−15');
    expect(first).toHaveTextContent('55 → 40');
    expect(first).toHaveTextContent('Reported identifier rejected: victim@example.org');
    expect(first).toHaveTextContent('Review · Ben Ito (Team) · Nov 21, 2026, 9:30 AM');
    expect(second).toHaveTextContent('+50');
    expect(second).toHaveTextContent('Long-time reporter');
    expect(second).toHaveTextContent('Adjusted by hand · Nov 20, 2026, 8:00 AM');
    expect(within(dialog).queryByRole('navigation')).not.toBeInTheDocument();
    await expectNoSeriousViolations(dialog);

    await userEvent.click(within(first).getByRole('link', { name: 'victim@example.org' }));
    await waitFor(() => expect(currentPath(router)).toBe('/identifiers?open=id-9'));
  });

  it('pages through a long history', async () => {
    let served = 0;
    const { fetchMock } = renderTab({
      // The first request is for page 1, the next for page 2 (the requests' pages are checked below).
      'GET /api/originators/community-members/c-1/reputation-history': () => {
        served += 1;
        return historyPage(served === 2 ? [ADJUSTED] : [REVIEWED], 11, served);
      },
    });
    const dialog = await openHistory();
    expect(
      await within(dialog).findByText('Reported identifier rejected', { exact: false }),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /next page/i }));
    expect(await within(dialog).findByText('Long-time reporter')).toBeInTheDocument();
    expect(historyCalls(fetchMock).map((url) => url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(historyCalls(fetchMock).every((url) => url.searchParams.get('pageSize') === '10')).toBe(true);
  });

  it('says when there is nothing yet', async () => {
    renderTab({ 'GET /api/originators/community-members/c-1/reputation-history': () => historyPage([]) });
    const dialog = await openHistory();
    expect(await within(dialog).findByText(/No changes yet/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByText('Close', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows why the history failed to load', async () => {
    renderTab({
      'GET /api/originators/community-members/c-1/reputation-history': () =>
        json(500, { error: { code: 'INTERNAL', message: 'The database is unavailable' } }),
    });
    const dialog = await openHistory();
    expect(await within(dialog).findByText('The reputation history could not be loaded')).toBeInTheDocument();
    expect(within(dialog).getByText('The database is unavailable')).toBeInTheDocument();
  });

  it('returns focus to the row’s menu button when closed', async () => {
    renderTab();
    const dialog = await openHistory();
    await within(dialog).findByRole('list', { name: 'Reputation changes, newest first' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions for tipster42' })).toHaveFocus());
  });
});
