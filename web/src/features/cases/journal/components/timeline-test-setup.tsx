import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { CurrentUser } from '@scamtrail/domain/auth';
import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import { AppProviders, createQueryClient } from '../../../../app/providers';
import { json, makeUser } from '../../../../test/render-app';
import { CaseTimeline } from './case-timeline';

/* Shared set-up and data of the timeline tests: the timeline on a page of its own, fetch answered per route. */

export const CASE_ID = '11111111-1111-4111-8111-111111111111';

export const ENTRY: JournalEntry = {
  id: '22222222-2222-4222-8222-222222222222',
  caseId: CASE_ID,
  type: 'call',
  description: 'Called the victim.\nThey sent $2,000 by wire.',
  performedAt: '2026-11-20T14:05:00.000Z',
  createdAt: '2026-11-20T14:05:00.000Z',
  updatedAt: '2026-11-20T14:05:00.000Z',
  originator: {
    id: 'o-1',
    type: 'team_member',
    name: 'Ada Okafor',
    displayName: 'Ada Okafor (Team)',
    proxy: null,
  },
  evidence: [],
  identifierIds: [],
  identifiers: [],
  mediaIds: [],
  isSigned: false,
  signedBy: null,
  isNullified: false,
  nullifiedReason: null,
  nullifiedAt: null,
  nullifiedBy: null,
};

export function journalPage(data: JournalEntry[]) {
  return json(200, {
    data,
    pagination: { page: 1, pageSize: 25, totalItems: data.length, totalPages: 1 },
  });
}

export const emptyPage = (data: unknown[] = []) =>
  json(200, { data, pagination: { page: 1, pageSize: 25, totalItems: data.length, totalPages: 1 } });

type Handler = (init: RequestInit, url: URL) => Response | Promise<Response>;

/** An investigator whose entries carry originator o-1 (ENTRY's). */
export const INVESTIGATOR: CurrentUser = makeUser('investigator', { originatorId: 'o-1' });

/**
 * Renders the case's timeline with `fetch` answered by `routes`, keyed "METHOD /api/path"; the session
 * is `user`. Unlisted calls answer 404.
 */
export function renderTimeline(
  routes: Record<string, Handler>,
  { user = INVESTIGATOR, readOnly = false, path = '/cases/c' } = {},
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const all: Record<string, Handler> = { 'GET /api/auth/me': () => json(200, user), ...routes };
    const handler = all[`${init.method ?? 'GET'} ${url.pathname}`];
    return handler ? handler(init, url) : json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [{ path: '/cases/:id', element: <CaseTimeline caseId={CASE_ID} readOnly={readOnly} /> }],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { fetchMock, router };
}

/** The calls made to a path, with their parsed JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof vi.fn>, method: string, pathname: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return (init?.method ?? 'GET') === method && url.pathname === pathname;
    })
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));
}

/** AppModal's dialogs are named by their title. */
export async function findDialog(title: string) {
  const heading = await screen.findByRole('heading', { name: title });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}

/** The menu items of an entry's overflow menu (Carbon's menu stays "hidden" in jsdom, see identifiers tests). */
export async function openEntryMenu(name: RegExp) {
  await userEvent.click(await screen.findByRole('button', { name }));
  const menu = await screen.findByRole('menu', { hidden: true });
  return within(menu).queryAllByRole('menuitem', { hidden: true });
}
