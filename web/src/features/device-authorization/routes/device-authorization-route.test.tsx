import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceAuthorizationRequest } from '@scamtrail/domain/device-authorization';
import { currentPath, json, makeUser, renderApp, UNAUTHENTICATED } from '../../../test/render-app';

const REQUEST: DeviceAuthorizationRequest = {
  userCode: 'WDJB-MJHT',
  clientId: 'scamtrail-cli',
  clientName: 'Scamtrail command-line tool',
  permissions: ['case.view', 'identifier.view'],
  allPermissions: false,
  ip: '203.0.113.7',
  userAgent: 'scamtrail-cli/1.0',
  requestedAt: '2026-11-29T01:00:00.000Z',
  expiresAt: '2026-11-29T01:10:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Device Authorization', () => {
  it('shows someone not signed in the page, whose button signs them in and back with the code', async () => {
    const { router } = renderApp('/auth/device?user_code=WDJB-MJHT', {
      'GET /api/auth/me': () => json(401, UNAUTHENTICATED),
    });
    await screen.findByRole('heading', { name: 'Device Authorization' });
    expect(currentPath(router)).toBe('/auth/device?user_code=WDJB-MJHT');
    await userEvent.click(screen.getByRole('link', { name: 'Sign in to continue' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(currentPath(router)).toBe(
      `/login?redirect=${encodeURIComponent('/auth/device?user_code=WDJB-MJHT')}`,
    );
  });

  it('shows the request of the code filled in from the link, and approves it', async () => {
    const sent: unknown[] = [];
    renderApp('/auth/device?user_code=WDJB-MJHT', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'POST /api/oauth/device/lookup': (init) => {
        sent.push(JSON.parse(String(init.body)));
        return json(200, REQUEST);
      },
      'POST /api/oauth/device/approve': () =>
        json(200, { status: 'approved', clientName: 'Scamtrail command-line tool' }),
    });
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Code')).toHaveValue('WDJB-MJHT');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Approve this sign-in?' })).toBeVisible();
    expect(sent).toEqual([{ userCode: 'WDJB-MJHT' }]);
    expect(screen.getByText('Scamtrail command-line tool (scamtrail-cli)')).toBeVisible();
    expect(screen.getByText('View cases')).toBeVisible();
    expect(screen.getByText('203.0.113.7, scamtrail-cli/1.0')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('heading', { name: 'Device signed in' })).toHaveFocus();
  });

  it('puts focus in an empty code field after "Enter another code"', async () => {
    renderApp('/auth/device?user_code=WDJB-MJHT', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'POST /api/oauth/device/lookup': () => json(200, REQUEST),
      'POST /api/oauth/device/deny': () =>
        json(200, { status: 'denied', clientName: 'Scamtrail command-line tool' }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    // From the request: the code was not the one on the device.
    await user.click(await screen.findByRole('button', { name: 'Enter another code' }));
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveFocus());
    expect(screen.getByLabelText('Code')).toHaveValue('');

    await user.type(screen.getByLabelText('Code'), 'WDJB-MJHT');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in denied' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Enter another code' }));
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveFocus());
    expect(screen.getByLabelText('Code')).toHaveValue('');
  });

  it('opens with focus in its code field', async () => {
    renderApp('/auth/device', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
    });
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveFocus());
  });

  it('opens with focus on Continue when the link brought the code', async () => {
    renderApp('/auth/device?user_code=WDJB-MJHT', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
    });
    expect(await screen.findByLabelText('Code')).toHaveValue('WDJB-MJHT');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus());
  });

  it('says under the field, in its own words, that a code cannot be one', async () => {
    renderApp('/auth/device', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'POST /api/oauth/device/lookup': () =>
        json(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid request',
            details: {
              fields: [
                {
                  field: 'userCode',
                  message: 'userCode must be the 8 letters your device shows, like WDJB-MJHT',
                },
              ],
            },
          },
        }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code'), 'bad');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the 8 letters your device shows, like WDJB-MJHT')).toBeVisible();
    expect(screen.queryByText(/userCode/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says a code is wrong, and how long to wait once throttled', async () => {
    let calls = 0;
    renderApp('/auth/device', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'POST /api/oauth/device/lookup': () =>
        ++calls === 1
          ? json(404, {
              error: { code: 'NOT_FOUND', message: 'No sign-in request is waiting with this code' },
            })
          : json(429, {
              error: {
                code: 'TOO_MANY_REQUESTS',
                message: 'Too many wrong codes. Please wait 15 minutes and try again.',
              },
            }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the code your device shows')).toBeVisible();
    await user.type(screen.getByLabelText('Code'), 'BBBB-CCCC');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Wrong or expired code')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('Too many wrong codes. Please wait 15 minutes and try again.'),
    ).toBeVisible();
  });
});
