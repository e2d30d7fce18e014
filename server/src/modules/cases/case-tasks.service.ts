import {
  CASE_TASK_SUBJECT,
  type CaseTask,
  type CaseTaskList,
  type CreateCaseTaskBody,
  type UpdateCaseTaskBody,
} from '@scamtrail/domain/case-tasks';
import { toPagination } from '@scamtrail/domain/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { caseTasks } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { assertIfMatch, type IfMatch } from '../../lib/preconditions';
import type { Principal } from '../auth/principal';
import { auditEvent } from '../events/audit-event';
import { recordEvent } from '../events/events.service';
import { touchCase } from './cases.repository';
import { checkCaseReferences, lockEditableCase, requireVisibleCase } from './case.preconditions';
import {
  deleteCaseTaskRow,
  findCaseTask,
  findCaseTasks,
  insertCaseTask,
  lockCaseTask,
  updateCaseTaskRow,
  type CaseTaskChanges,
  type CaseTaskRow,
} from './case-tasks.repository';

/** What the case's History keeps of a task: enough to read it without the task, which may be gone. */
function snapshot(row: CaseTaskRow) {
  return {
    taskId: row.id,
    taskTitle: row.title,
    description: row.description,
    taskStatus: row.status,
    assigneeId: row.assigneeId,
    dueAt: row.dueAt?.toISOString() ?? null,
  };
}

/** An assignee must be an enabled user (a 400 naming assigneeId), unless they hold the task already. */
async function checkAssignee(tx: DbOrTx, assigneeId: string | null | undefined, principal: Principal) {
  if (!assigneeId) return;
  const errors = await checkCaseReferences(tx, { assigneeIds: [assigneeId] }, principal);
  if (errors.length) {
    throw AppError.validation(errors.map((error) => ({ ...error, field: 'assigneeId' })));
  }
}

/** The task as it is after a change; removed meanwhile by someone else, a 404. */
async function requireTask(db: Db, taskId: string): Promise<CaseTask> {
  const task = await findCaseTask(db, taskId);
  if (!task) throw AppError.notFound('Task');
  return task;
}

/** A task of a case the caller may see (404 otherwise), e.g. to show beside a refused change. */
export async function getCaseTask(
  db: Db,
  caseId: string,
  taskId: string,
  principal: Principal,
): Promise<CaseTask> {
  await requireVisibleCase(db, principal, caseId);
  const task = await requireTask(db, taskId);
  if (task.caseId !== caseId) throw AppError.notFound('Task');
  return task;
}

/** The tasks of a case the caller may see (404 otherwise), the open ones first. */
export async function listCaseTasks(
  db: Db,
  caseId: string,
  page: { page: number; pageSize: number },
  principal: Principal,
): Promise<CaseTaskList> {
  await requireVisibleCase(db, principal, caseId);
  const { tasks, total, openCount } = await findCaseTasks(db, caseId, page);
  return { data: tasks, pagination: toPagination(page.page, page.pageSize, total), openCount };
}

/**
 * Adds a task to a case the caller may see (404) and that is not archived (409). Recorded in the
 * case's History in the same transaction.
 */
export async function createCaseTask(
  db: Db,
  caseId: string,
  body: CreateCaseTaskBody,
  principal: Principal,
): Promise<CaseTask> {
  const row = await db.transaction(async (tx) => {
    await lockEditableCase(tx, principal, caseId);
    await checkAssignee(tx, body.assigneeId, principal);
    const created = await insertCaseTask(tx, {
      caseId,
      title: body.title,
      description: body.description,
      assigneeId: body.assigneeId ?? null,
      dueAt: body.dueAt ? new Date(body.dueAt) : null,
      originatorId: principal.originatorId,
    });
    await recordEvent(
      tx,
      auditEvent(principal, {
        action: 'case.task_added',
        subjectType: CASE_TASK_SUBJECT,
        subjectId: created.id,
        caseId,
        after: snapshot(created),
      }),
    );
    await touchCase(tx, caseId);
    return created;
  });
  return requireTask(db, row.id);
}

/** The columns a change sets: done stamps `completedAt`, anything else but done clears it. */
function changesOf(body: UpdateCaseTaskBody, current: CaseTaskRow): CaseTaskChanges {
  const changes: CaseTaskChanges = {};
  if (body.title !== undefined) changes.title = body.title;
  if (body.description !== undefined) changes.description = body.description;
  if (body.assigneeId !== undefined) changes.assigneeId = body.assigneeId;
  if (body.dueAt !== undefined) changes.dueAt = body.dueAt ? new Date(body.dueAt) : null;
  if (body.status !== undefined && body.status !== current.status) {
    changes.status = body.status;
    changes.completedAt = body.status === 'done' ? new Date() : null;
  }
  return changes;
}

/**
 * Changes a task of a case the caller may see (404, as for a task of another case) and that is not
 * archived (409). Only the fields that changed go into the History row; a change that changes
 * nothing writes nothing.
 */
export async function updateCaseTask(
  db: Db,
  caseId: string,
  taskId: string,
  body: UpdateCaseTaskBody,
  principal: Principal,
  ifMatch?: IfMatch,
): Promise<CaseTask> {
  await db.transaction(async (tx) => {
    await lockEditableCase(tx, principal, caseId);
    const current = await lockCaseTask(tx, caseId, taskId);
    if (!current) throw AppError.notFound('Task');
    await assertIfMatch(tx, caseTasks, taskId, ifMatch, 'task');
    if (body.assigneeId !== current.assigneeId) await checkAssignee(tx, body.assigneeId, principal);
    const changes = changesOf(body, current);
    const before = snapshot(current);
    const after = snapshot({ ...current, ...changes });
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter(
      (key) => key !== 'taskId' && before[key] !== after[key],
    );
    if (changed.length === 0) return;
    await updateCaseTaskRow(tx, taskId, changes);
    // Each side names the task, so the History reads without it; then only what changed.
    const pick = (from: typeof before) =>
      Object.fromEntries([
        ['taskId', taskId],
        ['taskTitle', from.taskTitle],
        ...changed.map((key) => [key, from[key]]),
      ]);
    await recordEvent(
      tx,
      auditEvent(principal, {
        action: 'case.task_updated',
        subjectType: CASE_TASK_SUBJECT,
        subjectId: taskId,
        caseId,
        before: pick(before),
        after: pick(after),
      }),
    );
    await touchCase(tx, caseId);
  });
  return requireTask(db, taskId);
}

/** Removes a task; the case's History keeps what it was. */
export async function deleteCaseTask(
  db: Db,
  caseId: string,
  taskId: string,
  principal: Principal,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockEditableCase(tx, principal, caseId);
    const current = await lockCaseTask(tx, caseId, taskId);
    if (!current) throw AppError.notFound('Task');
    await deleteCaseTaskRow(tx, taskId);
    await recordEvent(
      tx,
      auditEvent(principal, {
        action: 'case.task_removed',
        subjectType: CASE_TASK_SUBJECT,
        subjectId: taskId,
        caseId,
        before: snapshot(current),
      }),
    );
    await touchCase(tx, caseId);
  });
}
