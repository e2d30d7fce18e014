import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { CurrentUser } from '@scamtrail/domain/auth';
import { permissionsForRole, type Role } from '@scamtrail/domain/permissions';
import { AppProviders, createQueryClient } from '../app/providers';
import { createAppRouteObjects } from '../app/route-objects';

export function makeUser(role: Role, overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: `${role}-1`,
    firstName: 'Ada',
    lastName: 'Okafor',
    email: `${role}@example.org`,
    role,
    permissions: permissionsForRole(role),
    originatorId: null,
    ...overrides,
  };
}

export function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const UNAUTHENTICATED = { error: { code: 'UNAUTHENTICATED', message: 'Authentication required' } };

/** Answers a call; `url` holds its query (`url.searchParams`). */
type Handler = (init: RequestInit, url: URL) => Response | Promise<Response>;

/**
 * Renders the whole app (route table, guard, shell) at `path` with `fetch` answered by `routes`,
 * keyed "METHOD /api/path". Unlisted calls answer 404.
 */
export function renderApp(path: string, routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[`${init.method ?? 'GET'} ${url.pathname}`];
    return handler ? handler(init, url) : json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createAppRouteObjects(queryClient), { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, fetchMock, queryClient };
}

export function currentPath(router: ReturnType<typeof createMemoryRouter>) {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
}
