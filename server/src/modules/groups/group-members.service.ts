import type { GroupDetail } from '@scamtrail/domain/groups';
import type { Db, Tx } from '../../db/client';
import { groups } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { assertIfMatch, type IfMatch } from '../../lib/preconditions';
import type { Principal } from '../auth/principal';
import { recordEvent } from '../events/events.service';
import { assertUsersExist, groupEvent, lockManagedGroup } from './group.preconditions';
import {
  addGroupMembers,
  removeGroupMember,
  removeGroupMembersExcept,
  updateGroupRow,
} from './groups.repository';
import { getGroupDetail } from './groups.service';

/**
 * Members are part of the group as read, and of its ETag: a change of them runs under the group's row
 * lock (taken by `lockManagedGroup`, which decides under it who may change the group), is checked
 * against If-Match, and moves the group's version on (`changed`), so of two writers from the same
 * version one gets 412 instead of silently undoing the other. The lock also orders it against a
 * delete of the group, which then answers 404 rather than a member row of no group.
 */
async function changeMembers(tx: Tx, groupId: string, ifMatch: IfMatch, change: () => Promise<boolean>) {
  await assertIfMatch(tx, groups, groupId, ifMatch, 'group');
  if (await change()) await updateGroupRow(tx, groupId, {});
}

/** Replaces the member list with `userIds`, in one transaction with its audit event. */
export async function setGroupMembers(
  db: Db,
  groupId: string,
  userIds: readonly string[],
  principal: Principal,
  ifMatch?: IfMatch,
): Promise<GroupDetail> {
  const unique = [...new Set(userIds)];
  await db.transaction(async (tx) => {
    await lockManagedGroup(tx, groupId, principal);
    await assertUsersExist(tx, userIds, 'userIds');
    await changeMembers(tx, groupId, ifMatch, async () => {
      await removeGroupMembersExcept(tx, groupId, unique);
      await addGroupMembers(tx, groupId, unique);
      return true;
    });
    await recordEvent(tx, groupEvent('group.members_set', groupId, principal, { userIds: unique }));
  });
  return getGroupDetail(db, groupId, principal);
}

export async function addGroupMember(
  db: Db,
  groupId: string,
  userId: string,
  principal: Principal,
  ifMatch?: IfMatch,
): Promise<GroupDetail> {
  await db.transaction(async (tx) => {
    await lockManagedGroup(tx, groupId, principal);
    await assertUsersExist(tx, [userId], 'userId');
    await changeMembers(tx, groupId, ifMatch, async () => (await addGroupMembers(tx, groupId, [userId])) > 0);
    await recordEvent(tx, groupEvent('group.member_added', groupId, principal, { userId }));
  });
  return getGroupDetail(db, groupId, principal);
}

export async function deleteGroupMember(
  db: Db,
  groupId: string,
  userId: string,
  principal: Principal,
  ifMatch?: IfMatch,
): Promise<GroupDetail> {
  await db.transaction(async (tx) => {
    await lockManagedGroup(tx, groupId, principal);
    await changeMembers(tx, groupId, ifMatch, async () => {
      if (!(await removeGroupMember(tx, groupId, userId))) throw AppError.notFound('Group member');
      return true;
    });
    await recordEvent(tx, groupEvent('group.member_removed', groupId, principal, { userId }));
  });
  return getGroupDetail(db, groupId, principal);
}
