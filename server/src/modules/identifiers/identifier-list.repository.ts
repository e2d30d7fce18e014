import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import {
  buildCappedCountQuery,
  buildEstimateQuery,
  buildPageQuery,
  readPlanRows,
  type IdentifierListFilter,
} from './identifier-list-queries';
import { isQueryCanceled } from './query-canceled';

/**
 * Totals are counted exactly up to this many matches; beyond it the planner's estimate is answered
 * and flagged, because an exact count of a million rows costs far more than the page itself.
 */
export const EXACT_COUNT_CAP = 10_000;
/**
 * When the planner expects more than this many times the cap, its estimate is answered without
 * counting. A count that stops at the cap still reads cap + 1 rows, each a heap fetch and a recheck
 * for a trigram search (about 50 ms for "gmail" in a million rows), while the estimate costs one
 * plan. Estimates of substring searches come from the display value histogram (see migration 0003)
 * and are seldom off by 2x once they are that large, so totals under the cap are still counted.
 */
export const ESTIMATE_TRUST_FACTOR = 2;
/**
 * The longest an exact count may run by default (PostgreSQL; PGlite ignores it; `Config` may set
 * another). When the planner misjudges a search (a type and a substring are assumed independent,
 * e.g. e-mails containing "proton" are estimated at 13,000 where 37,000 match), the count gives up
 * and the estimate answers instead, so a list request stays fast whatever the filter.
 */
export const COUNT_TIME_BOX_MS = 10;
/** How long the table's row count (a planning hint) is reused before it is read again. */
const TABLE_ROWS_TTL_MS = 60_000;
const tableRowsCache = new WeakMap<Db, { rows: number; until: number }>();

/** The planner's count of identifier rows (pg_class.reltuples; 0 before the first ANALYZE). */
async function estimateTableRows(db: Db): Promise<number> {
  const cached = tableRowsCache.get(db);
  if (cached && cached.until > Date.now()) return cached.rows;
  const result = await db.execute(
    sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'identifiers'::regclass`,
  );
  const rows = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  tableRowsCache.set(db, { rows, until: Date.now() + TABLE_ROWS_TTL_MS });
  return rows;
}

/**
 * Whether a search expecting `matches` rows is sorted rather than read off the newest-first index
 * (see `ORDERS`). Walking the index until a page fills reads about (offset + pageSize) x rows /
 * matches entries; sorting reads the matches. They cost the same at sqrt((offset + pageSize) x rows):
 * 5,000 matches for the first page of a million rows. The sort's cost is bounded by the matches, the
 * walk's is not (a rare term whose matches are all old), so ties go to the sort.
 */
async function isSparse(db: Db, matches: number, page: { page: number; pageSize: number }) {
  const rows = await estimateTableRows(db);
  return matches <= Math.sqrt(page.page * page.pageSize * rows);
}

/** A row of the page with its evidence count, originator, proxy and tags (see `buildPageQuery`). */
export type IdentifierListRow = Awaited<ReturnType<typeof buildPageQuery>>[number];

export interface IdentifierListPage {
  rows: IdentifierListRow[];
  total: number;
  totalIsEstimate: boolean;
}

/** The capped count, or undefined when it ran out of time. */
async function countWithinTimeBox(
  db: Db,
  filter: IdentifierListFilter,
  timeBoxMs: number,
): Promise<number | undefined> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.round(timeBoxMs))}`));
      const [{ n }] = await buildCappedCountQuery(tx, filter, EXACT_COUNT_CAP);
      return n;
    });
  } catch (err) {
    if (isQueryCanceled(err)) return undefined;
    throw err;
  }
}

/**
 * One page of identifiers and the total. The estimate of a search or a tag filter comes first
 * because it picks the page's plan (a rare tag is as sparse as a rare term); otherwise it runs
 * beside the page. The total is then, in order of preference: known from a short page, the estimate
 * when it is far beyond the cap, an exact count when at most the cap match, else the estimate.
 * Estimates are flagged.
 */
export async function listIdentifierRows(
  db: Db,
  filter: IdentifierListFilter,
  page: { page: number; pageSize: number },
  principal: Principal,
  countTimeBoxMs = COUNT_TIME_BOX_MS,
): Promise<IdentifierListPage> {
  const estimateQuery = buildEstimateQuery(db, filter);
  const isSelective = Boolean(filter.search?.trim() || filter.tag);
  const known = isSelective ? readPlanRows(await db.execute(estimateQuery)) : undefined;
  const order = known !== undefined && (await isSparse(db, known, page)) ? 'sort' : 'index';
  const [rows, estimate] = await Promise.all([
    buildPageQuery(db, filter, page, principal, order),
    known ?? db.execute(estimateQuery).then(readPlanRows),
  ]);
  const seen = (page.page - 1) * page.pageSize + rows.length;
  if (rows.length < page.pageSize && (rows.length > 0 || page.page === 1)) {
    return { rows, total: seen, totalIsEstimate: false };
  }
  const beyond = (floor: number) => ({ rows, total: Math.max(estimate, floor), totalIsEstimate: true });
  if (estimate > ESTIMATE_TRUST_FACTOR * EXACT_COUNT_CAP) return beyond(seen);
  const n = await countWithinTimeBox(db, filter, countTimeBoxMs);
  if (n === undefined) return beyond(seen);
  if (n <= EXACT_COUNT_CAP) return { rows, total: n, totalIsEstimate: false };
  return beyond(EXACT_COUNT_CAP + 1);
}
