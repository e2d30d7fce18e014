import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamMember } from '@scamtrail/domain/team-members';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { ACTIVE, detailOf } from '../routes/team-member-fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('editing a team member', () => {
  it('sends the version it edits, and on a conflict shows the current member and reapplies the edit', async () => {
    // Someone else corrected the last name and made them an administrator in the meantime.
    const current: TeamMember = {
      ...ACTIVE,
      lastName: 'Turing-Smith',
      fullName: `${ACTIVE.firstName} Turing-Smith`,
      role: 'admin',
      updatedAt: '2026-11-22T10:00:00.375Z',
    };
    const sent: { body: unknown; ifMatch: string | null }[] = [];
    renderApp(`/team-members/${ACTIVE.id}`, {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      [`GET /api/team-members/${ACTIVE.id}`]: () => json(200, detailOf(ACTIVE)),
      [`GET /api/team-members/${ACTIVE.id}/security-events`]: () =>
        json(200, { data: [], pagination: { page: 1, pageSize: 10, totalItems: 0, totalPages: 0 } }),
      [`PATCH /api/team-members/${ACTIVE.id}`]: (init) => {
        const ifMatch = new Headers(init.headers).get('If-Match');
        const body = JSON.parse(String(init.body)) as Partial<TeamMember>;
        sent.push({ body, ifMatch });
        if (ifMatch === `"${Date.parse(current.updatedAt)}"`) return json(200, { ...current, ...body });
        return json(412, {
          error: { code: 'PRECONDITION_FAILED', message: 'Changed', details: { current } },
        });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit team member' });
    const firstName = within(dialog).getByLabelText('First name');
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Alan M.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText('Someone else changed this team member while you were editing'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Last name: Turing-Smith')).toBeInTheDocument();
    expect(sent).toEqual([{ body: { firstName: 'Alan M.' }, ifMatch: `"${Date.parse(ACTIVE.updatedAt)}"` }]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    expect(within(dialog).getByLabelText('First name')).toHaveValue('Alan M.');
    expect(within(dialog).getByLabelText('Last name')).toHaveValue('Turing-Smith');
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveValue('admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Team member saved')).toBeInTheDocument();
    // Only the first name goes: their last name and role are not undone.
    expect(sent[1]).toEqual({
      body: { firstName: 'Alan M.' },
      ifMatch: `"${Date.parse(current.updatedAt)}"`,
    });
  });
});
