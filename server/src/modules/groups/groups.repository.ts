import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { nextUpdatedAt } from '../../db/row-versions';
import { readsTogether } from '../../db/reads-together';
import { cases, groupMembers, groups, users } from '../../db/schema/index';
import { countByColumn } from '../../lib/count-by';
import { isAnyUuid, isNotAnyUuid } from '../../db/sql/arrays';
import { matchesSearch } from '../../lib/search';

type GroupBase = typeof groups.$inferSelect;
/** `caseCount` is absent when the caller may not read cases (not 0: it was not counted). */
export type GroupRow = GroupBase & { memberCount: number; caseCount?: number };

/**
 * Which cases `caseCount` takes in: a condition over `cases`, `visibleCaseCondition` of the caller (a
 * count of cases they may not see would tell them those exist); null when the caller does not hold
 * case.view, and the cases are not counted at all.
 */
export type CaseScope = SQL | null;

/** Adds member and case counts to the groups, two grouped queries for the whole page. */
async function withCounts(db: DbOrTx, rows: GroupBase[], scope: CaseScope): Promise<GroupRow[]> {
  const ids = rows.map((r) => r.id);
  const [members, caseCounts] = await readsTogether(db, [
    () => countByColumn(db, groupMembers, groupMembers.groupId, ids),
    async () => (scope ? countByColumn(db, cases, cases.groupId, ids, scope) : null),
  ]);
  return rows.map((r) => ({
    ...r,
    memberCount: members.get(r.id) ?? 0,
    ...(caseCounts && { caseCount: caseCounts.get(r.id) ?? 0 }),
  }));
}

export async function listGroupRows(
  db: DbOrTx,
  search: string | undefined,
  page: { page: number; pageSize: number },
  scope: CaseScope,
): Promise<{ rows: GroupRow[]; total: number }> {
  const where = search?.trim() ? matchesSearch(search.trim(), groups.name) : undefined;
  const rows = await db
    .select()
    .from(groups)
    .where(where)
    .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [{ n }] = await db.select({ n: count() }).from(groups).where(where);
  return { rows: await withCounts(db, rows, scope), total: n };
}

export async function findGroupRow(db: DbOrTx, id: string, scope: CaseScope): Promise<GroupRow | undefined> {
  const rows = await db.select().from(groups).where(eq(groups.id, id)).limit(1);
  return (await withCounts(db, rows, scope))[0];
}

/** Locks the group row for the rest of the transaction; false when there is none. */
export async function lockGroup(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, id)).for('update');
  return rows.length > 0;
}

/** How many cases the group holds: all of them, or those of `scope` (a caller's visible cases). */
export async function countGroupCases(db: DbOrTx, id: string, scope?: SQL): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(cases)
    .where(and(eq(cases.groupId, id), scope));
  return n;
}

export async function insertGroup(
  db: DbOrTx,
  values: { name: string; description: string },
): Promise<string> {
  const [row] = await db.insert(groups).values(values).returning({ id: groups.id });
  return row.id;
}

export async function updateGroupRow(
  db: DbOrTx,
  id: string,
  values: { name?: string; description?: string },
): Promise<boolean> {
  const rows = await db
    .update(groups)
    .set({ ...values, updatedAt: nextUpdatedAt(groups.updatedAt) })
    .where(eq(groups.id, id))
    .returning({ id: groups.id });
  return rows.length > 0;
}

export async function deleteGroupRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(groups).where(eq(groups.id, id));
}

export async function findGroupMemberRows(db: DbOrTx, groupId: string) {
  return db
    .select({
      userId: users.id,
      originatorId: users.originatorId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      disabled: users.disabled,
      lastLoginAt: users.lastLoginAt,
      addedAt: groupMembers.createdAt,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** The ids among `ids` that name existing users. */
export async function findExistingUserIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: users.id }).from(users).where(isAnyUuid(users.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Adds the users not yet members; answers how many were added. */
export async function addGroupMembers(
  db: DbOrTx,
  groupId: string,
  userIds: readonly string[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  const added = await db
    .insert(groupMembers)
    .values(userIds.map((userId) => ({ groupId, userId })))
    .onConflictDoNothing()
    .returning({ userId: groupMembers.userId });
  return added.length;
}

/** Removes the members not in `keep` (all of them when `keep` is empty). */
export async function removeGroupMembersExcept(
  db: DbOrTx,
  groupId: string,
  keep: readonly string[],
): Promise<void> {
  await db
    .delete(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        keep.length ? isNotAnyUuid(groupMembers.userId, keep) : undefined,
      ),
    );
}

export async function removeGroupMember(db: DbOrTx, groupId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .returning({ userId: groupMembers.userId });
  return rows.length > 0;
}
