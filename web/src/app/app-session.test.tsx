import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, json, makeUser, renderApp, UNAUTHENTICATED } from '../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('session and guard', () => {
  it('sends a logged-out visitor to sign-in with the full path, then back there after signing in', async () => {
    let signedIn = false;
    const { router, fetchMock } = renderApp('/cases?status=open#recent', {
      'GET /api/auth/me': () => (signedIn ? json(200, makeUser('investigator')) : json(401, UNAUTHENTICATED)),
      'POST /api/auth/login': () => {
        signedIn = true;
        return json(200, makeUser('investigator'));
      },
    });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath(router)).toBe(`/login?redirect=${encodeURIComponent('/cases?status=open#recent')}`);
    expect(document.title).toBe('Sign In | Scamtrail');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'investigator@example.org');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Cases', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/cases?status=open#recent');
    expect(document.title).toBe('Cases | Scamtrail');
    const loginCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/login');
    expect(JSON.parse(String(loginCall?.[1]?.body))).toEqual({
      email: 'investigator@example.org',
      password: 'correct horse battery',
    });
  });

  it('shows inline errors for blank fields without calling the server', async () => {
    const { fetchMock } = renderApp('/login', { 'GET /api/auth/me': () => json(401, UNAUTHENTICATED) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/login')).toBe(false);
  });

  it.each([
    [401, 'Invalid email or password'],
    [429, 'Too many sign-in attempts'],
  ])('shows the server answer to a failed sign-in (%i)', async (status, text) => {
    renderApp('/login', {
      'GET /api/auth/me': () => json(401, UNAUTHENTICATED),
      'POST /api/auth/login': () =>
        json(status, {
          error: {
            code: status === 401 ? 'UNAUTHENTICATED' : 'TOO_MANY_REQUESTS',
            message: status === 401 ? 'Invalid email or password' : 'Try again in 15 minutes',
          },
        }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'someone@example.org');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a signed-in user away from /login to the redirect target', async () => {
    const { router } = renderApp('/login?redirect=%2Fgroups', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
    });
    expect(await screen.findByRole('heading', { name: 'Groups', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/groups');
  });

  it('shows the forbidden page to a viewer opening /tags', async () => {
    const { router } = renderApp('/tags', { 'GET /api/auth/me': () => json(200, makeUser('viewer')) });
    expect(await screen.findByRole('heading', { name: '403 - Access Denied' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/forbidden');
    expect(document.title).toBe('403 - Access Denied | Scamtrail');
  });

  it('redirects / to /cases', async () => {
    const { router } = renderApp('/', { 'GET /api/auth/me': () => json(200, makeUser('admin')) });
    expect(await screen.findByRole('heading', { name: 'Cases', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/cases');
  });

  it('renders the 404 page without the shell for unknown paths', async () => {
    renderApp('/no/such/page', { 'GET /api/auth/me': () => json(200, makeUser('admin')) });
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument();
    expect(document.title).toBe('404 - Page Not Found | Scamtrail');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('says "Failed to fetch current user" when the session probe fails, and treats the user as signed out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderApp('/cases', {
      'GET /api/auth/me': () => json(500, { error: { code: 'INTERNAL', message: 'Internal server error' } }),
    });
    expect(await screen.findByText('Failed to fetch current user')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login?redirect=%2Fcases');
  });
});
