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
