import type { FieldError } from '@scamtrail/domain/errors';
import type { DbOrTx } from '../../db/client';
import type { Principal } from '../auth/principal';
import { canSeeAllCases, isGroupMember } from '../../db/case-visibility';
import { findEnabledUserIds, findExistingTagIds, findGroupName } from './case-references.repository';

/** The group, assignees and tags a create or an update sets; undefined ones are not being set. */
export interface CaseReferences {
  groupId?: string | null;
  assigneeIds?: readonly string[];
  tagIds?: readonly string[];
}

export const GROUP_MEMBERSHIP_MESSAGE = 'You can only assign a case to a group you belong to';
export const API_KEY_GROUP_MESSAGE = 'An API key cannot assign a case to a group';

async function checkGroup(db: DbOrTx, groupId: string, principal: Principal): Promise<FieldError[]> {
  if (principal.kind === 'api_key') return [{ field: 'groupId', message: API_KEY_GROUP_MESSAGE }];
  if ((await findGroupName(db, groupId)) === undefined) {
    return [{ field: 'groupId', message: 'No group with this id' }];
  }
  if (canSeeAllCases(principal) || (await isGroupMember(db, groupId, principal.userId))) return [];
  return [{ field: 'groupId', message: GROUP_MEMBERSHIP_MESSAGE }];
}

function missing(ids: readonly string[], found: ReadonlySet<string>): string[] {
  return ids.filter((id) => !found.has(id));
}

/**
 * 400-worthy problems with what a case refers to: a group that does not exist or that the caller may
 * not choose (non-administrators choose among their own groups; API keys choose none), assignees
 * that are not enabled users, tags that do not exist. Call inside the transaction of the write: the
 * rows found stay locked against deletion until it commits.
 */
export async function checkCaseReferences(
  db: DbOrTx,
  refs: CaseReferences,
  principal: Principal,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (refs.groupId) errors.push(...(await checkGroup(db, refs.groupId, principal)));
  if (refs.assigneeIds?.length) {
    const unknown = missing(refs.assigneeIds, await findEnabledUserIds(db, refs.assigneeIds));
    if (unknown.length) {
      errors.push({ field: 'assigneeIds', message: `No enabled user with the id ${unknown.join(', ')}` });
    }
  }
  if (refs.tagIds?.length) {
    const unknown = missing(refs.tagIds, await findExistingTagIds(db, refs.tagIds));
    if (unknown.length) errors.push({ field: 'tagIds', message: `No tag with the id ${unknown.join(', ')}` });
  }
  return errors;
}
