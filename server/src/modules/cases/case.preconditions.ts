import { isCaseReadOnly, type CaseStatus } from '@scamtrail/domain/cases';
import type { FieldError } from '@scamtrail/domain/errors';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import { canSeeAllCases, holdCaseSight, isGroupMember } from '../../db/case-visibility';
import { unknownTagErrors } from '../tags/tag.preconditions';
import { findEnabledUserIds, findGroupName } from './case-references.repository';
import { findVisibleCaseRow, lockVisibleCaseRow, type CaseRow } from './cases.repository';

// What must hold before a case, or what it holds, is read or changed: each rule once, with its answer.

export const ARCHIVED_MESSAGE = 'This case is archived; reopen it to change it';

/**
 * 409 while the case is archived: it is read-only, for its fields as for what it holds (journal,
 * evidence, links, tasks), until it is reopened.
 */
export function assertCaseWritable(status: string): void {
  if (isCaseReadOnly(status as CaseStatus)) throw new AppError('CONFLICT', ARCHIVED_MESSAGE);
}

/** The 400 field error for an id naming no case the caller may see: a hidden case answers as a missing one. */
export function noSuchCase(field: string): FieldError {
  return { field, message: 'No case with this id' };
}

/** The case, or 404 when it is missing or the caller may not see it (the same answer for both). */
export async function requireVisibleCase(db: DbOrTx, principal: Principal, id: string): Promise<CaseRow> {
  const row = await findVisibleCaseRow(db, principal, id);
  if (!row) throw AppError.notFound('Case');
  return row;
}

/**
 * The case a change to what it holds starts from: visible (else 404) and not archived (409). In the
 * change's transaction, the caller's sight of it is held until it commits (`holdCaseSight`).
 */
export async function requireEditableCase(db: DbOrTx, principal: Principal, id: string): Promise<CaseRow> {
  await holdCaseSight(db, principal);
  const row = await requireVisibleCase(db, principal, id);
  assertCaseWritable(row.status);
  return row;
}

/**
 * As `requireEditableCase`, the case row locked until the change commits (as `touchCase` locks it):
 * the case archived, or moved to a group the caller is not in, while the change runs is seen by it
 * (409, 404) rather than changed once it is read-only or hidden from them. For a change of one case;
 * a change of two (a link) locks both in id order first, then checks each (`lockCasePair`).
 */
export async function lockEditableCase(tx: DbOrTx, principal: Principal, id: string): Promise<CaseRow> {
  const row = await lockVisibleCaseRow(tx, principal, id, 'no key update');
  if (!row) throw AppError.notFound('Case');
  assertCaseWritable(row.status);
  return row;
}

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
  if (refs.tagIds?.length) errors.push(...(await unknownTagErrors(db, refs.tagIds)));
  return errors;
}
