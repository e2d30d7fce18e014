import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CASE_NO_GROUP, type CaseListQuery } from '@scamtrail/domain/cases';
import type { DbOrTx } from '../../db/client';
import { caseAssignees, cases, caseTags } from '../../db/schema/index';
import { caseNumberOf, matchesSearch } from '../../lib/search';
import type { Principal } from '../auth/principal';
import { visibleCaseCondition } from '../../db/case-visibility';

const original = alias(cases, 'original');

/** Critical first when sorting by priority descending. */
export const priorityRank = sql<number>`(case ${cases.priority}
  when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end)`;

/** Cases of the group, or of none; it only narrows: a group the caller may not see lists nothing. */
function groupCondition(groupId: string): SQL {
  return groupId === CASE_NO_GROUP ? isNull(cases.groupId) : eq(cases.groupId, groupId);
}

/** The list's filter, within the cases the caller may see (the CSV download reads under it too). */
export function filterCondition(query: CaseListQuery, principal: Principal): SQL | undefined {
  const search = query.search?.trim();
  return and(
    visibleCaseCondition(principal),
    query.groupId ? groupCondition(query.groupId) : undefined,
    query.status ? eq(cases.status, query.status) : undefined,
    query.priority ? eq(cases.priority, query.priority) : undefined,
    query.scamType ? eq(cases.scamType, query.scamType) : undefined,
    query.assigneeId
      ? sql`exists (select 1 from ${caseAssignees} where ${caseAssignees.caseId} = ${cases.id}
          and ${caseAssignees.userId} = ${query.assigneeId})`
      : undefined,
    query.tagId
      ? sql`exists (select 1 from ${caseTags} where ${caseTags.caseId} = ${cases.id}
          and ${caseTags.tagId} = ${query.tagId})`
      : undefined,
    // Only of an original the caller may see: otherwise the answer would tell which cases repeat it.
    query.duplicateOfId
      ? and(
          eq(cases.duplicateOfId, query.duplicateOfId),
          sql`exists (select 1 from ${cases} as ${original} where ${original.id} = ${query.duplicateOfId}
            and ${visibleCaseCondition(principal, original.groupId)})`,
        )
      : undefined,
    search ? searchCondition(search) : undefined,
  );
}

/** The search is in the title, or it is the case's number ("12" or "#12", as people quote it). */
function titleCondition(search: string): SQL {
  const number = caseNumberOf(search);
  const inTitle = matchesSearch(search, cases.title);
  return number === undefined ? inTitle : sql`(${inTitle} or ${cases.number} = ${number})`;
}

/**
 * The title or the number match the search, or the description holds it (a name or a handle the
 * case's summary mentions).
 */
function searchCondition(search: string): SQL {
  return sql`(${titleCondition(search)} or ${matchesSearch(search, cases.description)})`;
}

/**
 * The order of the page. Ties break on the id in the opposite direction, as the (time desc, id)
 * indexes are laid out, so a sort by activity or creation reads an index instead of sorting.
 */
function orderOf(query: CaseListQuery): SQL[] {
  const [forward, backward] = query.direction === 'asc' ? [asc, desc] : [desc, asc];
  switch (query.sort) {
    case 'createdAt':
      return [forward(cases.createdAt), backward(cases.id)];
    case 'priority':
      return [forward(priorityRank), desc(cases.lastActivityAt), asc(cases.id)];
    case 'relevance': {
      // A case picker's order: what the person typed is the title (or the number) before it is words
      // of a description. Without a search, the most recently active first.
      const search = query.search?.trim();
      const titleFirst = search ? [desc(titleCondition(search))] : [];
      return [...titleFirst, desc(cases.lastActivityAt), asc(cases.id)];
    }
    default:
      return [forward(cases.lastActivityAt), backward(cases.id)];
  }
}

/**
 * The ids of one page of the cases the caller may see, in order, and how many match in all: the
 * cases themselves are written by `findCases`, so the page reads nothing else.
 */
export async function listCaseIds(
  db: DbOrTx,
  query: CaseListQuery,
  principal: Principal,
): Promise<{ ids: string[]; total: number }> {
  const where = filterCondition(query, principal);
  const rows = await db
    .select({ id: cases.id })
    .from(cases)
    .where(where)
    .orderBy(...orderOf(query))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const ids = rows.map((row) => row.id);
  const seen = (query.page - 1) * query.pageSize + ids.length;
  // A short page (not past the end) tells the total without counting.
  if (ids.length < query.pageSize && (ids.length > 0 || query.page === 1)) return { ids, total: seen };
  const [{ n }] = await db.select({ n: count() }).from(cases).where(where);
  return { ids, total: n };
}
