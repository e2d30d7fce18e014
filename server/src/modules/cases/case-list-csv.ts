import { and } from 'drizzle-orm';
import type { CaseListQuery } from '@scamtrail/domain/cases';
import type { DbOrTx } from '../../db/client';
import {
  keysetAfter,
  keysetNext,
  keysetOrder,
  keysetPositionOf,
  reversedKeys,
  type KeysetKey,
  type KeysetPosition,
} from '../../db/keyset';
import { cases } from '../../db/schema/index';
import type { CsvPage } from '../../plugins/csv-export';
import type { Principal } from '../auth/principal';
import { filterCondition as caseFilterCondition, priorityRank } from './case-list.repository';
import { findCases } from './case-page.repository';

/**
 * The keyset read of the case list CSV download (`config.csv.read` of its route, see `csvExportPlugin`
 * and docs/interchange.md): the rows after a position in the list's order under the list's own
 * filter and visibility (the conditions its JSON page uses), written as its JSON page writes them.
 */

/**
 * A case list's order as keys: as `orderOf` in `case-list.repository.ts`, ties broken on the id the
 * other way, so the descending orders are `cases_activity_idx` and `cases_created_idx` read forward
 * and the ascending ones the same read backward.
 */
function caseKeys(query: CaseListQuery): KeysetKey[] {
  const byTime = (column: KeysetKey['expr']): KeysetKey[] => {
    const newest: KeysetKey[] = [
      { expr: column, direction: 'desc', nulls: 'last', type: 'timestamptz' },
      { expr: cases.id, direction: 'asc', type: 'uuid' },
    ];
    return query.direction === 'asc' ? reversedKeys(newest) : newest;
  };
  switch (query.sort) {
    case 'createdAt':
      return byTime(cases.createdAt);
    case 'priority':
      return [
        { expr: priorityRank, direction: query.direction === 'asc' ? 'asc' : 'desc', type: 'int' },
        { expr: cases.lastActivityAt, direction: 'desc', type: 'timestamptz' },
        { expr: cases.id, direction: 'asc', type: 'uuid' },
      ];
    default:
      return byTime(cases.lastActivityAt);
  }
}

export async function caseCsvPage(
  db: DbOrTx,
  query: CaseListQuery,
  principal: Principal,
  after: KeysetPosition | undefined,
  limit: number,
): Promise<CsvPage> {
  const keys = caseKeys(query);
  const rows = await db
    .select({ id: cases.id, position: keysetPositionOf(keys) })
    .from(cases)
    .where(and(caseFilterCondition(query, principal), keysetAfter(keys, after)))
    .orderBy(...keysetOrder(keys))
    .limit(limit);
  if (rows.length === 0) return { data: [], next: undefined };
  const found = await findCases(
    db,
    rows.map((row) => row.id),
    principal,
  );
  // A case deleted between the two reads is left out.
  return { data: found.filter(Boolean), next: keysetNext(rows, limit) };
}
