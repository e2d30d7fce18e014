import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Passkey, Session } from '@scamtrail/domain/passkeys';
import type { SecurityEvent, SecurityEventList } from '@scamtrail/domain/security-events';
import { PERMISSIONS, WILDCARD } from '@scamtrail/domain/permissions';
import { currentPath, json, makeUser, renderApp } from '../../../test/render-app';
import { ASSERTION_JSON, domError, installWebAuthn } from '../../../test/webauthn';
import { securityEvent } from '../../../test/security-events';

const YUBIKEY: Passkey = {
  id: 'pk-1',
  name: 'YubiKey 5C',
  createdAt: '2025-03-01T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: false,
  deviceType: 'singleDevice',
};
const PHONE: Passkey = {
  id: 'pk-2',
  name: 'Pixel phone',
  createdAt: '2025-03-02T10:00:00.000Z',
  lastUsedAt: '2025-03-03T10:00:00.000Z',
  backedUp: true,
  deviceType: 'multiDevice',
};
const THIS_DEVICE: Session = {
  id: 's-1',
  device: 'Chrome 131 on Linux',
  ip: '203.0.113.7',
  createdAt: '2025-03-01T09:00:00.000Z',
  lastSeenAt: '2025-03-04T09:00:00.000Z',
  current: true,
};
const OTHER_DEVICE: Session = {
  id: 's-2',
  device: 'Safari 18 on iOS',
  ip: null,
  createdAt: '2025-02-20T09:00:00.000Z',
  lastSeenAt: '2025-02-21T09:00:00.000Z',
  current: false,
};
const CREATION = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'Scamtrail' },
  user: { id: 'dXNlcg', name: 'ada' },
};

/** The security activity's pages: one page of `events`, said to hold `totalItems` in all. */
function securityPage(events: SecurityEvent[], page = 1, totalItems = events.length): SecurityEventList {
  return {
    data: events,
    pagination: { page, pageSize: 10, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / 10)) },
  };
}

/**
 * `GET /api/auth/sessions` as the server answers it: the page asked for, in the order given (the
 * server puts this device first), and the others counted on every page.
 */
function sessionPage(sessions: Session[], url: URL) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
  return json(200, {
    data: sessions.slice((page - 1) * pageSize, page * pageSize),
    pagination: {
      page,
      pageSize,
      totalItems: sessions.length,
      totalPages: Math.max(1, Math.ceil(sessions.length / pageSize)),
    },
    otherCount: sessions.filter((session) => !session.current).length,
  });
}

function renderProfile(
  state: { passkeys: Passkey[]; sessions: Session[]; revokeOthersFails?: boolean },
  securityEvents: () => Response = () => json(200, securityPage([])),
) {
  let signedIn = true;
  const view = renderApp('/profile', {
    'GET /api/auth/me/security-events': securityEvents,
    'GET /api/auth/me': () => json(signedIn ? 200 : 401, makeUser('investigator')),
    'GET /api/auth/passkeys': () => json(200, state.passkeys),
    'POST /api/auth/passkeys/registration/options': () => json(200, CREATION),
    'POST /api/auth/passkeys': (init) => {
      const { name } = JSON.parse(String(init.body)) as { name: string };
      const created = { ...PHONE, id: 'pk-new', name };
      state.passkeys = [...state.passkeys, created];
      return json(201, created);
    },
    'PATCH /api/auth/passkeys/pk-1': (init) => {
      const renamed = { ...YUBIKEY, ...(JSON.parse(String(init.body)) as object) };
      state.passkeys = state.passkeys.map((item) => (item.id === 'pk-1' ? renamed : item));
      return json(200, renamed);
    },
    'DELETE /api/auth/passkeys/pk-1': () => {
      state.passkeys = state.passkeys.filter((item) => item.id !== 'pk-1');
      return new Response(null, { status: 204 });
    },
    'GET /api/auth/sessions': (_init, url) => sessionPage(state.sessions, url),
    'POST /api/auth/password': () => {
      state.sessions = state.sessions.filter((item) => item.current);
      return new Response(null, { status: 204 });
    },
    'DELETE /api/auth/sessions/s-1': () => {
      signedIn = false;
      return new Response(null, { status: 204 });
    },
    'DELETE /api/auth/sessions/s-2': () => {
      state.sessions = state.sessions.filter((item) => item.id !== 's-2');
      return new Response(null, { status: 204 });
    },
    'POST /api/auth/sessions/revoke-others': () => {
      if (state.revokeOthersFails) {
        return json(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } });
      }
      const revoked = state.sessions.filter((item) => !item.current).length;
      state.sessions = state.sessions.filter((item) => item.current);
      return json(200, { revoked });
    },
  });
  return { ...view, user: userEvent.setup() };
}

/** The profile page once its lazy screen is on it. */
async function renderProfilePage(
  state: Parameters<typeof renderProfile>[0],
  securityEvents?: () => Response,
) {
  const view = renderProfile(state, securityEvents);
  await screen.findByRole('heading', { name: 'Profile', level: 1 });
  return view;
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

async function findRow(sectionName: string, name: string) {
  const cell = await within(section(sectionName)).findByRole('cell', { name });
  return cell.closest('tr')!;
}

function calls(fetchMock: ReturnType<typeof renderApp>['fetchMock'], method: string, path: string) {
  return fetchMock.mock.calls.filter(([url, init]) => String(url) === path && init?.method === method);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Profile: passkeys', () => {
  it('lists the passkeys with when they were created and last used, and whether they are synced', async () => {
    await renderProfilePage({ passkeys: [YUBIKEY, PHONE], sessions: [THIS_DEVICE] });
    const yubikey = await findRow('Passkeys', 'YubiKey 5C');
    expect(yubikey).toHaveTextContent('Mar 1, 2025');
    expect(yubikey).toHaveTextContent('Never');
    expect(within(yubikey).getByText('This device only')).toBeVisible();
    const phone = await findRow('Passkeys', 'Pixel phone');
    expect(within(phone).getByText('Synced')).toBeVisible();
    expect(phone).toHaveTextContent('Mar 3, 2025');
  });

  it('explains passkeys when there are none, and adds one named after this browser', async () => {
    const webauthn = installWebAuthn();
    const { fetchMock, user } = await renderProfilePage({ passkeys: [], sessions: [THIS_DEVICE] });
    expect(await screen.findByText('No passkeys yet')).toBeVisible();
    expect(section('Passkeys')).toHaveTextContent(
      'A passkey signs you in without a password, and signs your journal entries',
    );
    await user.click(within(section('Passkeys')).getByRole('button', { name: 'Add passkey' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add passkey' });
    const name = within(dialog).getByLabelText('Name');
    // jsdom's user agent names no known browser, only the system or nothing.
    expect((name as HTMLInputElement).value).not.toBe('');
    await user.clear(name);
    await user.type(name, 'Work laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Passkey added')).toBeVisible();
    expect(await findRow('Passkeys', 'Work laptop')).toBeVisible();
    expect(webauthn.create).toHaveBeenCalledOnce();
    const [register] = calls(fetchMock, 'POST', '/api/auth/passkeys');
    const body = JSON.parse(String(register[1]?.body)) as { name: string; response: { id: string } };
    expect(body.name).toBe('Work laptop');
    expect(body.response).toMatchObject({ id: ASSERTION_JSON.id, type: 'public-key' });
  });

  it('keeps the dialog open with the reason when the passkey prompt is cancelled', async () => {
    installWebAuthn().create.mockRejectedValueOnce(domError('NotAllowedError'));
    const { fetchMock, user } = await renderProfilePage({ passkeys: [YUBIKEY], sessions: [] });
    await user.click(await within(section('Passkeys')).findByRole('button', { name: 'Add passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add passkey' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Passkey creation was cancelled')).toBeVisible();
    expect(calls(fetchMock, 'POST', '/api/auth/passkeys')).toHaveLength(0);
  });

  it('keeps focus in the dialog, on the Name field, when the passkey prompt fails', async () => {
    installWebAuthn().create.mockImplementationOnce(async () => {
      // The browser's prompt takes focus away from the page.
      (document.activeElement as HTMLElement | null)?.blur();
      throw domError('InvalidStateError');
    });
    const { user } = await renderProfilePage({ passkeys: [YUBIKEY], sessions: [] });
    await user.click(await within(section('Passkeys')).findByRole('button', { name: 'Add passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add passkey' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(
      await within(dialog).findByText('This device already holds a passkey for your account'),
    ).toBeVisible();
    await vi.waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
  });

  it('refuses a blank name without opening the prompt', async () => {
    const webauthn = installWebAuthn();
    const { user } = await renderProfilePage({ passkeys: [YUBIKEY], sessions: [] });
    await user.click(await within(section('Passkeys')).findByRole('button', { name: 'Add passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add passkey' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Name is required')).toBeVisible();
    expect(webauthn.create).not.toHaveBeenCalled();
  });

  it('renames a passkey and gives focus back to its Rename button', async () => {
    const { fetchMock, user } = await renderProfilePage({ passkeys: [YUBIKEY], sessions: [] });
    const rename = await screen.findByRole('button', { name: 'Rename YubiKey 5C' });
    await user.click(rename);
    const dialog = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Desk key');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await findRow('Passkeys', 'Desk key')).toBeVisible();
    const [patch] = calls(fetchMock, 'PATCH', '/api/auth/passkeys/pk-1');
    expect(JSON.parse(String(patch[1]?.body))).toEqual({ name: 'Desk key' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Rename Desk key' })).toHaveFocus());
  });

  it('deletes a passkey after a danger confirmation that focuses Cancel first', async () => {
    const { fetchMock, user } = await renderProfilePage({ passkeys: [YUBIKEY, PHONE], sessions: [] });
    await user.click(await screen.findByRole('button', { name: 'Delete YubiKey 5C' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete passkey “YubiKey 5C”?' });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveClass('cds--btn--danger');
    await vi.waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Passkey deleted')).toBeVisible();
    await vi.waitFor(() =>
      expect(within(section('Passkeys')).queryByRole('cell', { name: 'YubiKey 5C' })).toBeNull(),
    );
    expect(calls(fetchMock, 'DELETE', '/api/auth/passkeys/pk-1')).toHaveLength(1);
  });

  it('returns focus to the Add passkey button when the dialog is cancelled', async () => {
    const { user } = await renderProfilePage({ passkeys: [YUBIKEY], sessions: [] });
    const add = await within(section('Passkeys')).findByRole('button', { name: 'Add passkey' });
    await user.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add passkey' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(add).toHaveFocus());
  });
});

describe('Profile: sessions', () => {
  it('lists the sessions in the server’s order, this device tagged', async () => {
    await renderProfilePage({ passkeys: [], sessions: [THIS_DEVICE, OTHER_DEVICE] });
    await within(section('Sessions')).findByRole('cell', { name: /Safari 18 on iOS/ });
    const rows = within(section('Sessions')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Chrome 131 on Linux');
    expect(within(rows[1]).getByText('This device')).toBeVisible();
    expect(rows[1]).toHaveTextContent('203.0.113.7');
    expect(rows[1]).toHaveTextContent('Mar 4, 2025');
    expect(rows[2]).toHaveTextContent('Safari 18 on iOS');
    expect(rows[2]).toHaveTextContent('Unknown');
    expect(within(rows[2]).queryByText('This device')).toBeNull();
  });

  it('revokes another device’s session after confirmation', async () => {
    const { fetchMock, user } = await renderProfilePage({
      passkeys: [],
      sessions: [THIS_DEVICE, OTHER_DEVICE],
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke Safari 18 on iOS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the session on Safari 18 on iOS?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Session revoked')).toBeVisible();
    await vi.waitFor(() =>
      expect(within(section('Sessions')).queryByRole('cell', { name: 'Safari 18 on iOS' })).toBeNull(),
    );
    expect(calls(fetchMock, 'DELETE', '/api/auth/sessions/s-2')).toHaveLength(1);
  });

  it('a password change drops the other sessions from the list and asks for the activity again', async () => {
    const { fetchMock, user } = await renderProfilePage({
      passkeys: [],
      sessions: [THIS_DEVICE, OTHER_DEVICE],
    });
    await within(section('Sessions')).findByRole('cell', { name: 'Safari 18 on iOS' });
    const activityCalls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/auth/me/security-events')).length;
    const before = activityCalls();
    await user.type(screen.getByLabelText('Current password'), 'old long passphrase');
    await user.type(screen.getByLabelText('New password'), 'a new long passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await vi.waitFor(() =>
      expect(within(section('Sessions')).queryByRole('cell', { name: 'Safari 18 on iOS' })).toBeNull(),
    );
    await vi.waitFor(() => expect(activityCalls()).toBeGreaterThan(before));
  });

  it('signs out of all other sessions after confirming how many, then focuses the heading', async () => {
    const TABLET: Session = { ...OTHER_DEVICE, id: 's-3', device: 'Firefox 133 on Android' };
    const { fetchMock, user } = await renderProfilePage({
      passkeys: [],
      sessions: [THIS_DEVICE, OTHER_DEVICE, TABLET],
    });
    const signOutOthers = await within(section('Sessions')).findByRole('button', {
      name: 'Sign out other sessions',
    });
    await user.click(signOutOthers);
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all other sessions?' });
    expect(dialog).toHaveTextContent('This signs out 2 other sessions at once');
    const activityCalls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/auth/me/security-events')).length;
    const before = activityCalls();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
    expect(await screen.findByText('Other sessions signed out')).toBeVisible();
    expect(screen.getByText('2 sessions signed out. You are still signed in here.')).toBeVisible();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() =>
      expect(within(section('Sessions')).queryByRole('cell', { name: 'Safari 18 on iOS' })).toBeNull(),
    );
    expect(within(section('Sessions')).queryByRole('cell', { name: 'Firefox 133 on Android' })).toBeNull();
    expect(within(section('Sessions')).getByRole('cell', { name: /Chrome 131 on Linux/ })).toBeVisible();
    // This is the only session now: the button is gone, and focus is on the section's heading.
    expect(within(section('Sessions')).queryByRole('button', { name: 'Sign out other sessions' })).toBeNull();
    await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'Sessions' })).toHaveFocus());
    expect(calls(fetchMock, 'POST', '/api/auth/sessions/revoke-others')).toHaveLength(1);
    await vi.waitFor(() => expect(activityCalls()).toBeGreaterThan(before));
  });

  it('cancelling the sign-out of the other sessions returns focus to its button', async () => {
    const { fetchMock, user } = await renderProfilePage({
      passkeys: [],
      sessions: [THIS_DEVICE, OTHER_DEVICE],
    });
    const signOutOthers = await within(section('Sessions')).findByRole('button', {
      name: 'Sign out other sessions',
    });
    await user.click(signOutOthers);
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all other sessions?' });
    expect(dialog).toHaveTextContent('This signs out 1 other session at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(signOutOthers).toHaveFocus());
    expect(calls(fetchMock, 'POST', '/api/auth/sessions/revoke-others')).toHaveLength(0);
  });

  it('offers no sign-out of other sessions when this is the only one', async () => {
    await renderProfilePage({ passkeys: [], sessions: [THIS_DEVICE] });
    await within(section('Sessions')).findByRole('cell', { name: /Chrome 131 on Linux/ });
    expect(within(section('Sessions')).queryByRole('button', { name: 'Sign out other sessions' })).toBeNull();
  });

  it('says why the other sessions were not signed out, keeping the dialog open', async () => {
    const { fetchMock, user } = await renderProfilePage({
      passkeys: [],
      sessions: [THIS_DEVICE, OTHER_DEVICE],
      revokeOthersFails: true,
    });
    await user.click(
      await within(section('Sessions')).findByRole('button', { name: 'Sign out other sessions' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all other sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
    expect(await within(dialog).findByText('Not signed out')).toBeVisible();
    expect(within(dialog).getByText('Something went wrong')).toBeVisible();
    expect(calls(fetchMock, 'POST', '/api/auth/sessions/revoke-others')).toHaveLength(1);
    expect(within(section('Sessions')).getByRole('cell', { name: 'Safari 18 on iOS' })).toBeVisible();
  });

  it('asks the server for a page of ten at a time, and counts the others on every page', async () => {
    const many: Session[] = Array.from({ length: 12 }, (_, i) => ({
      ...OTHER_DEVICE,
      id: `s-old-${i}`,
      device: `Old browser ${i + 1}`,
    }));
    const { fetchMock, user } = await renderProfilePage({ passkeys: [], sessions: [THIS_DEVICE, ...many] });
    const sessions = section('Sessions');
    await within(sessions).findByRole('cell', { name: /Chrome 131 on Linux/ });
    const asked = () =>
      fetchMock.mock.calls
        .map(([url]) => new URL(String(url), 'http://localhost'))
        .filter((url) => url.pathname === '/api/auth/sessions')
        .map((url) => `${url.searchParams.get('page')}/${url.searchParams.get('pageSize')}`);
    expect(asked()).toEqual(['1/10']);
    // The header row and ten sessions.
    expect(within(sessions).getAllByRole('row')).toHaveLength(11);
    expect(within(sessions).queryByRole('cell', { name: 'Old browser 12' })).toBeNull();
    await user.click(within(sessions).getByRole('button', { name: /next page/i }));
    expect(await within(sessions).findByRole('cell', { name: 'Old browser 12' })).toBeVisible();
    expect(asked()).toContain('2/10');
    expect(within(sessions).queryByRole('cell', { name: /Chrome 131 on Linux/ })).toBeNull();
    // Every other session, not only those of the page shown.
    await user.click(within(sessions).getByRole('button', { name: 'Sign out other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all other sessions?' });
    expect(dialog).toHaveTextContent('This signs out 12 other sessions at once');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
    // Page 2 is gone with them: the first, this device's, is shown.
    expect(await within(sessions).findByRole('cell', { name: /Chrome 131 on Linux/ })).toBeVisible();
    expect(within(sessions).queryByRole('cell', { name: 'Old browser 12' })).toBeNull();
  });

  it('signs out to /login when this device’s own session is revoked', async () => {
    const { router, user } = await renderProfilePage({ passkeys: [], sessions: [THIS_DEVICE] });
    await user.click(await screen.findByRole('button', { name: 'Revoke Chrome 131 on Linux (this device)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(currentPath(router)).toMatch(/^\/login/);
  });
});

describe('Profile: security activity', () => {
  it('tells each event in plain words, with its time, device and address', async () => {
    await renderProfilePage({ passkeys: [], sessions: [] }, () =>
      json(
        200,
        securityPage([
          securityEvent(3, 'session.signed_in', {
            method: 'passkey',
            passkeyName: 'YubiKey 5C',
            device: 'Chrome 131 on Linux',
            ip: '203.0.113.7',
          }),
          securityEvent(2, 'passkey.added', { passkeyName: 'YubiKey 5C' }),
          securityEvent(1, 'session.signed_in', { method: 'password', device: 'Safari 18 on iOS' }),
        ]),
      ),
    );
    const activity = section('Security activity');
    await within(activity).findByRole('cell', { name: 'Signed in with passkey “YubiKey 5C”' });
    const rows = within(activity).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Chrome 131 on Linux · 203.0.113.7');
    expect(rows[1]).toHaveTextContent('Mar 4, 2025');
    expect(rows[2]).toHaveTextContent('Passkey “YubiKey 5C” added');
    expect(rows[3]).toHaveTextContent('Signed in with a password');
    expect(rows[3]).toHaveTextContent('Safari 18 on iOS');
    // One page: no pager.
    expect(within(activity).queryByRole('navigation')).toBeNull();
  });

  it('says so when there is nothing yet', async () => {
    await renderProfilePage({ passkeys: [], sessions: [] });
    expect(await within(section('Security activity')).findByText('No security activity yet')).toBeVisible();
  });

  it('says why it failed and tries again on request', async () => {
    let fail = true;
    const { fetchMock, user } = await renderProfilePage({ passkeys: [], sessions: [] }, () =>
      fail
        ? json(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } })
        : json(200, securityPage([securityEvent(1, 'session.revoked', { device: 'Safari 18 on iOS' })])),
    );
    const activity = section('Security activity');
    expect(await within(activity).findByText('Failed to load the security activity')).toBeVisible();
    fail = false;
    await user.click(within(activity).getByRole('button', { name: 'Try again' }));
    expect(await within(activity).findByRole('cell', { name: 'Session revoked' })).toBeVisible();
    expect(
      fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/auth/me/security-events')).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('pages through the server’s pages', async () => {
    let requested = 0;
    const { fetchMock, user } = await renderProfilePage({ passkeys: [], sessions: [] }, () => {
      requested += 1;
      return requested === 1
        ? json(200, securityPage([securityEvent(12, 'session.revoked', {})], 1, 12))
        : json(200, securityPage([securityEvent(2, 'passkey.removed', { passkeyName: 'Old key' })], 2, 12));
    });
    const activity = section('Security activity');
    await within(activity).findByRole('cell', { name: 'Session revoked' });
    await user.click(within(activity).getByRole('button', { name: /next page/i }));
    expect(await within(activity).findByRole('cell', { name: 'Passkey “Old key” removed' })).toBeVisible();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/auth/me/security-events?page=2&pageSize=10');
  });
});

describe('Profile: permissions', () => {
  it('lists what the role allows in words, a resource’s actions together', async () => {
    await renderProfilePage({ passkeys: [], sessions: [] });
    const list = within(section('Permissions')).getByRole('list', { name: 'Permissions' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items.slice(0, 4)).toEqual(['View cases', 'Create cases', 'Edit cases', 'Delete cases']);
    expect(items).toContain('View identifiers');
    expect(items).toContain('Create community members');
    expect(items).not.toContain('Open the admin area');
    for (const permission of PERMISSIONS) expect(section('Permissions')).not.toHaveTextContent(permission);
  });

  it('says in words that an admin holds every permission', async () => {
    renderApp('/profile', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/auth/passkeys': () => json(200, []),
      'GET /api/auth/sessions': () => json(200, []),
    });
    await screen.findByRole('heading', { name: 'Profile', level: 1 });
    expect(section('Permissions')).toHaveTextContent(
      'Your role grants every permission, including any added later.',
    );
    expect(section('Permissions')).not.toHaveTextContent(WILDCARD);
    expect(within(section('Permissions')).queryByRole('list')).toBeNull();
  });
});
