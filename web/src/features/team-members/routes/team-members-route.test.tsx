import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { permissionsForRole } from '@scamtrail/domain/permissions';
import { formatDateTime } from '../../../lib/format';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { ACTIVE, DISABLED, INVITED, page, SELF, SIGNED_IN_AT } from './team-member-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function rowOf(name: string) {
  return screen.getByRole('link', { name }).closest('tr')!;
}

function listCalls(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/team-members');
}

async function rowMenu(name: string) {
  await userEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  // Carbon positions the menu after measuring it, which jsdom cannot: it stays "hidden" to queries.
  const menu = await screen.findByRole('menu', { hidden: true });
  return within(menu)
    .getAllByRole('menuitem', { hidden: true })
    .map((item) => item.textContent);
}

describe('team members list', () => {
  it('shows each status as a tag and the last sign-in, or Never', async () => {
    renderApp('/team-members', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/team-members': () => page([INVITED, ACTIVE, DISABLED]),
    });
    await screen.findByRole('link', { name: 'Grace Hopper' });
    // Headed as the community members' table is: what the list holds, in a line.
    expect(
      screen.getByText('Staff with an account. Their role decides what they may see and change.'),
    ).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Last sign-in' })).toBeInTheDocument();
    const signedIn = formatDateTime(SIGNED_IN_AT);
    for (const [name, status, lastSignIn] of [
      ['Grace Hopper', 'Invited', 'Never'],
      ['Alan Turing', 'Active', signedIn],
      ['Joan Clarke', 'Disabled', signedIn],
    ]) {
      const row = within(rowOf(name));
      expect(row.getByText(status).closest('.cds--tag')).not.toBeNull();
      expect(row.getAllByRole('cell').map((cell) => cell.textContent)).toContain(lastSignIn);
    }
    expect(within(rowOf('Grace Hopper')).getByText('Invited').closest('.cds--tag--purple')).not.toBeNull();
  });

  it('offers Invited in the status filter and asks the server for it', async () => {
    const { fetchMock } = renderApp('/team-members', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/team-members': () => page([INVITED]),
    });
    await screen.findByRole('link', { name: 'Grace Hopper' });
    const filter = screen.getByRole('combobox', { name: /Status/ });
    await userEvent.click(filter);
    const options = within(filter.closest<HTMLElement>('.cds--dropdown')!).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All statuses',
      'Invited',
      'Active',
      'Disabled',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Invited' }));
    await waitFor(() =>
      expect(listCalls(fetchMock).map((url) => url.searchParams.get('status'))).toEqual([null, 'invited']),
    );
    // Chosen, a filter names itself, as the other lists' filters do; "All ..." needs no name.
    expect(filter).toHaveTextContent(/^Status: Invited/);
    expect(screen.getByRole('combobox', { name: /Role/ })).toHaveTextContent(/^All roles/);
  });

  it('offers to disable an invited member and to enable a disabled one', async () => {
    renderApp('/team-members', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/team-members': () => page([INVITED, DISABLED]),
    });
    await screen.findByRole('link', { name: 'Grace Hopper' });
    expect(await rowMenu('Grace Hopper')).toEqual(['Change role', 'Disable']);
    await userEvent.keyboard('{Escape}');
    expect(await rowMenu('Joan Clarke')).toEqual(['Change role', 'Enable']);
  });

  it('offers no role change or disabling on your own row, which the server would refuse', async () => {
    renderApp('/team-members', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/team-members': () => page([SELF, ACTIVE]),
    });
    await screen.findByRole('link', { name: 'Ada Okafor' });
    expect(screen.queryByRole('button', { name: 'Actions for Ada Okafor' })).not.toBeInTheDocument();
    expect(await rowMenu('Alan Turing')).toEqual(['Change role', 'Disable']);
  });

  it('asks for an email when Invite member is sent without one', async () => {
    const { fetchMock } = renderApp('/team-members', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/team-members': () => page([]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite member' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

/**
 * Someone who administers team members without holding every permission. No such role ships today
 * (the screen is for administrators), so the session lists fewer permissions than the role would: the
 * forms follow the permissions, as the server does, which refuses any role stronger than the giver.
 */
const TEAM_MANAGER = makeUser('admin', {
  permissions: [
    ...permissionsForRole('investigator'),
    'team_member.view',
    'team_member.create',
    'team_member.edit',
  ],
});

describe('roles a user may give', () => {
  it('the invitation offers only roles whose every permission the user holds', async () => {
    renderApp('/team-members', {
      'GET /api/auth/me': () => json(200, TEAM_MANAGER),
      'GET /api/team-members': () => page([]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite member' });
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Investigator', 'Viewer']);
    expect(role).toHaveValue('investigator');
  });

  it('an administrator may give every role', async () => {
    renderApp('/team-members', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/team-members': () => page([]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite member' });
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Admin', 'Investigator', 'Viewer']);
  });

  it("a stronger member's role is shown but cannot be changed", async () => {
    renderApp('/team-members', {
      'GET /api/auth/me': () => json(200, TEAM_MANAGER),
      'GET /api/team-members': () => page([{ ...ACTIVE, role: 'admin' }]),
    });
    await screen.findByRole('link', { name: 'Alan Turing' });
    await rowMenu('Alan Turing');
    const items = screen.getAllByRole('menuitem', { hidden: true });
    await userEvent.click(items.find((item) => item.textContent === 'Change role')!);
    const dialog = await screen.findByRole('dialog', { name: /Change role/ });
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(role).toBeDisabled();
    expect(role).toHaveValue('admin');
    expect(within(dialog).getByText(/holds permissions you do not hold/)).toBeInTheDocument();
  });
});

describe('the tabs', () => {
  it("names the community members' chosen status in its filter", async () => {
    renderApp('/team-members?tab=community', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/team-members': () => page([]),
      'GET /api/originators/community-members': () => page([]),
    });
    await screen.findByRole('searchbox', { name: 'Search community members' });
    const filter = screen.getByRole('combobox', { name: /Status/ });
    expect(filter).toHaveTextContent(/^All statuses/);
    await userEvent.click(filter);
    await userEvent.click(screen.getByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(filter).toHaveTextContent(/^Status: Inactive/));
  });

  it.each([
    ['/team-members', 'Search team members'],
    ['/team-members?tab=community', 'Search community members'],
  ])('at %s put the toolbar on the layer above the contained panel', async (path, searchLabel) => {
    renderApp(path, {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/team-members': () => page([]),
      'GET /api/originators/community-members': () => page([]),
    });
    const search = await screen.findByRole('searchbox', { name: searchLabel });
    const filter = screen.getByRole('combobox', { name: /Status/ });
    for (const field of [search, filter]) {
      // The panel is $layer-01; the fields take $field-02 from the layer inside it, not the panel's grey.
      const layer = field.closest('.cds--layer-two');
      expect(layer).not.toBeNull();
      expect(layer!.parentElement!.closest('.cds--tab-content')).not.toBeNull();
    }
  });
});
