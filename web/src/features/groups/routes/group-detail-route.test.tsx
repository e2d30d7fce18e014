import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@scamtrail/domain/auth';
import type { GroupDetail } from '@scamtrail/domain/groups';
import { describe, expect, it, vi } from 'vitest';
import { json, makeUser, renderApp } from '../../../test/render-app';

const GROUP_ID = '11111111-1111-4111-8111-111111111111';
const member = (userId: string, firstName: string) => ({
  userId,
  originatorId: `originator-${userId}`,
  firstName,
  lastName: 'Okafor',
  fullName: `${firstName} Okafor`,
  email: `${firstName.toLowerCase()}@example.org`,
  role: 'investigator' as const,
  status: 'active' as const,
  addedAt: '2026-11-20T12:00:00.000Z',
});
const GROUP: GroupDetail = {
  id: GROUP_ID,
  name: 'Secret Ops',
  description: '',
  memberCount: 1,
  caseCount: 2,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  members: [member('investigator-1', 'Ivy')],
};

function renderGroup(user: CurrentUser, group: GroupDetail = GROUP) {
  renderApp(`/groups/${GROUP_ID}`, {
    'GET /api/auth/me': () => json(200, user),
    [`GET /api/groups/${GROUP_ID}`]: () => json(200, group),
  });
}

describe('group detail', () => {
  it('lets a member change the group', async () => {
    renderGroup(makeUser('investigator'));
    expect(await screen.findByRole('button', { name: 'Edit group' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete group' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Remove\s*Ivy Okafor$/ })).toBeInTheDocument();
    expect(screen.queryByText('You are not a member of this group.')).not.toBeInTheDocument();
  });

  it('offers an investigator outside the group nothing the server would refuse, and says why', async () => {
    renderGroup(makeUser('investigator'), { ...GROUP, members: [member('someone-else', 'Bo')] });
    expect(await screen.findByText('You are not a member of this group.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('lets an administrator change any group', async () => {
    renderGroup(makeUser('admin'), { ...GROUP, members: [member('someone-else', 'Bo')] });
    expect(await screen.findByRole('button', { name: 'Edit group' })).toBeInTheDocument();
    expect(screen.queryByText('You are not a member of this group.')).not.toBeInTheDocument();
  });

  it('tells a viewer nothing about membership: they may not change groups at all', async () => {
    renderGroup(makeUser('viewer'), { ...GROUP, members: [member('someone-else', 'Bo')] });
    expect(await screen.findByRole('heading', { name: 'Secret Ops', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit group' })).not.toBeInTheDocument();
    expect(screen.queryByText('You are not a member of this group.')).not.toBeInTheDocument();
  });

  it('links member names to their pages for an administrator, who may open them', async () => {
    renderGroup(makeUser('admin'));
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getByRole('link', { name: 'Ivy Okafor' })).toHaveAttribute(
      'href',
      '/team-members/investigator-1',
    );
  });

  it('leaves member names unlinked for a reader who may not open their pages', async () => {
    renderGroup(makeUser('investigator'));
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getAllByText('Ivy Okafor')[0]).toBeInTheDocument();
    expect(within(table).queryByRole('link')).not.toBeInTheDocument();
  });

  it('leaves member names unlinked for an administrator without team_member.view', async () => {
    // The server answers a member's page to team_member.view only, whatever the role.
    renderGroup(makeUser('admin', { permissions: ['group.view', 'group.edit', 'user.view'] }));
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getAllByText('Ivy Okafor')[0]).toBeInTheDocument();
    expect(within(table).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says how many cases are assigned when the server counts them, linking to the filtered list', async () => {
    renderGroup(makeUser('viewer'));
    const value = (await screen.findByText('Cases assigned')).nextElementSibling as HTMLElement;
    // The link says what it counts, not a bare number: a click target of a word or two.
    expect(value).toHaveTextContent(/^2 cases$/);
    expect(within(value).getByRole('link', { name: '2 cases of Secret Ops' })).toHaveAttribute(
      'href',
      `/cases?groupId=${GROUP_ID}`,
    );
  });

  it('says one case in the singular', async () => {
    renderGroup(makeUser('viewer'), { ...GROUP, caseCount: 1 });
    const value = (await screen.findByText('Cases assigned')).nextElementSibling as HTMLElement;
    expect(within(value).getByRole('link', { name: '1 case of Secret Ops' })).toHaveTextContent(/^1 case$/);
  });

  it('leaves a count of no cases unlinked: the filtered list would be empty', async () => {
    renderGroup(makeUser('viewer'), { ...GROUP, caseCount: 0 });
    const value = (await screen.findByText('Cases assigned')).nextElementSibling as HTMLElement;
    expect(value).toHaveTextContent(/^0 cases$/);
    expect(within(value).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a dash for the cases assigned when the server leaves the count out', async () => {
    const { caseCount: _left, ...withoutCount } = GROUP;
    renderGroup(makeUser('viewer'), withoutCount);
    const value = (await screen.findByText('Cases assigned')).nextElementSibling as HTMLElement;
    expect(value).toHaveTextContent(/^—$/);
    expect(within(value).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says why a group in use is not deleted, with focus on the reason inside the dialog', async () => {
    let answer: (response: Response) => void = () => undefined;
    renderApp(`/groups/${GROUP_ID}`, {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      [`GET /api/groups/${GROUP_ID}`]: () => json(200, { ...GROUP, memberCount: 0, members: [] }),
      [`DELETE /api/groups/${GROUP_ID}`]: () => {
        // A browser takes focus off the button it disables while deleting (jsdom does not): as Chromium does.
        (document.activeElement as HTMLElement | null)?.blur();
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete group' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete group “Secret Ops”?' });
    expect(dialog).toHaveTextContent('It has no members. A group with cases assigned cannot be deleted.');

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    act(() =>
      answer(
        json(409, {
          error: { code: 'IN_USE', message: 'Group has 2 cases; move them to another group first' },
        }),
      ),
    );
    const reason = await within(dialog).findByText('Group has 2 cases; move them to another group first');
    await vi.waitFor(() => expect(reason.closest('[tabindex="-1"]')).toHaveFocus());
    expect(within(dialog).getByText('The group is in use')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});
