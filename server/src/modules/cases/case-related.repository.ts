import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cases, identifiers } from '../../db/schema/index';
import type { Principal } from '../auth/principal';
import { visibleCaseCondition } from '../../db/case-visibility';
import { identifiersOfCase, otherCasesNaming } from './case-identifier-links';
import { isAnyUuid, rowsOf } from '../../db/sql/arrays';

export interface RelatedCaseRow {
  id: string;
  number: number;
  title: string;
  status: string;
  sharedCount: number;
  /** Up to 5 shared identifier ids, by display value. */
  sharedIds: string[];
}

export interface SharedIdentifierRow {
  id: string;
  type: string;
  displayValue: string;
}

/**
 * The cases the caller may see that share an identifier with the case, grouped with their counts. The
 * case's identifiers are matched as an array (`= any(array(...))`), which the planner looks up in the
 * identifier indexes of the link tables; as `in (subquery)` it hashed a scan of every link instead.
 */
function relatedCases(caseId: string, principal: Principal) {
  return sql`with mine as (${identifiersOfCase(caseId)}),
    links as (${otherCasesNaming((column) => sql`${column} = any(array(select identifier_id from mine))`, caseId)})
    select ${cases.id} as id, ${cases.number} as number, ${cases.title} as title,
           ${cases.status} as status, ${cases.lastActivityAt} as last_activity_at,
           count(*)::int as shared_count,
           to_json((array_agg(links.identifier_id order by ${identifiers.displayValue}, ${identifiers.id}))[1:5])
             as shared_ids
      from links
      join ${cases} on ${cases.id} = links.case_id
      join ${identifiers} on ${identifiers.id} = links.identifier_id
     where ${visibleCaseCondition(principal)}
     group by ${cases.id}`;
}

/**
 * One page of related cases, most shared identifiers first, then the most recently active, and
 * how many there are in all.
 */
export async function findRelatedCaseRows(
  db: DbOrTx,
  caseId: string,
  principal: Principal,
  page: { page: number; pageSize: number },
): Promise<{ rows: RelatedCaseRow[]; total: number }> {
  const result = await db.execute(sql`select related.*, count(*) over ()::int as total
      from (${relatedCases(caseId, principal)}) as related
     order by shared_count desc, last_activity_at desc, id
     limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`);
  const raw = rowsOf<{
    id: string;
    number: number;
    title: string;
    status: string;
    shared_count: number;
    shared_ids: string[] | string;
    total: number;
  }>(result);
  let total = raw[0]?.total ?? 0;
  if (raw.length === 0 && page.page > 1) {
    const counted = await db.execute(
      sql`select count(*)::int as n from (${relatedCases(caseId, principal)}) as r`,
    );
    total = rowsOf<{ n: number }>(counted)[0].n;
  }
  const rows = raw.map((r) => ({
    id: r.id,
    number: Number(r.number),
    title: r.title,
    status: r.status,
    sharedCount: Number(r.shared_count),
    sharedIds: typeof r.shared_ids === 'string' ? (JSON.parse(r.shared_ids) as string[]) : r.shared_ids,
  }));
  return { rows, total: Number(total) };
}

/** Type and display value of the identifiers, in one query. */
export async function findIdentifierSummaries(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, SharedIdentifierRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: identifiers.id, type: identifiers.type, displayValue: identifiers.displayValue })
    .from(identifiers)
    .where(isAnyUuid(identifiers.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}
