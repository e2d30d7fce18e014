import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client';
import { currentPath, json, makeUser, renderApp, UNAUTHENTICATED } from '../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openUserPanel() {
  await userEvent.click(await screen.findByRole('button', { name: 'User' }));
}

describe('shell', () => {
  it('shows header, API Docs link, side navigation, skip link and footer to a signed-in user', async () => {
    renderApp('/cases', { 'GET /api/auth/me': () => json(200, makeUser('admin')) });
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    // Once in the header, once in the side navigation for narrow screens (Carbon's CSS shows one of them).
    for (const link of screen.getAllByRole('link', { name: 'API Docs' })) {
      expect(link).toHaveAttribute('href', '/api/docs');
    }
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    const nav = screen.getByRole('navigation', { name: 'Side navigation' });
    for (const label of [
      'Cases',
      'Evidence',
      'Identifiers',
      'Validation',
      'Streams',
      'Team Members',
      'Tags',
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Streams' })).toHaveAttribute('href', '/export-streams');
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('all rights reserved');
    expect(footer).toHaveTextContent(String(new Date().getFullYear()));
  });

  it('hides admin-only navigation entries from an investigator', async () => {
    renderApp('/cases', { 'GET /api/auth/me': () => json(200, makeUser('investigator')) });
    const nav = await screen.findByRole('navigation', { name: 'Side navigation' });
    expect(within(nav).getByRole('link', { name: 'Groups' })).toBeInTheDocument();
    for (const label of ['Tags', 'Team Members', 'Streams']) {
      expect(within(nav).queryByRole('link', { name: label })).not.toBeInTheDocument();
    }
    expect(within(nav).queryByText('Export')).not.toBeInTheDocument();
  });

  it('shows no shell to a logged-out visitor of an unguarded page', async () => {
    renderApp('/components', { 'GET /api/auth/me': () => json(401, UNAUTHENTICATED) });
    expect(await screen.findByRole('heading', { name: 'Components Showcase', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('shows the user panel with name, e-mail, Profile and Logout', async () => {
    renderApp('/cases', { 'GET /api/auth/me': () => json(200, makeUser('admin')) });
    await openUserPanel();
    expect(screen.getByText('Ada Okafor')).toBeInTheDocument();
    expect(screen.getByText('admin@example.org')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('falls back to "User" and "No email" in the user panel', async () => {
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('admin', { firstName: '', lastName: '', email: '' })),
    });
    await openUserPanel();
    expect(screen.getByText('User', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('No email')).toBeInTheDocument();
  });

  it.each([
    [204, 'succeeds'],
    [500, 'fails'],
  ])('signs out to /logout when the logout call %s', async (status) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router, fetchMock } = renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'POST /api/auth/logout': () =>
        json(status, status === 204 ? undefined : { error: { code: 'INTERNAL' } }),
    });
    await openUserPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'You have been signed out' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/logout');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/login');
    const logoutCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/logout');
    expect(logoutCall?.[1]).toMatchObject({ method: 'POST', body: '{}' });
    expect(errors).toHaveBeenCalledTimes(status === 204 ? 0 : 1);
  });

  it('says it is signing out until the server has answered the logout call', async () => {
    let answer: (response: Response) => void = () => undefined;
    renderApp('/logout', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'POST /api/auth/logout': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    expect(await screen.findByRole('heading', { name: 'Signing out' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You have been signed out' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in again' })).not.toBeInTheDocument();
    answer(json(204));
    expect(await screen.findByRole('heading', { name: 'You have been signed out' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Signing out' })).not.toBeInTheDocument();
  });

  it('signs out a user who opens /logout directly', async () => {
    const { fetchMock } = renderApp('/logout', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'POST /api/auth/logout': () => json(204),
    });
    expect(await screen.findByRole('heading', { name: 'You have been signed out' })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/logout')).toHaveLength(1),
    );
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('shows the "Access Denied" toast when a call answers 403', async () => {
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'POST /api/tags': () =>
        json(403, { error: { code: 'FORBIDDEN', message: 'Missing permission tag.create' } }),
    });
    await screen.findByRole('banner');
    await act(() => api.post('/tags', { name: 'phishing' }).catch(() => undefined));
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to perform this action.')).toBeInTheDocument();
  });

  it('goes to sign-in with the current path when a call answers 401', async () => {
    const { router } = renderApp('/groups?tab=mine', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'GET /api/groups': () => json(401, UNAUTHENTICATED),
    });
    await screen.findByRole('banner');
    await act(() => api.get('/groups').catch(() => undefined));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login?redirect=%2Fgroups%3Ftab%3Dmine');
  });

  it('lists the session toasts in the notifications panel', async () => {
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'POST /api/tags': () => json(403, { error: { code: 'FORBIDDEN', message: 'No' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/^No messages yet/)).toBeInTheDocument();
    await act(() => api.post('/tags', {}).catch(() => undefined));
    const list = await screen.findByRole('list', { name: 'Recent notifications' });
    expect(within(list).getByText('Access Denied')).toBeInTheDocument();
  });

  /** Each header button and the landmark of the panel it opens (null while closed). */
  const HEADER_PANELS = [
    [
      'Search',
      () => screen.queryByRole('search', { name: 'Search cases, journals, identifiers and evidence' }),
    ],
    ['Notifications', () => screen.queryByRole('region', { name: 'Notifications' })],
    ['User', () => screen.queryByRole('region', { name: 'User' })],
  ] as const;

  it('names each open header panel through a landmark inside it, not on Carbon’s unnamed <div>', async () => {
    renderApp('/cases', { 'GET /api/auth/me': () => json(200, makeUser('viewer')) });
    for (const [button, landmark] of HEADER_PANELS) {
      await userEvent.click(await screen.findByRole('button', { name: button }));
      expect(landmark()).toBeVisible();
      // A name on an element without a role is prohibited (axe: aria-prohibited-attr).
      expect(landmark()!.closest('.cds--header-panel')).not.toHaveAttribute('aria-label');
    }
  });

  it('closes each header panel on Escape, the search panel with text in its field too, and focuses its button', async () => {
    renderApp('/cases', { 'GET /api/auth/me': () => json(200, makeUser('viewer')) });
    for (const [name, landmark] of HEADER_PANELS) {
      const button = await screen.findByRole('button', { name });
      await userEvent.click(button);
      const panel = landmark()!;
      // Carbon's search field keeps Escape to itself (it clears the text): the panel must close anyway.
      const field = within(panel).queryByRole('searchbox');
      if (field) await userEvent.type(field, 'scam');
      await userEvent.keyboard('{Escape}');
      expect(landmark(), name).toBeNull();
      expect(button, name).toHaveFocus();
    }
  });

  it('closes the side navigation on Escape, from its button or from inside it, and focuses the button', async () => {
    renderApp('/cases', { 'GET /api/auth/me': () => json(200, makeUser('viewer')) });
    const menu = await screen.findByRole('button', { name: 'Open menu' });
    const nav = screen.getByRole('navigation', { name: 'Side navigation' });

    await userEvent.click(menu);
    expect(nav).toHaveClass('cds--side-nav--expanded');
    await userEvent.keyboard('{Escape}');
    expect(nav).not.toHaveClass('cds--side-nav--expanded');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();

    await userEvent.click(menu);
    act(() => within(nav).getByRole('link', { name: 'Cases' }).focus());
    await userEvent.keyboard('{Escape}');
    expect(nav).not.toHaveClass('cds--side-nav--expanded');
    expect(menu).toHaveFocus();
  });

  it('opens the search page from the header search panel, the text in its field', async () => {
    const { router } = renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Search' }));
    // The cases screen behind it has a search of its own: take the header's, by its label.
    const panel = screen.getByRole('search', { name: 'Search cases, journals, identifiers and evidence' });
    // Its label is hidden: the hint names what is searched.
    expect(
      screen.getByText(
        'Opens the search page with the cases, journal entries, identifiers and evidence that match.',
      ),
    ).toBeVisible();
    await userEvent.type(within(panel).getByRole('searchbox'), 'scam@example.org{Enter}');
    expect(await screen.findByRole('heading', { name: 'Search', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/search?q=scam%40example.org');
    expect(screen.getByRole('searchbox', { name: 'Search text' })).toHaveValue('scam@example.org');
    expect(
      screen.queryByRole('search', { name: 'Search cases, journals, identifiers and evidence' }),
    ).toBeNull();
  });
});
