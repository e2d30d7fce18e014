import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cases, identifiers } from '../../db/schema/index';
import type { Principal } from '../auth/principal';
import { visibleCaseCondition } from '../../db/case-visibility';
import { identifiersOfCase, otherCasesNaming } from './case-identifier-links';
import { isAnyUuid, rowsOf } from '../../db/sql/arrays';

export interface CaseIdentifierRow {
  id: string;
  type: string;
  displayValue: string;
  entryCount: number;
}

export interface OtherCaseRow {
  identifierId: string;
  id: string;
  number: number;
  title: string;
  status: string;
  /** How many visible cases besides this one name the identifier. */
  otherCount: number;
}

/**
 * One page of the case's identifiers and how many there are in all: the most named by the case's
 * journal entries first when `byEntryCount` (a caller holding journal_entry.view), else by display
 * value alone, so that the order and the page boundaries tell nothing of entries the caller may not see.
 */
export async function findCaseIdentifierRows(
  db: DbOrTx,
  caseId: string,
  page: { page: number; pageSize: number },
  byEntryCount: boolean,
): Promise<{ rows: CaseIdentifierRow[]; total: number }> {
  const mostNamedFirst = byEntryCount ? sql`mine.entry_count desc, ` : sql``;
  const result = await db.execute(sql`select ${identifiers.id} as id, ${identifiers.type} as type,
           ${identifiers.displayValue} as display_value, mine.entry_count,
           count(*) over ()::int as total
      from (${identifiersOfCase(caseId)}) as mine
      join ${identifiers} on ${identifiers.id} = mine.identifier_id
     order by ${mostNamedFirst}${identifiers.displayValue}, ${identifiers.id}
     limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`);
  const raw = rowsOf<{ id: string; type: string; display_value: string; entry_count: number; total: number }>(
    result,
  );
  let total = raw[0]?.total ?? 0;
  if (raw.length === 0 && page.page > 1) {
    const counted = await db.execute(sql`select count(*)::int as n from (${identifiersOfCase(caseId)}) as m`);
    total = rowsOf<{ n: number }>(counted)[0].n;
  }
  return {
    rows: raw.map((r) => ({
      id: r.id,
      type: r.type,
      displayValue: r.display_value,
      entryCount: Number(r.entry_count),
    })),
    total: Number(total),
  };
}

/**
 * For each identifier, up to `limit` other cases the caller may see that name it (most recently
 * active first) and how many such cases there are, in one query for the whole page.
 */
export async function findOtherCasesNaming(
  db: DbOrTx,
  caseId: string,
  identifierIds: readonly string[],
  principal: Principal,
  limit = 5,
): Promise<OtherCaseRow[]> {
  if (identifierIds.length === 0) return [];
  const links = otherCasesNaming((column) => isAnyUuid(column, identifierIds), caseId);
  const result = await db.execute(sql`select * from (
      select links.identifier_id, ${cases.id} as id, ${cases.number} as number,
             ${cases.title} as title, ${cases.status} as status,
             row_number() over (partition by links.identifier_id
                                order by ${cases.lastActivityAt} desc, ${cases.id}) as rank,
             count(*) over (partition by links.identifier_id)::int as other_count
        from (${links}) as links
        join ${cases} on ${cases.id} = links.case_id
       where ${visibleCaseCondition(principal)}
    ) as ranked
    where rank <= ${limit}
    order by identifier_id, rank`);
  return rowsOf<{
    identifier_id: string;
    id: string;
    number: number;
    title: string;
    status: string;
    other_count: number;
  }>(result).map((r) => ({
    identifierId: r.identifier_id,
    id: r.id,
    number: Number(r.number),
    title: r.title,
    status: r.status,
    otherCount: Number(r.other_count),
  }));
}
