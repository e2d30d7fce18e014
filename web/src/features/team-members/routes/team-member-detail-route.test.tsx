import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamMember } from '@scamtrail/domain/team-members';
import { formatDateTime } from '../../../lib/format';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { securityEvent } from '../../../test/security-events';
import { ACTIVE, detailOf, INVITED, SELF, SIGNED_IN_AT } from './team-member-fixtures';
import { asTextContent } from '../../../test/time-text';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDetail(member: TeamMember) {
  return renderApp(`/team-members/${member.id}`, {
    'GET /api/auth/me': () => json(200, makeUser('admin')),
    [`GET /api/team-members/${member.id}`]: () => json(200, detailOf(member)),
    [`GET /api/team-members/${member.id}/security-events`]: () =>
      json(200, {
        data: [
          {
            ...securityEvent(7, 'session.signed_in', {
              method: 'password',
              device: 'Firefox 133 on Windows',
              ip: '198.51.100.4',
            }),
            occurredAt: SIGNED_IN_AT,
          },
        ],
        pagination: { page: 1, pageSize: 10, totalItems: 1, totalPages: 1 },
      }),
  });
}

/** The value beside a label of the profile. */
function profileValue(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling;
}

describe('team member detail', () => {
  it('shows a member who never signed in as Invited, last sign-in Never, and offers to disable', async () => {
    renderDetail(INVITED);
    expect(await screen.findByRole('heading', { name: 'Grace Hopper', level: 1 })).toBeInTheDocument();
    expect(profileValue('Status')).toHaveTextContent('Invited');
    expect(profileValue('Last sign-in')).toHaveTextContent('Never');
    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByRole('heading', { name: 'Disable Grace Hopper?' })).toBeInTheDocument();
  });

  it('shows a member who signed in as Active with the time of their last sign-in', async () => {
    renderDetail(ACTIVE);
    expect(await screen.findByRole('heading', { name: 'Alan Turing', level: 1 })).toBeInTheDocument();
    expect(profileValue('Status')).toHaveTextContent('Active');
    expect(profileValue('Last sign-in')).toHaveTextContent(asTextContent(formatDateTime(SIGNED_IN_AT)));
  });

  it('on your own page, Edit member shows your role but does not let you change it, and says why', async () => {
    renderDetail(SELF);
    expect(await screen.findByRole('heading', { name: 'Ada Okafor', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit team member' });
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(role).toBeDisabled();
    expect(role).toHaveValue('admin');
    expect(
      within(dialog).getByText('You cannot change your own role. Another administrator can.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('First name')).toBeEnabled();
  });

  it("lets you change another member's role", async () => {
    renderDetail(ACTIVE);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit team member' });
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toBeEnabled();
  });

  it('shows an administrator the member’s security activity', async () => {
    const { fetchMock } = renderDetail(ACTIVE);
    const activity = await screen.findByRole('region', { name: 'Security activity' });
    const cell = await within(activity).findByRole('cell', { name: 'Signed in with a password' });
    expect(cell.closest('tr')).toHaveTextContent('Firefox 133 on Windows · 198.51.100.4');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      `/api/team-members/${ACTIVE.id}/security-events?page=1&pageSize=10`,
    );
  });
});
