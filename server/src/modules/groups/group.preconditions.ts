import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import type { NewEvent } from '../events/events.service';
import { canSeeAllCases, isGroupMember } from '../../db/case-visibility';
import { findExistingUserIds, groupExists } from './groups.repository';

/**
 * Membership decides which cases a person sees, so only administrators and the group's own members
 * may change a group; otherwise anyone holding group.edit could join any group and read its cases.
 * API keys never may: an automation is not a member of any group.
 */
export async function assertCanManageGroup(db: DbOrTx, groupId: string, principal: Principal): Promise<void> {
  if (!(await groupExists(db, groupId))) throw AppError.notFound('Group');
  if (canSeeAllCases(principal)) return;
  if (principal.kind === 'user' && (await isGroupMember(db, groupId, principal.userId))) return;
  throw AppError.forbidden('Only members of this group and administrators can change it');
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
