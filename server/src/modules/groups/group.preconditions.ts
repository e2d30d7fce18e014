import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import type { NewEvent } from '../events/events.service';
import { canSeeAllCases, isGroupMember } from '../../db/case-visibility';
import { findExistingUserIds, lockGroup } from './groups.repository';

export const NOT_A_MEMBER_MESSAGE = 'Only members of this group and administrators can change it';

/**
 * Membership decides which cases a person sees, so only administrators and the group's own members
 * may change a group; otherwise anyone holding group.edit could join any group and read its cases.
 * API keys never may: an automation is not a member of any group.
 *
 * Decided under the group's row lock, inside the change's transaction, as every change of the group
 * and of its members takes it: a member removed while their own change waited for the lock is refused
 * once it is theirs, instead of acting on a membership read before the removal committed (and, with
 * a new member list, putting themselves back).
 */
export async function lockManagedGroup(tx: DbOrTx, groupId: string, principal: Principal): Promise<void> {
  if (!(await lockGroup(tx, groupId))) throw AppError.notFound('Group');
  if (canSeeAllCases(principal)) return;
  if (principal.kind === 'user' && (await isGroupMember(tx, groupId, principal.userId))) return;
  throw AppError.forbidden(NOT_A_MEMBER_MESSAGE);
}

/** 400 naming each id that is not a user: `userIds.{index}` for a list, `userId` for one. */
export async function assertUsersExist(db: DbOrTx, userIds: readonly string[], field: 'userIds' | 'userId') {
  const existing = await findExistingUserIds(db, userIds);
  const missing = userIds.flatMap((id, i) => (existing.has(id) ? [] : [i]));
  if (missing.length === 0) return;
  throw AppError.validation(
    missing.map((i) => ({
      field: field === 'userId' ? field : `${field}.${i}`,
      message: 'No user with this id',
    })),
  );
}

export function groupEvent(
  type: string,
  groupId: string,
  principal: Principal,
  data: Record<string, unknown>,
): NewEvent {
  return { type, actorOriginatorId: principal.originatorId, subjectType: 'group', subjectId: groupId, data };
}
