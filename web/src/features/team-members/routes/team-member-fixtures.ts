import type { TeamMember, TeamMemberDetail } from '@scamtrail/domain/team-members';
import { json } from '../../../test/render-app';

/* Team members of the route tests: one never signed in, one who has, one disabled. */

const base = {
  role: 'investigator',
  createdAt: '2026-01-05T09:00:00.000Z',
  updatedAt: '2026-01-05T09:00:00.000Z',
} as const;

function member(id: string, firstName: string, lastName: string, rest: Partial<TeamMember>): TeamMember {
  const fullName = `${firstName} ${lastName}`;
  return {
    ...base,
    id,
    originatorId: `o-${id}`,
    email: `${firstName.toLowerCase()}@example.org`,
    firstName,
    lastName,
    fullName,
    displayName: `${fullName} (Team)`,
    status: 'active',
    lastLoginAt: null,
    ...rest,
  };
}

export const SIGNED_IN_AT = '2026-02-10T15:30:00.000Z';

export const INVITED = member('u-1', 'Grace', 'Hopper', { status: 'invited' });
export const ACTIVE = member('u-2', 'Alan', 'Turing', { status: 'active', lastLoginAt: SIGNED_IN_AT });
export const DISABLED = member('u-3', 'Joan', 'Clarke', { status: 'disabled', lastLoginAt: SIGNED_IN_AT });
/** The signed-in administrator of `makeUser('admin')`, as the list and detail show them. */
export const SELF = member('admin-1', 'Ada', 'Okafor', { role: 'admin', lastLoginAt: SIGNED_IN_AT });

export function detailOf(m: TeamMember): TeamMemberDetail {
  return { ...m, groups: [], recentJournalEntries: [], recentIdentifiers: [] };
}

export const page = (data: TeamMember[]) =>
  json(200, { data, pagination: { page: 1, pageSize: 25, totalItems: data.length, totalPages: 1 } });
