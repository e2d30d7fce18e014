import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { identifiers, originators, users } from '../../db/schema/index';
import { containsPattern } from '../../lib/search';
import type { Principal } from '../../plugins/auth';
import { evidenceCountSql, identifierColumns } from './identifiers.repository';

/** The statements of the identifier list; `identifier-list.repository.ts` decides which to run. */

export interface IdentifierListFilter {
  type?: string;
  search?: string;
  /** A tag id: only identifiers carrying it. */
  tag?: string;
}

/**
 * Newest first, id breaking ties, in two spellings of the same order (both columns are NOT NULL):
 * - `index`: NULLS LAST, matching the (created_at DESC NULLS LAST, id DESC NULLS LAST) indexes Drizzle
 *   generates, so a page is read straight off an index (0.1 ms for 25 of a million rows). Right when
 *   matches are plentiful: the walk meets 25 of them early.
 * - `sort`: PostgreSQL's plain DESC (NULLS FIRST), which no index serves, so the planner collects the
 *   matches through the trigram index and sorts them. Right for a rare search term, where the walk
 *   would read most of the table when the few matches are old (2.4 s for "chen42" in a million rows).
 */
const ORDERS = {
  index: [sql`${identifiers.createdAt} desc nulls last`, sql`${identifiers.id} desc nulls last`],
  sort: [sql`${identifiers.createdAt} desc`, sql`${identifiers.id} desc`],
} as const;
export type ListOrder = keyof typeof ORDERS;

export function filterCondition(filter: IdentifierListFilter): SQL | undefined {
  const search = filter.search?.trim();
  return and(
    filter.type ? eq(identifiers.type, filter.type) : undefined,
    // ILIKE with a pattern is what the trigram GIN index serves; %, _ and \ in the text are literal.
    search ? sql`${identifiers.displayValue} ilike ${containsPattern(search)}` : undefined,
    filter.tag ? carriesTag(filter.tag) : undefined,
  );
}

/**
 * The identifier carries the tag. Spelled out like `evidenceCountSql`: Drizzle leaves columns
 * unqualified in a single-table select. The (identifier_id, tag_id) key answers it per row; for a
 * rare tag the planner can start from identifier_tags_tag_idx instead (see `chooseOrder`).
 */
function carriesTag(tagId: string): SQL {
  return sql`exists (select 1 from identifier_tags it
    where it.identifier_id = identifiers.id and it.tag_id = ${tagId})`;
}

const origin = alias(originators, 'origin');
const originUser = alias(users, 'origin_user');
const proxy = alias(originators, 'proxy');
const proxyUser = alias(users, 'proxy_user');

/** A team member's account as `toOriginatorSummary` reads it beside its originator. */
function accountColumns(u: typeof originUser | typeof proxyUser) {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    disabled: u.disabled,
    lastLoginAt: u.lastLoginAt,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
  };
}

/** A tag as the page statement gives it (the stored colour, not yet checked against Carbon's). */
export interface StoredTagRef {
  id: string;
  name: string;
  color: string;
}

/** pg and PGlite parse json; a driver that leaves it as text gets it parsed here. */
const parseTags = (value: unknown) =>
  (typeof value === 'string' ? JSON.parse(value) : value) as StoredTagRef[];

/**
 * One page in one statement: each row with its evidence count as the caller may see it, its
 * originator and proxy (with their team-member accounts) and its tags by name. The page is chosen
 * first (a CTE keeps its limit ahead of the joins), so the joins and the tag aggregate run for the
 * page's rows only.
 */
export function buildPageQuery(
  db: DbOrTx,
  filter: IdentifierListFilter,
  page: { page: number; pageSize: number },
  principal: Principal,
  order: ListOrder,
) {
  const rows = db.$with('page').as(
    db
      .select({ ...identifierColumns, evidenceCount: evidenceCountSql(principal).as('evidence_count') })
      .from(identifiers)
      .where(filterCondition(filter))
      .orderBy(...ORDERS[order])
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
  );
  const tagsOfRow = sql`(select coalesce(json_agg(json_build_object(
      'id', t.id, 'name', t.name, 'color', t.color) order by lower(t.name), t.id), '[]'::json)
    from identifier_tags it inner join tags t on t.id = it.tag_id
    where it.identifier_id = ${rows.id})`.mapWith(parseTags);
  return db
    .with(rows)
    .select({
      id: rows.id,
      type: rows.type,
      data: rows.data,
      displayValue: rows.displayValue,
      confidence: rows.confidence,
      validation: rows.validation,
      validatedAt: rows.validatedAt,
      originatorId: rows.originatorId,
      proxyOriginatorId: rows.proxyOriginatorId,
      createdAt: rows.createdAt,
      updatedAt: rows.updatedAt,
      evidenceCount: rows.evidenceCount,
      origin,
      originUser: accountColumns(originUser),
      proxy,
      proxyUser: accountColumns(proxyUser),
      tags: tagsOfRow,
    })
    .from(rows)
    .leftJoin(origin, eq(origin.id, rows.originatorId))
    .leftJoin(originUser, eq(originUser.originatorId, origin.id))
    .leftJoin(proxy, eq(proxy.id, rows.proxyOriginatorId))
    .leftJoin(proxyUser, eq(proxyUser.originatorId, proxy.id))
    .orderBy(desc(rows.createdAt), desc(rows.id));
}

/** The planner's estimate of the matches: a plan, no rows read. */
export function buildEstimateQuery(db: DbOrTx, filter: IdentifierListFilter) {
  return sql`explain (format json) ${db
    .select({ one: sql`1` })
    .from(identifiers)
    .where(filterCondition(filter))}`;
}

/** How many match, counting no further than `cap + 1`. */
export function buildCappedCountQuery(db: DbOrTx, filter: IdentifierListFilter, cap: number) {
  const capped = db
    .select({ one: sql`1` })
    .from(identifiers)
    .where(filterCondition(filter))
    .limit(cap + 1)
    .as('capped');
  return db.select({ n: count() }).from(capped);
}

/** Reads the row estimate from `explain (format json)` output (pg parses the json, PGlite may not). */
export function readPlanRows(result: unknown): number {
  const rows = (result as { rows?: Record<string, unknown>[] }).rows ?? [];
  const cell = rows[0] ? Object.values(rows[0])[0] : undefined;
  const plan = typeof cell === 'string' ? JSON.parse(cell) : cell;
  const estimate = Array.isArray(plan) ? Number(plan[0]?.Plan?.['Plan Rows']) : NaN;
  return Number.isFinite(estimate) ? Math.round(estimate) : 0;
}
