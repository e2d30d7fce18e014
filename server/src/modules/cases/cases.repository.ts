import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { nextUpdatedAt } from '../../db/row-versions';
import { caseAssignees, cases, caseTags } from '../../db/schema/index';
import type { Principal } from '../auth/principal';
import { holdCaseSight, visibleCaseCondition } from '../../db/case-visibility';
import { isAnyUuid, rowsOf } from '../../db/sql/arrays';

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
    | 'duplicateOfId'
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

/**
 * As `findVisibleCaseRow`, locking the row until the transaction ends, so changes queue up; the
 * caller's sight of it is held as long (`holdCaseSight`). A change of the case's own fields takes
 * `update`; a change of what it holds `no key update`, the lock `touchCase` takes (a weaker lock
 * strengthened later deadlocks two such changes), which still waits for a change of the case.
 */
export async function lockVisibleCaseRow(
  tx: DbOrTx,
  principal: Principal,
  id: string,
  strength: 'update' | 'no key update' = 'update',
): Promise<CaseRow | undefined> {
  await holdCaseSight(tx, principal);
  const [row] = await tx
    .select()
    .from(cases)
    .where(and(eq(cases.id, id), visibleCaseCondition(principal)))
    .for(strength, { of: cases });
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
    .set({ ...changes, updatedAt: nextUpdatedAt(cases.updatedAt), lastActivityAt: sql`now()` })
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

/**
 * Marks a case as just active: its journal or evidence changed. The case list's "last activity"
 * column and its default sort read `last_activity_at`. Call it in the transaction of the change.
 */
export async function touchCase(db: DbOrTx, caseId: string | null | undefined): Promise<void> {
  if (!caseId) return;
  await db
    .update(cases)
    .set({ lastActivityAt: sql`now()` })
    .where(eq(cases.id, caseId));
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

/**
 * True when following duplicate links from `fromId` (the case it repeats, the case that one repeats,
 * and so on) reaches `caseId`: naming `fromId` as the original of `caseId` would close a loop. The walk
 * goes on only through cases the caller may see: a hidden case's own link is not read, so the answer
 * tells nothing of it (a loop through it may then be stored, which walks like this one tolerate).
 * `union` drops rows seen already, so a loop already stored ends the walk too.
 */
export async function isInDuplicateChain(
  db: DbOrTx,
  fromId: string,
  caseId: string,
  principal: Principal,
): Promise<boolean> {
  const result = await db.execute(sql`with recursive chain(id) as (
      select ${cases.duplicateOfId} from ${cases} where ${cases.id} = ${fromId}
      union
      select ${cases.duplicateOfId} from ${cases} inner join chain on ${cases.id} = chain.id
      where ${visibleCaseCondition(principal)}
    )
    select 1 as found from chain where id = ${caseId} limit 1`);
  return rowsOf(result).length > 0;
}
