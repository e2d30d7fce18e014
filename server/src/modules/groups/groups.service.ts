import { fullName } from '@scamtrail/domain/auth';
import { hasPermission } from '@scamtrail/domain/permissions';
import type { CreateGroupBody, Group, GroupDetail, UpdateGroupBody } from '@scamtrail/domain/groups';
import { teamMemberStatus } from '@scamtrail/domain/originators';
import { toPagination, type Pagination } from '@scamtrail/domain/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { withUniqueField } from '../../lib/conflicts';
import { groups } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { assertIfMatch, type IfMatch } from '../../lib/preconditions';
import { iso } from '../../lib/schemas';
import type { Principal } from '../auth/principal';
import { recordEvent } from '../events/events.service';
import { canSeeAllCases, viewerParams, visibleCaseCondition } from '../../db/case-visibility';
import { assertUsersExist, groupEvent, lockManagedGroup } from './group.preconditions';
import {
  addGroupMembers,
  countGroupCases,
  deleteGroupRow,
  findGroupMemberRows,
  findGroupRow,
  insertGroup,
  listGroupRows,
  updateGroupRow,
  type CaseScope,
  type GroupRow,
} from './groups.repository';

const UNIQUE_GROUP_NAME = {
  constraint: 'groups_name_lower_idx',
  field: 'name',
  message: 'A group with this name already exists',
};

export function toGroup(row: GroupRow): Group {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    memberCount: row.memberCount,
    ...(row.caseCount !== undefined && { caseCount: row.caseCount }),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/**
 * The cases `caseCount` takes in: only those the caller may see, and none at all (the count is left
 * out, not 0) without case.view.
 */
function caseScope(principal: Principal): CaseScope {
  return viewerParams(principal).viewerSeesCases ? visibleCaseCondition(principal) : null;
}

/** `caseCount` takes in only the cases the caller may see, and is absent without case.view. */
export async function listGroups(
  db: Db,
  query: { search?: string; page: number; pageSize: number },
  principal: Principal,
): Promise<{ data: Group[]; pagination: Pagination }> {
  const { rows, total } = await listGroupRows(db, query.search, query, caseScope(principal));
  return { data: rows.map(toGroup), pagination: toPagination(query.page, query.pageSize, total) };
}

/**
 * A group as the caller may see it: `caseCount` of the cases they may see (absent without case.view),
 * and the members' e-mail and role only with team_member.view (the rule of every answer naming a team
 * member, as `originatorFor`).
 */
export async function getGroupDetail(db: DbOrTx, id: string, principal: Principal): Promise<GroupDetail> {
  const row = await findGroupRow(db, id, caseScope(principal));
  if (!row) throw AppError.notFound('Group');
  const members = await findGroupMemberRows(db, id);
  const showContact = hasPermission(principal.permissions, 'team_member.view');
  return {
    ...toGroup(row),
    members: members.map((m) => ({
      userId: m.userId,
      originatorId: m.originatorId,
      firstName: m.firstName,
      lastName: m.lastName,
      fullName: fullName(m),
      ...(showContact ? { email: m.email, role: m.role } : {}),
      status: teamMemberStatus(m),
      addedAt: iso(m.addedAt),
    })),
  };
}

/**
 * Creates a group with its first members and the audit event. A non-administrator who creates a
 * group becomes a member, so they can go on managing it.
 */
export async function createGroup(db: Db, body: CreateGroupBody, principal: Principal): Promise<GroupDetail> {
  await assertUsersExist(db, body.userIds, 'userIds');
  const userIds = new Set(body.userIds);
  if (principal.kind === 'user' && !canSeeAllCases(principal)) userIds.add(principal.userId);
  const id = await withUniqueField(
    () =>
      db.transaction(async (tx) => {
        const groupId = await insertGroup(tx, { name: body.name, description: body.description });
        await addGroupMembers(tx, groupId, [...userIds]);
        const data = { name: body.name, userIds: [...userIds] };
        await recordEvent(tx, groupEvent('group.created', groupId, principal, data));
        return groupId;
      }),
    UNIQUE_GROUP_NAME,
  );
  return getGroupDetail(db, id, principal);
}

export async function updateGroup(
  db: Db,
  id: string,
  body: UpdateGroupBody,
  principal: Principal,
  ifMatch?: IfMatch,
): Promise<GroupDetail> {
  await withUniqueField(
    () =>
      db.transaction(async (tx) => {
        await lockManagedGroup(tx, id, principal);
        await assertIfMatch(tx, groups, id, ifMatch, 'group');
        await updateGroupRow(tx, id, body);
        await recordEvent(tx, groupEvent('group.updated', id, principal, { fields: Object.keys(body) }));
      }),
    UNIQUE_GROUP_NAME,
  );
  return getGroupDetail(db, id, principal);
}

/** The refusal of a group that has cases: as many as the caller may see, and that it has others. */
function inUseError(total: number, shown: number): AppError {
  const cases = shown === 1 ? '1 case' : `${shown} cases`;
  const where =
    shown === total ? cases : shown > 0 ? `${cases} and cases you may not see` : 'cases you may not see';
  const them = shown === 1 && total === 1 ? 'it' : 'them';
  return new AppError('IN_USE', `Group has ${where}; move ${them} to another group first`, {
    caseCount: shown,
  });
}

/**
 * Deletes a group with no cases. A group that still has cases is refused: deleting it would leave
 * them without a group, that is visible to everyone. The row lock keeps a case from being assigned
 * between the count and the delete. The refusal counts only the cases the caller may see.
 */
export async function deleteGroup(db: Db, id: string, principal: Principal): Promise<void> {
  await db.transaction(async (tx) => {
    await lockManagedGroup(tx, id, principal);
    const caseCount = await countGroupCases(tx, id);
    if (caseCount > 0) {
      const scope = caseScope(principal);
      throw inUseError(caseCount, scope ? await countGroupCases(tx, id, scope) : 0);
    }
    const before = await getGroupDetail(tx, id, principal);
    await deleteGroupRow(tx, id);
    const snapshot = { name: before.name, userIds: before.members.map((m) => m.userId) };
    await recordEvent(tx, groupEvent('group.deleted', id, principal, snapshot));
  });
}
