import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { caseAssignees, cases, caseTags } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { visibleCaseCondition } from '../groups/case-visibility';
import { isAnyUuid } from './sql-arrays';

export type CaseRow = typeof cases.$inferSelect;
export type NewCaseRow = Omit<typeof cases.$inferInsert, 'id' | 'number' | 'createdAt' | 'updatedAt'>;
export type CaseChanges = Partial<
  Pick<
    CaseRow,
    | 'title'
    | 'description'
    | 'status'
    | 'priority'
    | 'scamType'
    | 'reportedLossAmount'
    | 'reportedLossCurrency'
    | 'resolution'
    | 'closureNotes'
    | 'closedAt'
    | 'groupId'
  >
>;

/** The case when it exists and the caller may see it; otherwise undefined (missing and hidden alike). */
export async function findVisibleCaseRow(
  db: DbOrTx,
  principal: Principal,
  id: string,
): Promise<CaseRow | undefined> {
  const [row] = await db
    .select()
    .from(cases)
    .where(and(eq(cases.id, id), visibleCaseCondition(principal)))
    .limit(1);
  return row;
}

/** As `findVisibleCaseRow`, locking the row until the transaction ends, so changes queue up. */
export async function lockVisibleCaseRow(
  tx: DbOrTx,
  principal: Principal,
  id: string,
): Promise<CaseRow | undefined> {
  const [row] = await tx
    .select()
    .from(cases)
    .where(and(eq(cases.id, id), visibleCaseCondition(principal)))
    .for('update', { of: cases });
  return row;
}

export async function insertCaseRow(tx: DbOrTx, values: NewCaseRow): Promise<CaseRow> {
  const [row] = await tx.insert(cases).values(values).returning();
  return row;
}

/** Applies the changes and marks the case as just active. */
export async function updateCaseRow(tx: DbOrTx, id: string, changes: CaseChanges): Promise<CaseRow> {
  const [row] = await tx
    .update(cases)
    .set({ ...changes, updatedAt: sql`now()`, lastActivityAt: sql`now()` })
    .where(eq(cases.id, id))
    .returning();
  return row;
}

export async function findAssigneeIds(db: DbOrTx, caseId: string): Promise<string[]> {
  const rows = await db
    .select({ id: caseAssignees.userId })
    .from(caseAssignees)
    .where(eq(caseAssignees.caseId, caseId))
    .orderBy(asc(caseAssignees.userId));
  return rows.map((r) => r.id);
}

export async function findCaseTagIds(db: DbOrTx, caseId: string): Promise<string[]> {
  const rows = await db
    .select({ id: caseTags.tagId })
    .from(caseTags)
    .where(eq(caseTags.caseId, caseId))
    .orderBy(asc(caseTags.tagId));
  return rows.map((r) => r.id);
}

/** Makes the case's assignees exactly `userIds` (which must exist). */
export async function replaceCaseAssignees(tx: DbOrTx, caseId: string, userIds: readonly string[]) {
  await tx
    .delete(caseAssignees)
    .where(
      and(
        eq(caseAssignees.caseId, caseId),
        userIds.length ? sql`not ${isAnyUuid(caseAssignees.userId, userIds)}` : undefined,
      ),
    );
  if (userIds.length === 0) return;
  await tx.execute(sql`insert into ${caseAssignees} (case_id, user_id)
    select ${caseId}, unnest(${sql.param([...userIds])}::uuid[]) on conflict do nothing`);
}

/** Makes the case's tags exactly `tagIds` (which must exist). */
export async function replaceCaseTags(tx: DbOrTx, caseId: string, tagIds: readonly string[]) {
  await tx
    .delete(caseTags)
    .where(
      and(
        eq(caseTags.caseId, caseId),
        tagIds.length ? sql`not ${isAnyUuid(caseTags.tagId, tagIds)}` : undefined,
      ),
    );
  if (tagIds.length === 0) return;
  await tx.execute(sql`insert into ${caseTags} (case_id, tag_id)
    select ${caseId}, unnest(${sql.param([...tagIds])}::uuid[]) on conflict do nothing`);
}
