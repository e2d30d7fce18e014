import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entityTagOf } from '@scamtrail/domain/entity-tags';
import type { Originator } from '@scamtrail/domain/originators';
import { expectNoSeriousViolations } from '../../../test/axe';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { communityMember, page } from './community-member-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TIPSTER = communityMember('c-1', 'tipster42');
const RETIRED = communityMember('c-2', 'oldhand', { active: false });

/**
 * The community members tab with `members`, of which the list shows those `listed` (as a status filter
 * would); PATCH changes the member as asked, unless its If-Match names a version someone else has
 * replaced since (412, with the member as it is now).
 */
function renderTab(members: Originator[], listed: (member: Originator) => boolean = () => true) {
  const patches: unknown[] = [];
  const ifMatches: (string | null)[] = [];
  const current = new Map(members.map((member) => [member.id, member]));
  const routes: Parameters<typeof renderApp>[1] = {
    'GET /api/auth/me': () => json(200, makeUser('admin')),
    'GET /api/originators/community-members': () => page([...current.values()].filter(listed)),
  };
  for (const member of members) {
    routes[`PATCH /api/originators/community-members/${member.id}`] = (init) => {
      const ifMatch = new Headers(init.headers).get('If-Match');
      ifMatches.push(ifMatch);
      const now = current.get(member.id)!;
      if (ifMatch && ifMatch !== entityTagOf(now.updatedAt)) {
        return json(412, {
          error: {
            code: 'PRECONDITION_FAILED',
            message: 'Someone else changed this community member since you read it. Nothing was saved.',
            details: { currentETag: entityTagOf(now.updatedAt), current: now },
          },
        });
      }
      const body = JSON.parse(String(init.body)) as Partial<Originator>;
      patches.push(body);
      current.set(member.id, {
        ...now,
        ...body,
        updatedAt: new Date(Date.parse(now.updatedAt) + 1).toISOString(),
      });
      return json(200, current.get(member.id));
    };
  }
  const view = renderApp('/team-members?tab=community', routes);
  /** Someone else's change, unseen by the page until it reads the list again. */
  const changeElsewhere = (id: string, change: Partial<Originator>) => {
    current.set(id, { ...current.get(id)!, ...change });
  };
  return { ...view, patches, ifMatches, changeElsewhere };
}

const menuButton = (username: string) => screen.getByRole('button', { name: `Actions for ${username}` });

/** Opens the row's menu and chooses `item` with the keyboard only. */
async function chooseWithKeyboard(username: string, item: string) {
  menuButton(username).focus();
  await userEvent.keyboard('{Enter}');
  // Carbon positions the menu after measuring it, which jsdom cannot: it stays "hidden" to queries.
  const menu = await screen.findByRole('menu', { hidden: true });
  const items = within(menu).getAllByRole('menuitem', { hidden: true });
  const index = items.findIndex((element) => element.textContent === item);
  expect(index).toBeGreaterThanOrEqual(0);
  // jsdom cannot place the menu, so Carbon does not move focus into it: go to the item as arrows would.
  items[index].focus();
  await userEvent.keyboard('{Enter}');
}

describe('community member status', () => {
  it('asks before deactivating; Cancel changes nothing and focus goes back to the menu button', async () => {
    const { patches } = renderTab([TIPSTER]);
    await screen.findByText('tipster42');
    await chooseWithKeyboard('tipster42', 'Deactivate');
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate tipster42?' });
    expect(within(dialog).getByText(/no longer offered under Reported by/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Deactivate tipster42?' })).not.toBeInTheDocument();
    expect(patches).toEqual([]);
    expect(menuButton('tipster42')).toHaveFocus();
  });

  it('deactivates once confirmed, from the version shown, and gives focus back to the row menu button', async () => {
    const { patches, ifMatches } = renderTab([TIPSTER]);
    await screen.findByText('tipster42');
    await chooseWithKeyboard('tipster42', 'Deactivate');
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate tipster42?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Community member deactivated')).toBeInTheDocument();
    expect(patches).toEqual([{ active: false }]);
    expect(ifMatches).toEqual([entityTagOf(TIPSTER.updatedAt)]);
    expect(screen.queryByRole('dialog', { name: 'Deactivate tipster42?' })).not.toBeInTheDocument();
    expect(menuButton('tipster42')).toHaveFocus();
  });

  it('reactivates at once, from the version shown, with focus back on the row menu button', async () => {
    const { patches, ifMatches } = renderTab([RETIRED]);
    await screen.findByText('oldhand');
    await chooseWithKeyboard('oldhand', 'Reactivate');
    expect(menuButton('oldhand')).toHaveFocus();
    expect(await screen.findByText('Community member reactivated')).toBeInTheDocument();
    expect(patches).toEqual([{ active: true }]);
    expect(ifMatches).toEqual([entityTagOf(RETIRED.updatedAt)]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton('oldhand')).toHaveFocus();
  });

  it("moves focus to the list's heading, not <body>, when the reactivated row leaves a filtered list", async () => {
    renderTab([RETIRED], (member) => !member.active);
    await screen.findByText('oldhand');
    await chooseWithKeyboard('oldhand', 'Reactivate');
    expect(await screen.findByText('Community member reactivated')).toBeInTheDocument();
    // The list refreshes without the row: its menu button, which had focus, is gone.
    await waitFor(() => expect(screen.queryByText('oldhand')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Community members' })).toHaveFocus();
  });

  it('refuses to deactivate a member someone else changed since, says what, and deactivates after Reload', async () => {
    const user = userEvent.setup();
    const { patches, ifMatches, changeElsewhere } = renderTab([TIPSTER]);
    await screen.findByText('tipster42');
    await chooseWithKeyboard('tipster42', 'Deactivate');
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate tipster42?' });
    const later = '2026-11-29T03:00:00.000Z';
    changeElsewhere('c-1', {
      communityMember: { ...TIPSTER.communityMember!, reputation: 70, notes: 'Reliable' },
      updatedAt: later,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(
      await within(dialog).findByText('Someone else changed this community member while you were editing'),
    ).toBeVisible();
    expect(dialog).toHaveTextContent('Notes: Reliable');
    expect(dialog).toHaveTextContent('Reputation: 70');
    await expectNoSeriousViolations(dialog);
    expect(within(dialog).getByRole('button', { name: 'Deactivate' })).toBeDisabled();
    expect(patches).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Community member deactivated')).toBeInTheDocument();
    expect(patches).toEqual([{ active: false }]);
    expect(ifMatches).toEqual([entityTagOf(TIPSTER.updatedAt), entityTagOf(later)]);
  });

  it('a refused reactivation says "Access Denied" once, with no second failure message', async () => {
    renderApp('/team-members?tab=community', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/originators/community-members': () => page([RETIRED]),
      [`PATCH /api/originators/community-members/${RETIRED.id}`]: () =>
        json(403, {
          error: { code: 'FORBIDDEN', message: 'You do not have permission to perform this action.' },
        }),
    });
    await screen.findByText('oldhand');
    await chooseWithKeyboard('oldhand', 'Reactivate');
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.queryByText('Not changed')).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('says so when reactivating a member someone else changed since, and shows their version', async () => {
    const { patches, changeElsewhere } = renderTab([RETIRED]);
    await screen.findByText('oldhand');
    changeElsewhere('c-2', {
      communityMember: { ...RETIRED.communityMember!, username: 'old_hand' },
      name: 'old_hand',
      updatedAt: '2026-11-29T03:00:00.000Z',
    });
    await chooseWithKeyboard('oldhand', 'Reactivate');
    expect(await screen.findByText(/Someone else changed this community member/)).toBeInTheDocument();
    expect(patches).toEqual([]);
    // Read again: the row shows their change, still inactive.
    expect(await screen.findByText('old_hand')).toBeInTheDocument();
    expect(screen.queryByText('oldhand')).not.toBeInTheDocument();
  });
});
