import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Originator } from '@scamtrail/domain/originators';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { communityMember, page } from './community-member-fixtures';

afterEach(() => vi.unstubAllGlobals());

const TIPSTER = communityMember('c-1', 'tipster42', {
  communityMember: { username: 'tipster42', email: null, reputation: 20, notes: 'Forum regular' },
});

describe('editing a community member', () => {
  it('sends the version it edits, and on a conflict shows the current member and reapplies the edit', async () => {
    // Someone else renamed them and added an e-mail address in the meantime.
    const current: Originator = {
      ...TIPSTER,
      name: 'tipster43',
      communityMember: {
        username: 'tipster43',
        email: 'tip@example.org',
        reputation: 20,
        notes: 'Forum regular',
      },
      updatedAt: '2026-01-06T10:00:00.500Z',
    };
    const sent: { body: unknown; ifMatch: string | null }[] = [];
    renderApp('/team-members?tab=community', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/originators/community-members': () => page([TIPSTER]),
      [`PATCH /api/originators/community-members/${TIPSTER.id}`]: (init) => {
        const ifMatch = new Headers(init.headers).get('If-Match');
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        sent.push({ body, ifMatch });
        if (ifMatch === `"${Date.parse(current.updatedAt)}"`) return json(200, current);
        return json(412, {
          error: { code: 'PRECONDITION_FAILED', message: 'Changed', details: { current } },
        });
      },
    });
    await screen.findByText('tipster42');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for tipster42' }));
    // Carbon positions the menu after measuring it, which jsdom cannot: it stays "hidden" to queries.
    const menu = await screen.findByRole('menu', { hidden: true });
    const items = within(menu).getAllByRole('menuitem', { hidden: true });
    await userEvent.click(items.find((item) => item.textContent === 'Edit')!);
    const dialog = await screen.findByRole('dialog', { name: 'Edit community member' });
    const notes = within(dialog).getByLabelText('Notes (optional)');
    await userEvent.clear(notes);
    await userEvent.type(notes, 'Reliable reporter');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText('Someone else changed this community member while you were editing'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Username: tipster43')).toBeInTheDocument();
    expect(within(dialog).getByText('Email: tip@example.org')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        body: { username: 'tipster42', email: null, notes: 'Reliable reporter' },
        ifMatch: `"${Date.parse(TIPSTER.updatedAt)}"`,
      },
    ]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    expect(within(dialog).getByLabelText('Username')).toHaveValue('tipster43');
    expect(within(dialog).getByLabelText('Email (optional)')).toHaveValue('tip@example.org');
    expect(within(dialog).getByLabelText('Notes (optional)')).toHaveValue('Reliable reporter');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Community member saved')).toBeInTheDocument();
    expect(sent[1]).toEqual({
      body: { username: 'tipster43', email: 'tip@example.org', notes: 'Reliable reporter' },
      ifMatch: `"${Date.parse(current.updatedAt)}"`,
    });
  });
});
