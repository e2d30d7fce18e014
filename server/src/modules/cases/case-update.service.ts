import type { Case, UpdateCaseBody } from '@scamtrail/domain/cases';
import type { FieldError } from '@scamtrail/domain/errors';
import type { Db, DbOrTx } from '../../db/client';
import { cases } from '../../db/schema/index';
import { readsTogether } from '../../db/reads-together';
import { AppError } from '../../lib/errors';
import { assertIfMatch, type IfMatch } from '../../lib/preconditions';
import type { Principal } from '../auth/principal';
import { auditEvent } from '../events/audit-event';
import { recordEvent } from '../events/events.service';
import { caseSnapshot, type CaseSnapshot } from './case-presenter';
import { checkCaseReferences, noSuchCase } from './case.preconditions';
import { planStatusChange, type StatusPlan } from './case-status';
import { isCaseVisible } from '../../db/case-visibility';
import { findCase } from './case-page.repository';
import {
  findAssigneeIds,
  findCaseTagIds,
  isInDuplicateChain,
  lockVisibleCaseRow,
  replaceCaseAssignees,
  replaceCaseTags,
  updateCaseRow,
  type CaseChanges,
  type CaseRow,
} from './cases.repository';

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);

/** The fields that differ between two snapshots, as `{ before, after }` of only those fields. */
function diff(before: CaseSnapshot, after: CaseSnapshot) {
  const keys = (Object.keys(after) as (keyof CaseSnapshot)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    keys,
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/** The column values a PATCH sets (status and closure fields as the plan says). */
function columnChanges(body: UpdateCaseBody, plan: ReturnType<typeof planStatusChange>): CaseChanges {
  const changes: CaseChanges = {
    status: plan.status,
    resolution: plan.resolution,
    closureNotes: plan.closureNotes,
    duplicateOfId: plan.duplicateOfId,
  };
  if (plan.closedAt !== undefined) changes.closedAt = plan.closedAt === 'now' ? new Date() : null;
  if (body.title !== undefined) changes.title = body.title;
  if (body.description !== undefined) changes.description = body.description;
  if (body.priority !== undefined) changes.priority = body.priority;
  if (body.scamType !== undefined) changes.scamType = body.scamType;
  if (body.groupId !== undefined) changes.groupId = body.groupId;
  if (body.reportedLoss !== undefined) {
    changes.reportedLossAmount = body.reportedLoss ? String(body.reportedLoss.amount) : null;
    changes.reportedLossCurrency = body.reportedLoss?.currency ?? null;
  }
  return changes;
}

export const DUPLICATE_LOOP_MESSAGE = 'That case is itself a duplicate of this one';

/**
 * A duplicate's original, when the plan names a new one: another case the caller may see (400 naming
 * duplicateOfId otherwise, a hidden case alike a missing one), which is not itself, through its own
 * duplicate links, a duplicate of this case. The links are followed only through cases the caller may
 * see: a refusal must not tell them that a case they cannot see leads back here. Two people closing two cases as duplicates of each other at
 * the same instant are not serialised: the loop would be two links, each pointing to a real case.
 */
async function checkDuplicateOf(
  db: DbOrTx,
  caseId: string,
  plan: StatusPlan,
  current: CaseRow,
  principal: Principal,
): Promise<FieldError[]> {
  const originalId = plan.duplicateOfId;
  if (!originalId || originalId === current.duplicateOfId) return [];
  if (originalId === caseId) {
    return [{ field: 'duplicateOfId', message: 'A case cannot be a duplicate of itself' }];
  }
  if (!(await isCaseVisible(db, principal, originalId))) {
    return [noSuchCase('duplicateOfId')];
  }
  if (await isInDuplicateChain(db, originalId, caseId, principal)) {
    return [{ field: 'duplicateOfId', message: DUPLICATE_LOOP_MESSAGE }];
  }
  return [];
}

/** A case's assignees and tags as they are before a change. */
export interface CaseSets {
  assigneeIds: string[];
  tagIds: string[];
}

/** Locks a case the caller may see (else 404) and reads its assignees and tags. */
export async function lockCaseForUpdate(
  tx: DbOrTx,
  id: string,
  principal: Principal,
): Promise<{ current: CaseRow; sets: CaseSets } | undefined> {
  const current = await lockVisibleCaseRow(tx, principal, id);
  if (!current) return undefined;
  const [assigneeIds, tagIds] = await readsTogether(tx, [
    () => findAssigneeIds(tx, id),
    () => findCaseTagIds(tx, id),
  ]);
  return { current, sets: { assigneeIds, tagIds } };
}

/**
 * One case's change inside the caller's transaction, on its row locked by `lockCaseForUpdate`: the
 * status plan, the references checked, the columns and sets written, and the audit row (only the
 * changed fields, before and after). A change that changes nothing writes nothing.
 */
export async function applyCaseUpdate(
  tx: DbOrTx,
  current: CaseRow,
  { assigneeIds, tagIds }: CaseSets,
  body: UpdateCaseBody,
  principal: Principal,
): Promise<CaseRow> {
  const id = current.id;
  const plan = planStatusChange(current, body);
  const errors = await checkCaseReferences(
    tx,
    {
      groupId: body.groupId !== current.groupId ? body.groupId : undefined,
      // Users already assigned stay assignable even once disabled: a resent set is not refused.
      assigneeIds: body.assigneeIds?.filter((userId) => !assigneeIds.includes(userId)),
      tagIds: body.tagIds,
    },
    principal,
  );
  errors.push(...(await checkDuplicateOf(tx, id, plan, current, principal)));
  if (errors.length) throw AppError.validation(errors);

  const changes = columnChanges(body, plan);
  const nextAssignees = body.assigneeIds ?? assigneeIds;
  const nextTags = body.tagIds ?? tagIds;
  const before = caseSnapshot(current, assigneeIds, tagIds);
  const change = diff(before, caseSnapshot({ ...current, ...changes }, nextAssignees, nextTags));
  if (change.keys.length === 0) return current;

  const updated = await updateCaseRow(tx, id, changes);
  if (!sameSet(assigneeIds, nextAssignees)) await replaceCaseAssignees(tx, id, nextAssignees);
  if (!sameSet(tagIds, nextTags)) await replaceCaseTags(tx, id, nextTags);
  const after = caseSnapshot(updated, nextAssignees, nextTags);
  await recordEvent(
    tx,
    auditEvent(principal, {
      action: plan.action,
      subjectType: 'case',
      subjectId: id,
      caseId: id,
      before: change.before,
      after: Object.fromEntries(change.keys.map((key) => [key, after[key]])),
    }),
  );
  return updated;
}

/** `ids ∪ add − remove`, in a stable order; undefined when the request touches neither. */
export function changedSet(ids: string[], add?: string[], remove?: string[]): string[] | undefined {
  if (!add?.length && !remove?.length) return undefined;
  return [...new Set([...ids, ...(add ?? [])])].filter((id) => !remove?.includes(id));
}

/**
 * A refused added id is named as the request named it (`addTagIds`, not `tagIds.2`: the index counts in
 * the merged set, which the request never sent).
 */
function namedAsSent(error: unknown, body: UpdateCaseBody): unknown {
  if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED') return error;
  const rename: Record<string, string> = {
    ...(body.addAssigneeIds && { assigneeIds: 'addAssigneeIds' }),
    ...(body.addTagIds && { tagIds: 'addTagIds' }),
  };
  const fields = (error.details?.fields as FieldError[] | undefined)?.map((f) => ({
    ...f,
    field: rename[f.field.split('.')[0]] ?? f.field,
  }));
  return fields ? AppError.validation(fields) : error;
}

/**
 * Changes any subset of a case's fields and its status (see `planStatusChange`). Assignees and tags
 * given replace the sets; those added or removed (`addTagIds`, ...) change the sets as they are under
 * the case's row lock, so concurrent additions all stay. The change is refused with 412 when `ifMatch`
 * names another version. The audit row commits with it.
 */
export async function updateCase(
  db: Db,
  id: string,
  body: UpdateCaseBody,
  principal: Principal,
  ifMatch?: IfMatch,
): Promise<Case> {
  const row = await db.transaction(async (tx): Promise<CaseRow> => {
    const locked = await lockCaseForUpdate(tx, id, principal);
    if (!locked) throw AppError.notFound('Case');
    await assertIfMatch(tx, cases, id, ifMatch, 'case');
    const { addAssigneeIds, removeAssigneeIds, addTagIds, removeTagIds, ...rest } = body;
    const patch: UpdateCaseBody = {
      ...rest,
      assigneeIds: rest.assigneeIds ?? changedSet(locked.sets.assigneeIds, addAssigneeIds, removeAssigneeIds),
      tagIds: rest.tagIds ?? changedSet(locked.sets.tagIds, addTagIds, removeTagIds),
    };
    try {
      return await applyCaseUpdate(tx, locked.current, locked.sets, patch, principal);
    } catch (error) {
      throw namedAsSent(error, body);
    }
  });
  return findCase(db, row.id, principal);
}
