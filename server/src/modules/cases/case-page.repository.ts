import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TagRef } from '@scamtrail/domain/tags';
import type { CaseUser } from '@scamtrail/domain/cases';
import { fullName } from '@scamtrail/domain/names';
import type { DbOrTx } from '../../db/client';
import {
  caseAssignees,
  caseTags,
  evidence,
  groups,
  journalEntries,
  tags,
  users,
} from '../../db/schema/index';
import { toTagColor } from '../tags/tags.repository';
import { isAnyUuid } from './sql-arrays';

/**
 * What a page of cases carries beside its own columns, one query per kind for the whole page:
 * assignees, tags, groups, and the counts of entries and evidence.
 */

function groupBy<T>(caseIds: readonly string[], rows: readonly (T & { caseId: string })[]) {
  const map = new Map<string, T[]>(caseIds.map((id) => [id, []]));
  for (const { caseId, ...item } of rows) map.get(caseId)?.push(item as unknown as T);
  return map;
}

export async function findAssigneesOfCases(
  db: DbOrTx,
  caseIds: readonly string[],
): Promise<Map<string, CaseUser[]>> {
  if (caseIds.length === 0) return new Map();
  const rows = await db
    .select({
      caseId: caseAssignees.caseId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(caseAssignees)
    .innerJoin(users, eq(users.id, caseAssignees.userId))
    .where(isAnyUuid(caseAssignees.caseId, caseIds))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
  return groupBy(
    caseIds,
    rows.map((r) => ({ caseId: r.caseId, id: r.id, fullName: fullName(r) })),
  );
}

export async function findTagsOfCases(
  db: DbOrTx,
  caseIds: readonly string[],
): Promise<Map<string, TagRef[]>> {
  if (caseIds.length === 0) return new Map();
  const rows = await db
    .select({ caseId: caseTags.caseId, id: tags.id, name: tags.name, color: tags.color })
    .from(caseTags)
    .innerJoin(tags, eq(tags.id, caseTags.tagId))
    .where(isAnyUuid(caseTags.caseId, caseIds))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
  return groupBy(
    caseIds,
    rows.map((r) => ({ ...r, color: toTagColor(r.color) })),
  );
}

export async function findGroupNames(db: DbOrTx, groupIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(groupIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(isAnyUuid(groups.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Journal entries per case, not counting nullified ones. */
export async function countEntriesOfCases(
  db: DbOrTx,
  caseIds: readonly string[],
): Promise<Map<string, number>> {
  if (caseIds.length === 0) return new Map();
  const rows = await db
    .select({ caseId: journalEntries.caseId, n: count() })
    .from(journalEntries)
    .where(and(isAnyUuid(journalEntries.caseId, caseIds), sql`${journalEntries.isNullified} = false`))
    .groupBy(journalEntries.caseId);
  return new Map(rows.map((r) => [r.caseId!, r.n]));
}

export async function countEvidenceOfCases(
  db: DbOrTx,
  caseIds: readonly string[],
): Promise<Map<string, number>> {
  if (caseIds.length === 0) return new Map();
  const rows = await db
    .select({ caseId: evidence.caseId, n: count() })
    .from(evidence)
    .where(isAnyUuid(evidence.caseId, caseIds))
    .groupBy(evidence.caseId);
  return new Map(rows.map((r) => [r.caseId!, r.n]));
}
