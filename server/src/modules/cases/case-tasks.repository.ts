import { and, eq, sql } from 'drizzle-orm';
import type { CaseTask } from '@scamtrail/domain/case-tasks';
import type { DbOrTx } from '../../db/client';
import { nextUpdatedAt } from '../../db/row-versions';
import { caseTasks, users } from '../../db/schema/index';
import { originatorSummaryJson } from '../../db/sql/originators';
import { isoText } from '../../db/sql/json';
import { userFullName } from './case-page.repository';
import { rowsOf } from '../../db/sql/arrays';

export type CaseTaskRow = typeof caseTasks.$inferSelect;
export type CaseTaskChanges = Partial<
  Pick<CaseTaskRow, 'title' | 'description' | 'status' | 'assigneeId' | 'dueAt' | 'completedAt'>
>;

/** A task as the API answers it, for the `case_tasks` row in scope. */
const taskJson = sql`json_build_object(
  'id', ${caseTasks.id}, 'caseId', ${caseTasks.caseId}, 'title', ${caseTasks.title},
  'description', ${caseTasks.description}, 'status', ${caseTasks.status},
  'assignee', (select json_build_object('id', ${users.id}, 'fullName', ${userFullName})
    from ${users} where ${users.id} = ${caseTasks.assigneeId}),
  'dueAt', ${isoText(caseTasks.dueAt)},
  'createdBy', ${originatorSummaryJson(caseTasks.originatorId)},
  'createdAt', ${isoText(caseTasks.createdAt)}, 'updatedAt', ${isoText(caseTasks.updatedAt)},
  'completedAt', ${isoText(caseTasks.completedAt)})`;

const isOpen = sql`${caseTasks.status} in ('todo', 'in_progress')`;

function parsed(value: CaseTask | string): CaseTask {
  return typeof value === 'string' ? (JSON.parse(value) as CaseTask) : value;
}

/**
 * One page of a case's tasks: the open ones first, the soonest due first (undated last), then the
 * done and cancelled ones, the latest changed first; with how many there are and how many are open.
 */
export async function findCaseTasks(
  db: DbOrTx,
  caseId: string,
  page: { page: number; pageSize: number },
): Promise<{ tasks: CaseTask[]; total: number; openCount: number }> {
  const result = await db.execute(sql`select ${taskJson} as task,
      count(*) over ()::int as total, (count(*) filter (where ${isOpen}) over ())::int as open_count
    from ${caseTasks} where ${caseTasks.caseId} = ${caseId}
    order by (not ${isOpen}), case when ${isOpen} then ${caseTasks.dueAt} end asc nulls last,
      ${caseTasks.updatedAt} desc, ${caseTasks.id}
    limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`);
  const rows = rowsOf<{ task: CaseTask | string; total: number; open_count: number }>(result);
  if (rows.length === 0 && page.page > 1) {
    const [counts] = rowsOf<{ total: number; open_count: number }>(
      await db.execute(sql`select count(*)::int as total, (count(*) filter (where ${isOpen}))::int as open_count
        from ${caseTasks} where ${caseTasks.caseId} = ${caseId}`),
    );
    return { tasks: [], total: counts.total, openCount: counts.open_count };
  }
  return {
    tasks: rows.map((row) => parsed(row.task)),
    total: rows[0]?.total ?? 0,
    openCount: rows[0]?.open_count ?? 0,
  };
}

/** A task as the API answers it; undefined once it is gone. */
export async function findCaseTask(db: DbOrTx, taskId: string): Promise<CaseTask | undefined> {
  const result = await db.execute(sql`select ${taskJson} as task from ${caseTasks}
    where ${caseTasks.id} = ${taskId}`);
  const [row] = rowsOf<{ task: CaseTask | string }>(result);
  return row && parsed(row.task);
}

/** A task of the case, locked for a change; undefined when the case has no such task. */
export async function lockCaseTask(
  tx: DbOrTx,
  caseId: string,
  taskId: string,
): Promise<CaseTaskRow | undefined> {
  const [row] = await tx
    .select()
    .from(caseTasks)
    .where(and(eq(caseTasks.id, taskId), eq(caseTasks.caseId, caseId)))
    .for('update');
  return row;
}

export async function insertCaseTask(
  tx: DbOrTx,
  values: typeof caseTasks.$inferInsert,
): Promise<CaseTaskRow> {
  const [row] = await tx.insert(caseTasks).values(values).returning();
  return row;
}

export async function updateCaseTaskRow(
  tx: DbOrTx,
  taskId: string,
  changes: CaseTaskChanges,
): Promise<CaseTaskRow> {
  const [row] = await tx
    .update(caseTasks)
    .set({ ...changes, updatedAt: nextUpdatedAt(caseTasks.updatedAt) })
    .where(eq(caseTasks.id, taskId))
    .returning();
  return row;
}

export async function deleteCaseTaskRow(tx: DbOrTx, taskId: string): Promise<void> {
  await tx.delete(caseTasks).where(eq(caseTasks.id, taskId));
}
