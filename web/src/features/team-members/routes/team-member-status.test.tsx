import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entityTagOf } from '@scamtrail/domain/entity-tags';
import type { TeamMember } from '@scamtrail/domain/team-members';
import { expectNoSeriousViolations } from '../../../test/axe';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { ACTIVE, detailOf, DISABLED } from './team-member-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * A team member's page; `/disable` and `/enable` change them unless their If-Match names a version
 * someone else has replaced since (412, with the member as it is now).
 */
function renderDetail(member: TeamMember) {
  let state = member;
  const calls: string[] = [];
  const statusChange = (action: 'disable' | 'enable') => (init: RequestInit) => {
    const ifMatch = new Headers(init.headers).get('If-Match');
    calls.push(`${action} from ${ifMatch}`);
    if (ifMatch && ifMatch !== entityTagOf(state.updatedAt)) {
      return json(412, {
        error: {
          code: 'PRECONDITION_FAILED',
          message: 'Someone else changed this team member since you read it. Nothing was saved.',
          details: { currentETag: entityTagOf(state.updatedAt), current: state },
        },
      });
    }
    state = {
      ...state,
      status: action === 'disable' ? 'disabled' : 'active',
      updatedAt: new Date(Date.parse(state.updatedAt) + 1).toISOString(),
    };
    return json(200, state);
  };
  const view = renderApp(`/team-members/${member.id}`, {
    'GET /api/auth/me': () => json(200, makeUser('admin')),
    [`GET /api/team-members/${member.id}`]: () => json(200, detailOf(state)),
    [`GET /api/team-members/${member.id}/security-events`]: () =>
      json(200, { data: [], pagination: { page: 1, pageSize: 10, totalItems: 0, totalPages: 0 } }),
    [`POST /api/team-members/${member.id}/disable`]: statusChange('disable'),
    [`POST /api/team-members/${member.id}/enable`]: statusChange('enable'),
  });
  /** Someone else's change, unseen by the page until it reads the member again. */
  const changeElsewhere = (change: Partial<TeamMember>) => {
    state = { ...state, ...change };
  };
  return { ...view, calls, changeElsewhere };
}

/** The value beside a label of the profile. */
const profileValue = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe("a team member's status", () => {
  it('disables from the version shown', async () => {
    const user = userEvent.setup();
    const { calls } = renderDetail(ACTIVE);
    await screen.findByRole('heading', { name: 'Alan Turing', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Alan Turing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Team member disabled')).toBeInTheDocument();
    expect(calls).toEqual([`disable from ${entityTagOf(ACTIVE.updatedAt)}`]);
    await waitFor(() => expect(profileValue('Status')).toHaveTextContent('Disabled'));
  });

  it('refuses to enable a member someone else changed since, says what, and enables after Reload', async () => {
    const user = userEvent.setup();
    const { calls, changeElsewhere } = renderDetail(DISABLED);
    await screen.findByRole('heading', { name: 'Joan Clarke', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable Joan Clarke?' });
    const later = '2026-11-29T03:00:00.000Z';
    changeElsewhere({ role: 'viewer', updatedAt: later });
    await user.click(within(dialog).getByRole('button', { name: 'Enable' }));
    expect(
      await within(dialog).findByText('Someone else changed this team member while you were editing'),
    ).toBeVisible();
    expect(dialog).toHaveTextContent('Role: Viewer');
    await expectNoSeriousViolations(dialog);
    expect(within(dialog).getByRole('button', { name: 'Enable' })).toBeDisabled();
    // The page behind reads the member again.
    await waitFor(() => expect(profileValue('Role')).toHaveTextContent('Viewer'));
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Team member enabled')).toBeInTheDocument();
    expect(calls).toEqual([
      `enable from ${entityTagOf(DISABLED.updatedAt)}`,
      `enable from ${entityTagOf(later)}`,
    ]);
  });
});
