import type { GroupDetail } from '@scamtrail/domain/groups';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import { recordEvent } from '../events/events.service';
import { assertCanManageGroup, assertUsersExist, groupEvent } from './group.preconditions';
import { addGroupMembers, removeGroupMember, removeGroupMembersExcept } from './groups.repository';
import { getGroupDetail } from './groups.service';

/** Replaces the member list with `userIds`, in one transaction with its audit event. */
export async function setGroupMembers(
  db: Db,
  groupId: string,
  userIds: readonly string[],
  principal: Principal,
): Promise<GroupDetail> {
  await assertCanManageGroup(db, groupId, principal);
  await assertUsersExist(db, userIds, 'userIds');
  const unique = [...new Set(userIds)];
  await db.transaction(async (tx) => {
    await removeGroupMembersExcept(tx, groupId, unique);
    await addGroupMembers(tx, groupId, unique);
    await recordEvent(tx, groupEvent('group.members_set', groupId, principal, { userIds: unique }));
  });
  return getGroupDetail(db, groupId, principal);
}

export async function addGroupMember(
  db: Db,
  groupId: string,
  userId: string,
  principal: Principal,
): Promise<GroupDetail> {
  await assertCanManageGroup(db, groupId, principal);
  await assertUsersExist(db, [userId], 'userId');
  await db.transaction(async (tx) => {
    await addGroupMembers(tx, groupId, [userId]);
    await recordEvent(tx, groupEvent('group.member_added', groupId, principal, { userId }));
  });
  return getGroupDetail(db, groupId, principal);
}

export async function deleteGroupMember(
  db: Db,
  groupId: string,
  userId: string,
  principal: Principal,
): Promise<GroupDetail> {
  await assertCanManageGroup(db, groupId, principal);
  await db.transaction(async (tx) => {
    if (!(await removeGroupMember(tx, groupId, userId))) throw AppError.notFound('Group member');
    await recordEvent(tx, groupEvent('group.member_removed', groupId, principal, { userId }));
  });
  return getGroupDetail(db, groupId, principal);
}
