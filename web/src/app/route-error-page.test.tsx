import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, makeUser } from '../test/render-app';
import { AppProviders, createQueryClient } from './providers';
import { createAppRouteObjects } from './route-objects';

/** The app at `path` with that route's code out of reach, as when the server stops answering. */
function renderWithUnloadableScreen(path: string, failure: Error) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      new URL(String(input), 'http://localhost').pathname === '/api/auth/me'
        ? json(200, makeUser('admin'))
        : json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }),
    ),
  );
  const queryClient = createQueryClient();
  const routes = createAppRouteObjects(queryClient);
  const screenRoute = routes[0]
    .children!.flatMap((route) => route.children ?? [])
    .find((route) => route.path === path)!;
  screenRoute.lazy = () => Promise.reject(failure);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('a screen that cannot be shown', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://localhost/assets/admin-route.js',
    'error loading dynamically imported module: http://localhost/assets/admin-route.js',
  ])('says the server could not be reached when its code did not load ("%s")', async (message) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithUnloadableScreen('/admin', new TypeError(message));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Could not reach the server' }),
    ).toBeVisible();
    expect(
      screen.getByText('This page could not be loaded. Check your connection, then try again.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('says so in its page, with the shell still there to go elsewhere', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithUnloadableScreen('/admin', new Error('Cannot read properties of undefined'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cases' })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});
