import type { CreateUserBody, UpdateUserBody } from '@scamtrail/domain/auth';
import { fullName } from '@scamtrail/domain/auth';
import {
  originatorDisplayName,
  teamMemberStatus,
  type TeamMemberStatus,
} from '@scamtrail/domain/originators';
import { toPagination, type Pagination } from '@scamtrail/domain/pagination';
import { hasPermission, type Permission, type Role } from '@scamtrail/domain/permissions';
import type { SecurityEventList, SecurityEventListQuery } from '@scamtrail/domain/security-events';
import type { TeamMember, TeamMemberDetail } from '@scamtrail/domain/team-members';
import type { Db } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { AppError } from '../../lib/errors';
import type { IfMatch } from '../../lib/preconditions';
import { iso } from '../../lib/schemas';
import type { Principal, UserPrincipal } from '../auth/principal';
import { listSecurityEvents } from '../events/security-events.service';
import { visibleCaseCondition } from '../../db/case-visibility';
import {
  accountUpdatedAt,
  findOriginatorRowByUserId,
  listOriginatorRows,
  requireOriginatorRow,
  type OriginatorRow,
} from '../originators/originators.service';
import { changeUser, createUserAs } from '../users/users.service';
import { findRecentIdentifiers, findRecentJournalEntries, findUserGroups } from './team-members.repository';

const RECENT_LIMIT = 10;

type TeamMemberRow = OriginatorRow & { user: NonNullable<OriginatorRow['user']> };

function asTeamMemberRow(row: OriginatorRow | undefined): TeamMemberRow {
  if (!row?.user || row.originator.type !== 'team_member') throw AppError.notFound('Team Member');
  return row as TeamMemberRow;
}

export function toTeamMember(row: OriginatorRow): TeamMember {
  const { originator, user } = asTeamMemberRow(row);
  const name = fullName(user);
  return {
    id: user.id,
    originatorId: originator.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: name,
    displayName: originatorDisplayName('team_member', name),
    role: user.role,
    status: teamMemberStatus(user),
    lastLoginAt: iso(user.lastLoginAt),
    createdAt: iso(user.createdAt),
    updatedAt: iso(accountUpdatedAt(row)),
  };
}

export interface TeamMemberQuery {
  search?: string;
  role?: Role;
  status?: TeamMemberStatus;
  page: number;
  pageSize: number;
}

/** Team-member rows matching name or e-mail, role and status. */
export async function listTeamMemberRows(db: Db, query: TeamMemberQuery, searchEmail: boolean) {
  const { search, role, status, page, pageSize } = query;
  return listOriginatorRows(
    db,
    { types: ['team_member'], search, searchEmail, role, teamMemberStatus: status },
    { page, pageSize },
  );
}

export async function listTeamMembers(
  db: Db,
  query: TeamMemberQuery,
): Promise<{ data: TeamMember[]; pagination: Pagination }> {
  const { rows, total } = await listTeamMemberRows(db, query, true);
  return { data: rows.map(toTeamMember), pagination: toPagination(query.page, query.pageSize, total) };
}

export async function requireTeamMemberRow(db: Db, userId: string): Promise<OriginatorRow> {
  return asTeamMemberRow(await findOriginatorRowByUserId(db, userId));
}

/** A team member's security activity (sign-ins, sessions, passkeys), as an administrator reads it. */
export async function listTeamMemberSecurityEvents(
  db: Db,
  userId: string,
  query: SecurityEventListQuery,
): Promise<SecurityEventList> {
  await requireTeamMemberRow(db, userId);
  return listSecurityEvents(db, userId, query);
}

/**
 * Profile, groups, and the latest journal entries (of cases the caller may see) and identifiers; each
 * list only for a caller holding its records' view permission (an API key's or a device sign-in's
 * scope may leave it out), as their own reads ask.
 */
export async function getTeamMemberDetail(
  db: Db,
  userId: string,
  principal: Principal,
): Promise<TeamMemberDetail> {
  const row = await requireTeamMemberRow(db, userId);
  const originatorId = row.originator.id;
  const may = (permission: Permission) => hasPermission(principal.permissions, permission);
  const [groups, entries, identifiers] = await readsTogether(db, [
    () => (may('group.view') ? findUserGroups(db, userId) : []),
    () =>
      may('journal_entry.view')
        ? findRecentJournalEntries(db, originatorId, visibleCaseCondition(principal), RECENT_LIMIT)
        : [],
    () => (may('identifier.view') ? findRecentIdentifiers(db, originatorId, RECENT_LIMIT) : []),
  ]);
  return {
    ...toTeamMember(row),
    groups,
    recentJournalEntries: entries.map((e) => ({
      ...e,
      performedAt: iso(e.performedAt),
      createdAt: iso(e.createdAt),
    })),
    recentIdentifiers: identifiers.map((i) => ({ ...i, createdAt: iso(i.createdAt) })),
  };
}

/** Creates the user account (with its originator); `createUserAs` records the invitation. */
export async function inviteTeamMember(
  db: Db,
  body: CreateUserBody,
  actor: UserPrincipal,
): Promise<OriginatorRow> {
  const user = await createUserAs(db, body, actor);
  return requireTeamMemberRow(db, user.id);
}

/**
 * Names, role or disabled flag, through the users service (which revokes the member's sessions on
 * a role change or disabling, refuses it on one's own account and when it would leave no active
 * administrator (409), and records the audit event). Given
 * `ifMatch`, refused (412) unless made from the member's current version (`accountUpdatedAt`).
 */
export async function changeTeamMember(
  db: Db,
  userId: string,
  changes: Pick<UpdateUserBody, 'firstName' | 'lastName' | 'role' | 'disabled'>,
  actor: UserPrincipal,
  limits: { deviceSessionIdleMs: number },
  ifMatch?: IfMatch,
): Promise<OriginatorRow> {
  await requireTeamMemberRow(db, userId);
  await changeUser(db, userId, changes, actor, limits, ifMatch, 'team member');
  return requireTeamMemberRow(db, userId);
}

/** The user id behind a team-member originator id. */
export async function userIdOfOriginator(db: Db, originatorId: string): Promise<string> {
  return asTeamMemberRow(await requireOriginatorRow(db, originatorId, 'team_member')).user.id;
}
