import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Originator } from '@scamtrail/domain/originators';
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
 * would); PATCH changes the member as asked.
 */
function renderTab(members: Originator[], listed: (member: Originator) => boolean = () => true) {
  const patches: unknown[] = [];
  const current = new Map(members.map((member) => [member.id, member]));
  const routes: Parameters<typeof renderApp>[1] = {
    'GET /api/auth/me': () => json(200, makeUser('admin')),
    'GET /api/originators/community-members': () => page([...current.values()].filter(listed)),
  };
  for (const member of members) {
    routes[`PATCH /api/originators/community-members/${member.id}`] = (init) => {
      const body = JSON.parse(String(init.body)) as Partial<Originator>;
      patches.push(body);
      current.set(member.id, { ...current.get(member.id)!, ...body });
      return json(200, current.get(member.id));
    };
  }
  const view = renderApp('/team-members?tab=community', routes);
  return { ...view, patches };
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

  it('deactivates once confirmed and gives focus back to the row menu button', async () => {
    const { patches } = renderTab([TIPSTER]);
    await screen.findByText('tipster42');
    await chooseWithKeyboard('tipster42', 'Deactivate');
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate tipster42?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Community member deactivated')).toBeInTheDocument();
    expect(patches).toEqual([{ active: false }]);
    expect(screen.queryByRole('dialog', { name: 'Deactivate tipster42?' })).not.toBeInTheDocument();
    expect(menuButton('tipster42')).toHaveFocus();
  });

  it('reactivates at once, with focus back on the row menu button rather than the page', async () => {
    const { patches } = renderTab([RETIRED]);
    await screen.findByText('oldhand');
    await chooseWithKeyboard('oldhand', 'Reactivate');
    expect(menuButton('oldhand')).toHaveFocus();
    expect(await screen.findByText('Community member reactivated')).toBeInTheDocument();
    expect(patches).toEqual([{ active: true }]);
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
});
