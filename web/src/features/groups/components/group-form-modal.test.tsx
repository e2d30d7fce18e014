import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupDetail } from '@scamtrail/domain/groups';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  members: [member('22222222-2222-4222-8222-222222222222', 'Ivy')],
};

afterEach(() => vi.unstubAllGlobals());

describe('editing a group', () => {
  it('sends the version it edits, and on a conflict shows the current group and reapplies the edit', async () => {
    // Someone else renamed it and added Bo in the meantime.
    const current: GroupDetail = {
      ...GROUP,
      name: 'Secret Ops East',
      members: [...GROUP.members, member('33333333-3333-4333-8333-333333333333', 'Bo')],
      memberCount: 2,
      updatedAt: '2026-11-21T09:00:00.750Z',
    };
    const sent: { body: unknown; ifMatch: string | null }[] = [];
    const { fetchMock } = renderApp(`/groups/${GROUP_ID}`, {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      [`GET /api/groups/${GROUP_ID}`]: () => json(200, GROUP),
      'GET /api/originators/team-members': () =>
        json(200, { data: [], pagination: { page: 1, pageSize: 100, totalItems: 0, totalPages: 0 } }),
      [`PATCH /api/groups/${GROUP_ID}`]: (init) => {
        const ifMatch = new Headers(init.headers).get('If-Match');
        const body = JSON.parse(String(init.body)) as Partial<GroupDetail>;
        sent.push({ body, ifMatch });
        if (ifMatch === `"${Date.parse(current.updatedAt)}"`) return json(200, { ...current, ...body });
        return json(412, {
          error: { code: 'PRECONDITION_FAILED', message: 'Changed', details: { current } },
        });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit group' });
    await userEvent.type(within(dialog).getByLabelText('Description (optional)'), 'Romance scams');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText('Someone else changed this group while you were editing'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Name: Secret Ops East')).toBeInTheDocument();
    expect(within(dialog).getByText('Members: Ivy Okafor, Bo Okafor')).toBeInTheDocument();
    expect(sent).toEqual([
      { body: { description: 'Romance scams' }, ifMatch: `"${Date.parse(GROUP.updatedAt)}"` },
    ]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Secret Ops East');
    expect(within(dialog).getByLabelText('Description (optional)')).toHaveValue('Romance scams');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Group saved')).toBeInTheDocument();
    expect(sent[1]).toEqual({
      body: { description: 'Romance scams' },
      ifMatch: `"${Date.parse(current.updatedAt)}"`,
    });
    // Bo, whom the other person added, is not taken out again.
    const memberPuts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(memberPuts).toEqual([]);
  });
});

describe("changing a group's members", () => {
  const IVY = GROUP.members[0];
  const teamMembers = () =>
    json(200, {
      data: [
        {
          id: IVY.originatorId,
          type: 'team_member',
          teamMember: { userId: IVY.userId, firstName: 'Ivy', lastName: 'Okafor', status: 'active' },
        },
      ],
      pagination: { page: 1, pageSize: 100, totalItems: 1, totalPages: 1 },
    });

  it('replaces the list from the version just saved, and on a conflict keeps the removal over the current list', async () => {
    const renamed: GroupDetail = { ...GROUP, name: 'Secret Ops West', updatedAt: '2026-11-21T08:00:00.000Z' };
    // Someone else added Bo after the rename.
    const current: GroupDetail = {
      ...renamed,
      members: [...GROUP.members, member('33333333-3333-4333-8333-333333333333', 'Bo')],
      updatedAt: '2026-11-21T08:00:00.001Z',
    };
    const sent: { method: string; body: unknown; ifMatch: string | null }[] = [];
    const record = (method: string, init: RequestInit) => {
      const ifMatch = new Headers(init.headers).get('If-Match');
      sent.push({ method, body: JSON.parse(String(init.body)), ifMatch });
      return ifMatch;
    };
    renderApp(`/groups/${GROUP_ID}`, {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      [`GET /api/groups/${GROUP_ID}`]: () => json(200, GROUP),
      'GET /api/originators/team-members': teamMembers,
      [`PATCH /api/groups/${GROUP_ID}`]: (init) => {
        record('PATCH', init);
        return json(200, renamed);
      },
      [`PUT /api/groups/${GROUP_ID}/members`]: (init) => {
        const ifMatch = record('PUT', init);
        if (ifMatch !== `"${Date.parse(current.updatedAt)}"`) {
          return json(412, {
            error: { code: 'PRECONDITION_FAILED', message: 'Changed', details: { current } },
          });
        }
        const { userIds } = JSON.parse(String(init.body)) as { userIds: string[] };
        return json(200, { ...current, members: current.members.filter((m) => userIds.includes(m.userId)) });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit group' });
    const name = within(dialog).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Secret Ops West');
    const chosen = await within(dialog).findByRole('list', { name: 'Chosen members' });
    await userEvent.click(within(chosen).getByRole('button'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Members: Ivy Okafor, Bo Okafor')).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'PATCH', body: { name: 'Secret Ops West' }, ifMatch: `"${Date.parse(GROUP.updatedAt)}"` },
      // The list goes from the version the rename made, not the one the dialog opened on.
      { method: 'PUT', body: { userIds: [] }, ifMatch: `"${Date.parse(renamed.updatedAt)}"` },
    ]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Group saved')).toBeInTheDocument();
    // Ivy stays removed, Bo whom the other person added stays; the name is not sent again.
    expect(sent.slice(2)).toEqual([
      {
        method: 'PUT',
        body: { userIds: ['33333333-3333-4333-8333-333333333333'] },
        ifMatch: `"${Date.parse(current.updatedAt)}"`,
      },
    ]);
  });

  it('removes a member from the version shown, and after a refusal from the group read again', async () => {
    const current: GroupDetail = {
      ...GROUP,
      description: 'Romance scams',
      updatedAt: '2026-11-21T09:00:00.000Z',
    };
    let shown = GROUP;
    const deletes: (string | null)[] = [];
    renderApp(`/groups/${GROUP_ID}`, {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      [`GET /api/groups/${GROUP_ID}`]: () => json(200, shown),
      [`DELETE /api/groups/${GROUP_ID}/members/${IVY.userId}`]: (init) => {
        const ifMatch = new Headers(init.headers).get('If-Match');
        deletes.push(ifMatch);
        if (ifMatch !== `"${Date.parse(current.updatedAt)}"`) {
          // The page reads the group again after the refusal: it now answers the current version.
          shown = current;
          return json(412, {
            error: {
              code: 'PRECONDITION_FAILED',
              message: 'Someone else changed this group',
              details: { current },
            },
          });
        }
        return json(200, { ...current, members: [], memberCount: 0 });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: /^Remove\s*Ivy Okafor$/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove Ivy Okafor?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Someone else changed this group')).toBeInTheDocument();
    expect(deletes).toEqual([`"${Date.parse(GROUP.updatedAt)}"`]);
    expect(await screen.findByText('Romance scams')).toBeInTheDocument();

    dialog = screen.getByRole('dialog', { name: 'Remove Ivy Okafor?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Member removed')).toBeInTheDocument();
    expect(deletes).toEqual([`"${Date.parse(GROUP.updatedAt)}"`, `"${Date.parse(current.updatedAt)}"`]);
  });
});
