import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { TagRef } from '@scamtrail/domain/tags';
import type { DbOrTx } from '../../db/client';
import { nextUpdatedAt } from '../../db/row-versions';
import { preparedPerDatabase } from '../../db/prepared';
import { readsTogether } from '../../db/reads-together';
import { cases, caseTags, evidence, evidenceTags, identifierTags, tags } from '../../db/schema/index';
import { countByColumn } from '../../lib/count-by';
import { isAnyUuid, isNotAnyUuid } from '../../db/sql/arrays';
import { toTagColor } from '../../db/sql/tags';
import { matchesSearch } from '../../lib/search';

type TagBase = typeof tags.$inferSelect;
/** A usage count is absent when the caller may not view that kind of record (not 0: it was not counted). */
export type TagRow = TagBase & { cases?: number; evidence?: number; identifiers?: number };

/**
 * What the usage counts take in, per kind: for cases and evidence a condition over `cases`
 * (`visibleCaseCondition` of the caller for what they are shown: a count of the cases they may not see
 * would tell them those exist; `sql\`true\`` to know whether anything at all carries the tag); null, and
 * for identifiers false, when the caller may not view that kind, and it is not counted at all.
 */
export interface UsageScope {
  cases: SQL | null;
  evidence: SQL | null;
  identifiers: boolean;
}
/** Everything, whoever asks: whether a tag may be deleted does not depend on who deletes it. */
export const ALL_USAGE: UsageScope = { cases: sql`true`, evidence: sql`true`, identifiers: true };

async function countGrouped(query: Promise<{ key: string; n: number }[]>, ids: readonly string[]) {
  const counts = new Map<string, number>(ids.map((id) => [id, 0]));
  for (const row of await query) counts.set(row.key, row.n);
  return counts;
}

function countCaseTags(db: DbOrTx, ids: readonly string[], scope: SQL) {
  const query = db
    .select({ key: caseTags.tagId, n: count() })
    .from(caseTags)
    .innerJoin(cases, eq(cases.id, caseTags.caseId))
    .where(and(isAnyUuid(caseTags.tagId, ids), scope))
    .groupBy(caseTags.tagId);
  return countGrouped(query, ids);
}

/** Evidence in no case counts for everyone, as it is listed for everyone. */
function countEvidenceTags(db: DbOrTx, ids: readonly string[], scope: SQL) {
  const query = db
    .select({ key: evidenceTags.tagId, n: count() })
    .from(evidenceTags)
    .innerJoin(evidence, eq(evidence.id, evidenceTags.evidenceId))
    .leftJoin(cases, eq(cases.id, evidence.caseId))
    .where(and(isAnyUuid(evidenceTags.tagId, ids), scope))
    .groupBy(evidenceTags.tagId);
  return countGrouped(query, ids);
}

/** Adds usage counts to the tags: one grouped query per junction table for the whole page. */
async function withUsage(db: DbOrTx, rows: TagBase[], scope: UsageScope): Promise<TagRow[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [caseCounts, evidenceCounts, identifierCounts] = await readsTogether(db, [
    async () => scope.cases && countCaseTags(db, ids, scope.cases),
    async () => scope.evidence && countEvidenceTags(db, ids, scope.evidence),
    async () => (scope.identifiers ? countByColumn(db, identifierTags, identifierTags.tagId, ids) : null),
  ]);
  return rows.map((r) => ({
    ...r,
    ...(caseCounts && { cases: caseCounts.get(r.id) ?? 0 }),
    ...(evidenceCounts && { evidence: evidenceCounts.get(r.id) ?? 0 }),
    ...(identifierCounts && { identifiers: identifierCounts.get(r.id) ?? 0 }),
  }));
}

export async function listTagRows(
  db: DbOrTx,
  search: string | undefined,
  page: { page: number; pageSize: number },
  scope: UsageScope,
) {
  const where = search?.trim() ? matchesSearch(search.trim(), tags.name) : undefined;
  const rows = await db
    .select()
    .from(tags)
    .where(where)
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [{ n }] = await db.select({ n: count() }).from(tags).where(where);
  return { rows: await withUsage(db, rows, scope), total: n };
}

export async function findTagRow(db: DbOrTx, id: string, scope: UsageScope): Promise<TagRow | undefined> {
  const rows = await db.select().from(tags).where(eq(tags.id, id)).limit(1);
  return (await withUsage(db, rows, scope))[0];
}

/** Locks the tag row for the rest of the transaction, so nothing attaches it meanwhile. */
export async function lockTag(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.select({ id: tags.id }).from(tags).where(eq(tags.id, id)).for('update');
  return rows.length > 0;
}

export async function insertTag(db: DbOrTx, values: { name: string; color: string; description: string }) {
  const [row] = await db.insert(tags).values(values).returning({ id: tags.id });
  return row.id;
}

export async function updateTagRow(
  db: DbOrTx,
  id: string,
  values: Partial<{ name: string; color: string; description: string }>,
): Promise<boolean> {
  const rows = await db
    .update(tags)
    .set({ ...values, updatedAt: nextUpdatedAt(tags.updatedAt) })
    .where(eq(tags.id, id))
    .returning({ id: tags.id });
  return rows.length > 0;
}

export async function deleteTagRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(tags).where(eq(tags.id, id));
}

/**
 * The ids among `ids` that are not tags. The found tags stay locked against deletion for the rest
 * of the transaction (deleteTag locks the row for update), so attaching them cannot race a delete.
 */
export async function findMissingTagIds(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(isAnyUuid(tags.id, [...new Set(ids)]))
    .for('key share');
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/**
 * Makes the identifier's tags exactly `tagIds` (call inside the transaction of the identifier's
 * change; the ids must exist, see findMissingTagIds or replaceIdentifierTags in tags.service).
 */
export async function setIdentifierTags(
  db: DbOrTx,
  identifierId: string,
  tagIds: readonly string[],
): Promise<void> {
  const unique = [...new Set(tagIds)];
  await db
    .delete(identifierTags)
    .where(
      and(
        eq(identifierTags.identifierId, identifierId),
        unique.length ? isNotAnyUuid(identifierTags.tagId, unique) : undefined,
      ),
    );
  if (unique.length === 0) return;
  await db
    .insert(identifierTags)
    .values(unique.map((tagId) => ({ identifierId, tagId })))
    .onConflictDoNothing();
}

// One array parameter rather than a list of them, so the statement is the same for every page.
const tagsOfIdentifiers = preparedPerDatabase((db) =>
  db
    .select({ identifierId: identifierTags.identifierId, id: tags.id, name: tags.name, color: tags.color })
    .from(identifierTags)
    .innerJoin(tags, eq(tags.id, identifierTags.tagId))
    .where(sql`${identifierTags.identifierId} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(asc(sql`lower(${tags.name})`))
    .prepare('tags_of_identifiers'),
);

/** The tags of each identifier, by name, in one query; identifiers without tags map to []. */
export async function findTagsForIdentifiers(
  db: DbOrTx,
  identifierIds: readonly string[],
): Promise<Map<string, TagRef[]>> {
  const result = new Map<string, TagRef[]>(identifierIds.map((id) => [id, []]));
  if (identifierIds.length === 0) return result;
  const rows = await tagsOfIdentifiers(db).execute({ ids: [...new Set(identifierIds)] });
  for (const { identifierId, id, name, color } of rows) {
    result.get(identifierId)?.push({ id, name, color: toTagColor(color) });
  }
  return result;
}
