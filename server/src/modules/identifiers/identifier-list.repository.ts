import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Principal } from '../auth/principal';
import {
  buildCappedCountQuery,
  readEstimate,
  readMostCasesPage,
  readPage,
  searchPatternOf,
  type IdentifierListFilter,
  type ListOrder,
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
 * plan. Estimates of substring searches come from the search text histogram (see migration 0021)
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
/** How long the table's row count and type shares (planning hints) are reused before they are read again. */
const TABLE_STATS_TTL_MS = 60_000;

/** The planner's statistics the list reads to choose an order (see `chooseOrder`). */
export interface TableStats {
  /** Identifier rows (pg_class.reltuples; 0 before the first ANALYZE). */
  rows: number;
  /** Each type's share of the rows, from pg_stats' most common values (empty before ANALYZE). */
  typeShares: Map<string, number>;
}
const tableStatsCache = new WeakMap<Db, { stats: TableStats; until: number }>();

export async function readTableStats(db: Db): Promise<TableStats> {
  const cached = tableStatsCache.get(db);
  if (cached && cached.until > Date.now()) return cached.stats;
  const result = await db.execute(sql`
    select greatest(c.reltuples, 0)::float8 as n, s.most_common_vals::text::text[] as types,
      s.most_common_freqs::float8[] as shares
    from pg_class c
    left join pg_stats s on s.schemaname = c.relnamespace::regnamespace::text
      and s.tablename = c.relname and s.attname = 'type'
    where c.oid = 'identifiers'::regclass`);
  const row = (
    result as unknown as { rows: { n: number; types: string[] | null; shares: number[] | null }[] }
  ).rows[0];
  const shares = row?.shares ?? [];
  const stats: TableStats = {
    rows: Number(row?.n ?? 0),
    typeShares: new Map((row?.types ?? []).map((type, k) => [type, Number(shares[k])])),
  };
  tableStatsCache.set(db, { stats, until: Date.now() + TABLE_STATS_TTL_MS });
  return stats;
}

/**
 * Whether a search expecting `matches` rows is sorted rather than read off a newest-first index
 * (see `ORDERS`). Walking the index until a page fills reads about (offset + pageSize) x walked /
 * matches entries, where `walked` is the rows the index holds for the filter: the whole table, or
 * with a type filter only that type's rows (identifiers_type_created_idx). Sorting reads the matches.
 * They cost the same at sqrt((offset + pageSize) x walked): 5,000 matches for the first page of a
 * million rows. The sort's cost is bounded by the matches, the walk's is not (a rare term whose
 * matches are all old), so ties go to the sort. Judging a type + search by the type's rows also
 * undoes the planner's assumption that they are independent: "proton" among 100,000 identifiers is
 * estimated at 1,424 e-mails where 3,735 match, which against the whole table looked sparse and was
 * sorted (all 3,735 read, 22 ms on PGlite) while the walk meets 25 of them within 200 e-mails (10 ms).
 */
export function chooseOrder(
  stats: TableStats,
  filter: IdentifierListFilter,
  matches: number,
  page: { page: number; pageSize: number },
): ListOrder {
  const walked = stats.rows * (filter.type ? (stats.typeShares.get(filter.type) ?? 1) : 1);
  return matches <= Math.sqrt(page.page * page.pageSize * walked) ? 'sort' : 'index';
}

export interface IdentifierListPage {
  /** The page's items as a JSON array, ready to send (see `readPage`). */
  json: string;
  /** How many items the page holds. */
  rowCount: number;
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
 * because it picks the page's plan (a rare tag is as sparse as a rare term); otherwise the page's
 * statement answers it too. The total is then, in order of preference: known from a short page, the estimate
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
  const isSelective = Boolean(searchPatternOf(filter) || filter.tag);
  const known = isSelective || filter.sort === 'most_cases' ? await readEstimate(db, filter) : undefined;
  const order = known === undefined ? 'index' : chooseOrder(await readTableStats(db), filter, known, page);
  const { estimate: planned, ...found } =
    filter.sort === 'most_cases'
      ? { ...(await readMostCasesPage(db, filter, page, principal)), estimate: null }
      : await readPage(db, filter, page, principal, order, !isSelective);
  const estimate = known ?? planned ?? 0;
  const { rowCount } = found;
  const seen = (page.page - 1) * page.pageSize + rowCount;
  if (rowCount < page.pageSize && (rowCount > 0 || page.page === 1)) {
    return { ...found, total: seen, totalIsEstimate: false };
  }
  const beyond = (floor: number) => ({ ...found, total: Math.max(estimate, floor), totalIsEstimate: true });
  if (estimate > ESTIMATE_TRUST_FACTOR * EXACT_COUNT_CAP) return beyond(seen);
  const n = await countWithinTimeBox(db, filter, countTimeBoxMs);
  if (n === undefined) return beyond(seen);
  if (n <= EXACT_COUNT_CAP) return { ...found, total: n, totalIsEstimate: false };
  return beyond(EXACT_COUNT_CAP + 1);
}
