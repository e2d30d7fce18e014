import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client';
import { discardFirstResponses, sendFirstRequests } from '../lib/first-responses';
import { CURRENT_USER_QUERY_KEY, currentUserQueryOptions } from '../lib/session';
import { firstRequestUrls } from './first-requests';
import { createQueryClient } from './providers';
import { prefetchRouteData } from './route-preload';

const CASE_ID = '9e6cf9c3-ced1-40ba-b855-b1e310a0346b';
const ALL = ['identifier.view', 'case.view', 'journal_entry.view'];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A first visit of `href` as main.tsx makes it, on a server where the session is `permissions` (null:
 * signed out) and every other GET answers a page, or the refusal a visitor without the permission
 * gets: the first requests sent as index.html sends them, then the session and the route's data asked
 * for by the app, then the answers nobody took dropped.
 */
async function firstVisit(href: string, permissions: string[] | null) {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      sent.push(url);
      if (url === '/api/auth/me') {
        return permissions
          ? json(200, { id: 'u1', email: 'a@example.com', permissions })
          : json(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } });
      }
      if (!permissions) return json(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } });
      return json(200, { data: [], pagination: { page: 1, pageSize: 25, total: 0 } });
    }),
  );
  const onUnauthorized = vi.fn();
  const onForbidden = vi.fn();
  api.setHandlers({ onUnauthorized, onForbidden });
  const url = new URL(href, 'http://localhost');
  const first = firstRequestUrls(url);
  sendFirstRequests(first);
  const queryClient = createQueryClient();
  await Promise.allSettled([
    queryClient.prefetchQuery(currentUserQueryOptions),
    prefetchRouteData(queryClient, url),
  ]).then(discardFirstResponses);
  const cached = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0] && query.state.data !== undefined);
  return { first, sent, cached, queryClient, onUnauthorized, onForbidden };
}

describe('the page first requests', () => {
  afterEach(() => {
    api.setHandlers({});
    vi.unstubAllGlobals();
  });

  it.each([
    ['/identifiers', 2],
    ['/identifiers?search=acme&type=email&sort=most_cases&page=2&pageSize=50', 2],
    ['/cases', 2],
    ['/cases/?status=open&priority=high&sort=priority&direction=asc&page=3', 2],
    [`/cases/${CASE_ID}`, 3],
    [`/cases/${CASE_ID}?journalSearch=wire&journalType=call&journalPage=2`, 3],
    [`/cases/${CASE_ID}?tab=history`, 2],
    ['/team-members', 1],
    ['/login?redirect=%2Fcases', 1],
  ])('for %s, are what the app asks for first, each asked for once', async (href, count) => {
    const { first, sent, cached } = await firstVisit(href, ALL);
    expect(first).toHaveLength(count);
    expect(sent).toEqual(first);
    // Everything the app asked for was taken from the first requests and is on its way to the screen.
    expect(cached).toHaveLength(count - 1);
  });

  it('honours the list filters the URL names', async () => {
    const { first } = await firstVisit('/identifiers?search=acme&type=email&page=2', ALL);
    expect(first[1]).toBe('/api/identifiers?search=acme&type=email&page=2&pageSize=25');
  });

  it('shows nothing of the data a visitor may not see, and says nothing of its refusal', async () => {
    const { sent, cached, queryClient, onForbidden } = await firstVisit(`/cases/${CASE_ID}`, [
      'identifier.view',
    ]);
    expect(sent).toHaveLength(3);
    expect(cached).toEqual([]);
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toMatchObject({ id: 'u1' });
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('leaves a signed-out visitor signed out, without a word from the refused data request', async () => {
    const { sent, cached, queryClient, onUnauthorized } = await firstVisit('/identifiers', null);
    expect(sent).toHaveLength(2);
    expect(cached).toEqual([]);
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('hands a later screen no answer from the first moment', async () => {
    const { first, sent } = await firstVisit('/cases', ['identifier.view']);
    expect(sent).toHaveLength(2);
    // The list the visitor was not allowed to see a moment ago, asked for by a later screen.
    await api.get(first[1].slice('/api'.length));
    expect(sent).toEqual([...first, first[1]]);
  });
});
