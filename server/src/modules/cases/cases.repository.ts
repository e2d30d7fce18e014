import { and, asc, eq, sql } from 'drizzle-orm';
import { WILDCARD } from '@scamtrail/domain/permissions';
import type { DbOrTx } from '../../db/client';
import { nextUpdatedAt } from '../../db/row-versions';
import { caseAssignees, cases, caseTags } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { canSeeAllCases, visibleCaseCondition } from '../groups/case-visibility';
import { isAnyUuid, rowsOf } from './sql-arrays';

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

/**
 * The kinds of viewer `visibleCaseCondition` tells apart: its SQL differs between them and, within a
 * kind, only by the user's id. A statement prepared once per kind can therefore serve every viewer.
 */
export type ViewerKind = 'all' | 'api_key' | 'user';

export function viewerKind(principal: Principal): ViewerKind {
  if (canSeeAllCases(principal)) return 'all';
  return principal.kind === 'api_key' ? 'api_key' : 'user';
}

/**
 * A stand-in viewer of the kind, for building a prepared statement with `visibleCaseCondition`: the
 * user's id is the `viewerId` placeholder, filled from `viewerParams` at each execution. The one rule
 * of visibility stays in case-visibility.ts.
 */
export function viewerTemplate(kind: ViewerKind): Principal {
  const viewerId = sql.placeholder('viewerId') as unknown as string;
  if (kind === 'api_key') {
    return { kind: 'api_key', apiKeyId: '', originatorId: '', creatorUserId: '', permissions: [] };
  }
  return {
    kind: 'user',
    userId: viewerId,
    sessionId: '',
    originatorId: '',
    role: 'investigator',
    email: '',
    firstName: '',
    lastName: '',
    permissions: kind === 'all' ? [WILDCARD] : [],
  };
}

export function viewerParams(principal: Principal): { viewerId: string | null } {
  return { viewerId: principal.kind === 'user' ? principal.userId : null };
}

/**
 * Prepared queries built once per database handle and variant (a viewer kind, a filter), for the
 * reads of every page view; `build` must give a query whose only inputs are `sql.placeholder`s and a
 * statement name unique to the variant.
 */
export function preparedVariants<Q>(build: (db: DbOrTx, variant: string) => Q) {
  const cache = new WeakMap<DbOrTx, Map<string, Q>>();
  return (db: DbOrTx, variant: string): Q => {
    let built = cache.get(db);
    if (!built) cache.set(db, (built = new Map()));
    let query = built.get(variant);
    if (!query) built.set(variant, (query = build(db, variant)));
    return query;
  };
}

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
