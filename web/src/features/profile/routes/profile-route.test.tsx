import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Passkey, Session } from '@scamtrail/domain/passkeys';
import { PERMISSIONS, WILDCARD } from '@scamtrail/domain/permissions';
import { currentPath, json, makeUser, renderApp } from '../../../test/render-app';
import { ASSERTION_JSON, domError, installWebAuthn } from '../../../test/webauthn';

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

function renderProfile(state: { passkeys: Passkey[]; sessions: Session[] }) {
  let signedIn = true;
  const view = renderApp('/profile', {
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
    'GET /api/auth/sessions': () => json(200, state.sessions),
    'DELETE /api/auth/sessions/s-1': () => {
      signedIn = false;
      return new Response(null, { status: 204 });
    },
    'DELETE /api/auth/sessions/s-2': () => {
      state.sessions = state.sessions.filter((item) => item.id !== 's-2');
      return new Response(null, { status: 204 });
    },
  });
  return { ...view, user: userEvent.setup() };
}

/** The profile page once its lazy screen is on it. */
async function renderProfilePage(state: { passkeys: Passkey[]; sessions: Session[] }) {
  const view = renderProfile(state);
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
  it('lists the sessions, this device first and tagged', async () => {
    await renderProfilePage({ passkeys: [], sessions: [OTHER_DEVICE, THIS_DEVICE] });
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

  it('signs out to /login when this device’s own session is revoked', async () => {
    const { router, user } = await renderProfilePage({ passkeys: [], sessions: [THIS_DEVICE] });
    await user.click(await screen.findByRole('button', { name: 'Revoke Chrome 131 on Linux (this device)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(currentPath(router)).toMatch(/^\/login/);
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
