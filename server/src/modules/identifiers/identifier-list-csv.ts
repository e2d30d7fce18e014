import { and, sql } from 'drizzle-orm';
import type { ReviewQueueQuery } from '@scamtrail/domain/identifiers/api';
import { canSeeAllCases, visibleCaseCondition } from '../../db/case-visibility';
import type { DbOrTx } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import {
  keysetAfter,
  keysetNext,
  keysetOrder,
  keysetPositionOf,
  reversedKeys,
  type KeysetKey,
  type KeysetPosition,
} from '../../db/keyset';
import { cases, identifiers } from '../../db/schema/index';
import type { CsvPage } from '../../plugins/csv-export';
import type { Principal } from '../auth/principal';
import {
  filterCondition as identifierFilterCondition,
  findKeyMatchIds,
  readItems,
  readItemsInOrder,
  type IdentifierListFilter,
} from './identifier-list-queries';
import { queueCondition, reviewQueueColumns } from './identifier-review.repository';
import { presentReviews } from './identifier-review.service';

/**
 * The keyset reads of the identifier list's and the validation queue's CSV downloads
 * (`config.csv.read` of their routes, see `csvExportPlugin` and docs/interchange.md): the rows after a position in the list's order under the list's own
 * filter and visibility (the conditions its JSON page uses), written as its JSON page writes them.
 */

const newestIdentifiers: KeysetKey[] = [
  { expr: identifiers.createdAt, direction: 'desc', nulls: 'last', type: 'timestamptz' },
  { expr: identifiers.id, direction: 'desc', nulls: 'last', type: 'uuid' },
];

/**
 * Seen in the most cases the reader may see first, newest first among equals. An administrator's
 * count is `case_count` (served by `identifiers_case_count_idx` for those seen in a case); anyone
 * else's is counted per identifier, so each page sorts the filter's matches.
 */
function mostCasesKeys(principal: Principal): KeysetKey[] {
  const visible = canSeeAllCases(principal)
    ? identifiers.caseCount
    : // Counted only for identifiers seen in some case (`case_count` bounds what anyone sees).
      sql`(case when identifiers.case_count = 0 then 0 else (select count(*)::int
        from identifier_case_sightings s inner join ${cases} on ${cases.id} = s.case_id
        where s.identifier_id = identifiers.id and ${visibleCaseCondition(principal)}) end)`;
  return [{ expr: visible, direction: 'desc', nulls: 'last', type: 'int' }, ...newestIdentifiers];
}

async function identifierRowsAfter(
  db: DbOrTx,
  where: ReturnType<typeof and>,
  keys: readonly KeysetKey[],
  after: KeysetPosition | undefined,
  limit: number,
) {
  return db
    .select({ id: identifiers.id, position: keysetPositionOf(keys) })
    .from(identifiers)
    .where(and(where, keysetAfter(keys, after)))
    .orderBy(...keysetOrder(keys))
    .limit(limit);
}

/**
 * A page of the list's CSV: on the first, the identifiers the search text is by normalised key
 * (`findKeyMatchIds`, newest first), then the list's rows after `after` without them, each once.
 */
export async function identifierCsvPage(
  db: DbOrTx,
  filter: IdentifierListFilter,
  principal: Principal,
  after: KeysetPosition | undefined,
  limit: number,
): Promise<CsvPage> {
  const keys = filter.sort === 'most_cases' ? mostCasesKeys(principal) : newestIdentifiers;
  const [matched, rows] = await readsTogether(db, [
    () => findKeyMatchIds(db, filter),
    () => identifierRowsAfter(db, identifierFilterCondition(filter), keys, after, limit),
  ]);
  const first = after === undefined && matched.length > 0 ? await readItems(db, matched, principal) : [];
  const ids = rows.map((row) => row.id).filter((id) => !matched.includes(id));
  if (ids.length === 0) return { data: first, next: keysetNext(rows, limit) };
  // Newest first is the order `readItems` writes; another order is kept as read.
  const data =
    keys === newestIdentifiers
      ? await readItems(db, ids, principal)
      : (JSON.parse((await readItemsInOrder(db, ids, principal)).json) as unknown[]);
  // An identifier deleted between the two reads is left out; the position is still the page's last.
  return { data: [...first, ...data], next: keysetNext(rows, limit) };
}

export async function reviewQueueCsvPage(
  db: DbOrTx,
  query: ReviewQueueQuery,
  principal: Principal,
  after: KeysetPosition | undefined,
  limit: number,
): Promise<CsvPage> {
  const oldest: KeysetKey[] = [
    { expr: identifiers.createdAt, direction: 'asc', type: 'timestamptz' },
    { expr: identifiers.id, direction: 'asc', type: 'uuid' },
  ];
  const keys = query.sort === 'newest' ? reversedKeys(oldest) : oldest;
  const rows = await db
    .select({ ...reviewQueueColumns, position: keysetPositionOf(keys) })
    .from(identifiers)
    .where(and(queueCondition(query), keysetAfter(keys, after)))
    .orderBy(...keysetOrder(keys))
    .limit(limit);
  if (rows.length === 0) return { data: [], next: undefined };
  const [{ json }, reviews] = await readsTogether(db, [
    () =>
      readItemsInOrder(
        db,
        rows.map((row) => row.id),
        principal,
      ),
    () => presentReviews(db, rows),
  ]);
  const items = new Map((JSON.parse(json) as { id: string }[]).map((item) => [item.id, item] as const));
  return {
    data: rows.flatMap((row, k) => {
      const item = items.get(row.id);
      return item ? [{ ...item, review: reviews[k] }] : [];
    }),
    next: keysetNext(rows, limit),
  };
}
