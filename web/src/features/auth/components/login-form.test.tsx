import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, json, makeUser, renderApp, UNAUTHENTICATED } from '../../../test/render-app';
import { ASSERTION_JSON, domError, installWebAuthn } from '../../../test/webauthn';

const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [] };

function renderLogin(loginAnswer: () => Response = () => json(200, makeUser('viewer'))) {
  let signedIn = false;
  return renderApp('/login?redirect=%2Fgroups', {
    'GET /api/auth/me': () => (signedIn ? json(200, makeUser('viewer')) : json(401, UNAUTHENTICATED)),
    'POST /api/auth/passkey/options': () => json(200, OPTIONS),
    'POST /api/auth/passkey/login': () => {
      const answer = loginAnswer();
      signedIn = answer.ok;
      return answer;
    },
  });
}

const passkeyButton = () => screen.findByRole('button', { name: 'Sign in with a passkey' });

function calls(fetchMock: ReturnType<typeof renderApp>['fetchMock'], path: string) {
  return fetchMock.mock.calls.filter(([url]) => String(url) === path);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Sign in with a password', () => {
  it('puts focus on the password after a wrong one, with the message announced and read with it', async () => {
    renderApp('/login', {
      'GET /api/auth/me': () => json(401, UNAUTHENTICATED),
      'POST /api/auth/login': () =>
        json(401, { error: { code: 'UNAUTHENTICATED', message: 'Invalid email or password' } }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'someone@example.org');
    const password = screen.getByLabelText('Password');
    await user.type(password, 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const message = await screen.findByText('Invalid email or password');
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(password).toHaveFocus();
    expect(password).toHaveAccessibleDescription(/Invalid email or password/);
    // Typing again replaces the wrong password.
    await user.keyboard('right password');
    expect(password).toHaveValue('right password');
  });

  it('drops a failed attempt’s message when the next submit finds invalid fields', async () => {
    renderApp('/login', {
      'GET /api/auth/me': () => json(401, UNAUTHENTICATED),
      'POST /api/auth/login': () =>
        json(401, { error: { code: 'UNAUTHENTICATED', message: 'Invalid email or password' } }),
    });
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'someone@example.org');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password')).toBeVisible();

    await user.clear(email);
    await user.click(email);
    await user.paste(`${'a'.repeat(5000)}@example.org`);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is too long (at most 254 characters)')).toBeVisible();
    expect(screen.queryByText('Invalid email or password')).toBeNull();
  });
});

describe('Sign in with a passkey', () => {
  it('asks for options, runs the prompt, signs in and goes to the redirect target', async () => {
    const webauthn = installWebAuthn();
    const { router, fetchMock } = renderLogin();
    await userEvent.click(await passkeyButton());

    expect(await screen.findByRole('heading', { name: 'Groups', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/groups');
    expect(webauthn.get).toHaveBeenCalledOnce();
    const [login] = calls(fetchMock, '/api/auth/passkey/login');
    expect(login[1]?.method).toBe('POST');
    expect(JSON.parse(String(login[1]?.body))).toEqual({ response: ASSERTION_JSON });
  });

  it('says the sign-in was cancelled when the person closes the prompt', async () => {
    const webauthn = installWebAuthn();
    webauthn.get.mockRejectedValueOnce(domError('NotAllowedError'));
    const { fetchMock } = renderLogin();
    await userEvent.click(await passkeyButton());

    expect(await screen.findByText('Authentication was cancelled')).toBeVisible();
    expect(calls(fetchMock, '/api/auth/passkey/login')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('gives focus back to the button after a cancelled prompt, with the message read with it', async () => {
    installWebAuthn().get.mockRejectedValueOnce(domError('NotAllowedError'));
    renderLogin();
    const button = await passkeyButton();
    await userEvent.click(button);

    const message = await screen.findByText('Authentication was cancelled');
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(button).toBeEnabled();
    expect(button).toHaveFocus();
    expect(button).toHaveAccessibleDescription(/Authentication was cancelled/);
  });

  it('says so in a browser without WebAuthn', async () => {
    renderLogin();
    await userEvent.click(await passkeyButton());
    expect(await screen.findByText('WebAuthn is not supported in this browser')).toBeVisible();
  });

  it('shows the server’s refusal in the form’s notification', async () => {
    installWebAuthn();
    renderLogin(() =>
      json(401, { error: { code: 'UNAUTHENTICATED', message: 'This passkey is not known' } }),
    );
    await userEvent.click(await passkeyButton());
    expect(await screen.findByText('This passkey is not known')).toBeVisible();
  });

  it('replaces a failed password attempt’s message with the passkey’s', async () => {
    installWebAuthn().get.mockRejectedValueOnce(domError('UnknownError'));
    renderApp('/login', {
      'GET /api/auth/me': () => json(401, UNAUTHENTICATED),
      'POST /api/auth/login': () =>
        json(401, { error: { code: 'UNAUTHENTICATED', message: 'Invalid email or password' } }),
      'POST /api/auth/passkey/options': () => json(200, OPTIONS),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'someone@example.org');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password')).toBeVisible();

    await user.click(await passkeyButton());
    expect(await screen.findByText('Authentication failed')).toBeVisible();
    expect(screen.queryByText('Invalid email or password')).toBeNull();
  });
});
