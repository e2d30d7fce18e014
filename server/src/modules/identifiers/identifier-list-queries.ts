import {
  and,
  count,
  desc,
  eq,
  is,
  Placeholder,
  sql,
  type SQL,
  type SQLWrapper,
  type WithSubquery,
} from 'drizzle-orm';
import type { IdentifierListItem, IdentifierListSort } from '@scamtrail/domain/identifiers/api';
import type { DbOrTx } from '../../db/client';
import {
  canSeeAllCases,
  viewerKind,
  viewerParams,
  viewerTemplate,
  visibleCaseCondition,
  type ViewerKind,
} from '../../db/case-visibility';
import { preparedVariants } from '../../db/prepared';
import { cases, evidenceIdentifiers, identifiers, journalEntryIdentifiers } from '../../db/schema/index';
import { containsPattern } from '../../lib/search';
import type { Principal } from '../auth/principal';
import { IDENTIFIER_TYPE_LABELS, UNKNOWN_IDENTIFIER_TYPE } from '@scamtrail/domain/identifiers/catalogue';
import { searchTermOf } from '@scamtrail/domain/identifiers/search-keys';
import { fixedWindow, windowBounds, windowName, windowParams, type PageWindow } from '../../db/page-window';
import { sqlLiteral, sqlWhenThen } from '../../db/sql-literal';
import { isoText, selectField } from '../../db/sql/json';
import { originatorSummaryOf, originatorSummaryRows } from '../../db/sql/originators';
import { tagColorSql } from '../../db/sql/tags';
import { identifierKeysOf } from '@scamtrail/domain/identifiers/lookup';
import { evidenceCountSql, holdsAnyKey } from './identifiers.repository';

/** The statements of the identifier list; `identifier-list.repository.ts` decides which to run. */

export interface IdentifierListFilter {
  type?: string;
  /** Text as typed: it is matched as `searchTermOf` writes it (see `searchPatternOf`). */
  search?: string;
  /** A tag id: only identifiers carrying it. */
  tag?: string;
  /** The order: newest first unless `most_cases` (see `readMostCasesPage`); no part of the filter. */
  sort?: IdentifierListSort;
  /** Where a phone number written nationally is read (`DEFAULT_PHONE_REGION`; see `searchTermOf`). */
  defaultRegion?: string;
}

/**
 * The ILIKE pattern of the filter's search, its term written as the stored search texts write
 * values (`searchTermOf`: "(415) 555-0134" as "4155550134"), or undefined when it searches nothing.
 */
export function searchPatternOf(filter: IdentifierListFilter): string | undefined {
  const term = searchTermOf(filter.search ?? '', filter.defaultRegion);
  return term ? containsPattern(term) : undefined;
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

/** The filter's values, by name. */
type FilterParam = 'type' | 'pattern' | 'tag';
/** A value of the list's statements: given inline, or a named placeholder of a prepared statement. */
type Param = (name: FilterParam, value: string) => string | SQLWrapper;
const inline: Param = (_, value) => value;
const placeholder: Param = (name) => sql.placeholder(name);
/**
 * As `placeholder`, but the pattern of a search is handed to the statement through a subquery, so the
 * planner does not see it. Matching a pattern against the search texts' statistics (1,000 histogram
 * entries, migration 0021) is most of what planning a search costs: 0.5 to 0.8 ms on a million
 * identifiers, paid at every execution, since a plan for a seen pattern is made for that pattern. A
 * page has no use for it: the estimate (`readEstimate`, which does see the pattern) has already
 * chosen its order (`chooseOrder`), and each order has one good plan whatever the pattern, the index
 * walked newest first or the trigram index's matches sorted. Hidden, the pattern costs the planner
 * nothing, and PostgreSQL keeps the statement's generic plan. The trigram index still serves it: a
 * subquery's value is known before the scan starts.
 */
const pageParam: Param = (name) =>
  name === 'pattern' ? sql`(select ${sql.placeholder(name)}::text)` : sql.placeholder(name);

function conditionOf(filter: IdentifierListFilter, param: Param): SQL | undefined {
  const pattern = searchPatternOf(filter);
  return and(
    filter.type ? eq(identifiers.type, param('type', filter.type)) : undefined,
    // ILIKE with a pattern is what the trigram GIN index serves; %, _ and \ in the text are literal.
    // The search text holds every written form of the value, so a masked account is found by its number.
    pattern ? sql`${identifiers.searchText} ilike ${param('pattern', pattern)}` : undefined,
    filter.tag ? carriesTag(param('tag', filter.tag)) : undefined,
  );
}

export function filterCondition(filter: IdentifierListFilter): SQL | undefined {
  return conditionOf(filter, inline);
}

/**
 * The identifiers the filter's search text is by normalised key however it was written
 * (`identifierKeysOf`: "+44 (0) 7700 900123" is "+44 7700900123"), under its type and tag: the key
 * matches `GET /api/identifiers/matches` answers, the list and the search page show above the
 * display-value matches, and a search's CSV writes first. Undefined when the text is no such value.
 */
function keyMatchCondition(filter: IdentifierListFilter): SQL | undefined {
  const search = filter.search?.trim();
  if (!search) return undefined;
  const keys = identifierKeysOf(search, { defaultRegion: filter.defaultRegion });
  if (keys.length === 0) return undefined;
  return and(holdsAnyKey(keys), filterCondition({ type: filter.type, tag: filter.tag }));
}

/** The ids of the filter's key matches (`keyMatchCondition`), newest first. */
export async function findKeyMatchIds(db: DbOrTx, filter: IdentifierListFilter): Promise<string[]> {
  const condition = keyMatchCondition(filter);
  if (!condition) return [];
  const rows = await db
    .select({ id: identifiers.id })
    .from(identifiers)
    .where(condition)
    .orderBy(...ORDERS.sort);
  return rows.map((row) => row.id);
}

/**
 * How many of the filter's key matches (`keyMatchCondition`) its display-value search does not find:
 * what the list's total leaves out of the identifiers a search shows. None without a search term, as
 * the list then holds every identifier of the type and tag.
 */
export async function countKeyMatchesOffList(db: DbOrTx, filter: IdentifierListFilter): Promise<number> {
  const pattern = searchPatternOf(filter);
  const condition = keyMatchCondition(filter);
  if (!pattern || !condition) return 0;
  const [{ n }] = await db
    .select({ n: count() })
    .from(identifiers)
    // A row without a search text is in no search's list (null is not true).
    .where(and(condition, sql`not coalesce(${identifiers.searchText} ilike ${pattern}, false)`));
  return n;
}

/**
 * The identifier carries the tag. Spelled out like `evidenceCountSql`: Drizzle leaves columns
 * unqualified in a single-table select. The (identifier_id, tag_id) key answers it per row; for a
 * rare tag the planner can start from identifier_tags_tag_idx instead (see `chooseOrder`).
 */
function carriesTag(tagId: string | SQLWrapper): SQL {
  // Cast: `plan_rows` passes the values as text.
  return sql`exists (select 1 from identifier_tags it
    where it.identifier_id = identifiers.id and it.tag_id = ${tagId}::uuid)`;
}

/** Which filters are present (their values are placeholders of the statements). */
interface FilterShape {
  type: boolean;
  search: boolean;
  tag: boolean;
}

function filterShape(filter: IdentifierListFilter): FilterShape {
  return { type: !!filter.type, search: searchPatternOf(filter) !== undefined, tag: !!filter.tag };
}

/** The filters present, as a statement's name spells them: `t` type, `s` search, `g` tag. */
function filtersName(shape: FilterShape): string {
  return `${shape.type ? 't' : ''}${shape.search ? 's' : ''}${shape.tag ? 'g' : ''}`;
}

/** A filter with placeholders for the values of `shape`'s filters. */
function placeholderFilter(shape: FilterShape): IdentifierListFilter {
  return { type: shape.type ? '-' : '', search: shape.search ? '-' : '', tag: shape.tag ? '-' : '' };
}

/** Which statement a page takes: the filters present, the order and the kind of viewer. */
interface PageShape extends FilterShape {
  order: ListOrder;
  kind: ViewerKind;
  /** Whether the viewer holds evidence.view, and the items count their evidence. */
  seesEvidence: boolean;
  /** Whether the statement also answers the planner's estimate of the matches (`plan_rows`). */
  estimate: boolean;
  /** The page's LIMIT and OFFSET written into the statement (see `fixedWindow`), or null for placeholders. */
  window: PageWindow | null;
}

/** The filter's values as the condition of `filter` names them, in the order they appear. */
function filterValues(filter: IdentifierListFilter): Partial<Record<FilterParam, string>> {
  const pattern = searchPatternOf(filter);
  return {
    ...(filter.type ? { type: filter.type } : {}),
    ...(pattern ? { pattern } : {}),
    ...(filter.tag ? { tag: filter.tag } : {}),
  };
}

/**
 * The matches of a set of filters as a query for `plan_rows` (migration 0010): `select 1 from
 * identifiers where ...` with the values as $1, $2... in the order of `names`.
 */
function estimateQueryOf(db: DbOrTx, shape: FilterShape): EstimateQuery {
  const built = db
    .select({ one: sql`1` })
    .from(identifiers)
    .where(conditionOf(placeholderFilter(shape), placeholder))
    .toSQL();
  const names = built.params.map((p) => {
    if (!is(p, Placeholder)) throw new Error('the estimate query takes placeholders only');
    return p.name as FilterParam;
  });
  if (names.length > 3) throw new Error('plan_rows passes at most three values');
  return { text: built.sql, names };
}

interface EstimateQuery {
  text: string;
  names: FilterParam[];
}

/** The placeholders of a statement calling `plan_rows` for `query` with `filter`'s values. */
function estimateArguments(query: EstimateQuery, filter: IdentifierListFilter) {
  const values = filterValues(filter);
  return { estimateQuery: query.text, estimateParams: query.names.map((n) => values[n]) };
}

/** `plan_rows` for the filter's matches, from the placeholders `estimateQuery` and `estimateParams`. */
const planRows = sql`plan_rows(${sql.placeholder('estimateQuery')}, ${sql.placeholder('estimateParams')})`;

/** `plan_rows` for the matches of a set of filters, as a statement of its own. */
const estimateStatement = preparedVariants((db, key) => {
  const shape = JSON.parse(key) as FilterShape;
  return {
    query: estimateQueryOf(db, shape),
    statement: db
      .select({
        estimate: selectField<string | number>(planRows),
      })
      .from(sql`(values (1)) as one`)
      .prepare(`identifier_estimate_${filtersName(shape)}`),
  };
});

/**
 * The planner's estimate of the matches of `filter`: a plan, no rows read. The same estimate a page
 * statement with `withEstimate` answers, for a caller that needs it before choosing the page's plan.
 */
export async function readEstimate(db: DbOrTx, filter: IdentifierListFilter): Promise<number> {
  const { query, statement } = estimateStatement(db, JSON.stringify(filterShape(filter)));
  const [{ estimate }] = await statement.execute(estimateArguments(query, filter));
  return Number(estimate);
}

/** What a page's statement answers (see `buildPageStatement`). */
export interface IdentifierPage {
  /** The page's items (`identifierListItemSchema`), newest first, as a JSON array ready to send. */
  json: string;
  /** How many items the page holds. */
  rowCount: number;
  /** The planner's estimate of all the matches, when asked for; otherwise null. */
  estimate: number | null;
}

/** The label of an identifier type in SQL, as `getIdentifierTypeLabel` gives it. */
const typeLabelSql = (type: SQL) =>
  sql`(case ${type} ${sqlWhenThen(IDENTIFIER_TYPE_LABELS)} else ${sqlLiteral(UNKNOWN_IDENTIFIER_TYPE)} end)`;

/**
 * The columns of an identifier that its item is written from, its evidence count as `viewer` may see
 * it; without `seesEvidence` (evidence.view) the evidence is not counted at all.
 */
const itemFields = (viewer: Principal, seesEvidence: boolean) => ({
  id: identifiers.id,
  type: identifiers.type,
  data: identifiers.data,
  displayValue: identifiers.displayValue,
  confidence: identifiers.confidence,
  originatorId: identifiers.originatorId,
  proxyOriginatorId: identifiers.proxyOriginatorId,
  createdAt: identifiers.createdAt,
  updatedAt: identifiers.updatedAt,
  ...(seesEvidence && { evidenceCount: evidenceCountSql(viewer).as('evidence_count') }),
});

/** `itemFields` for a prepared statement serving every viewer of the kind. */
function itemColumns(db: DbOrTx, kind: ViewerKind, seesEvidence: boolean) {
  return db.select(itemFields(viewerTemplate(kind), seesEvidence)).from(identifiers);
}

/** Whether the caller holds evidence.view: without it an item leaves its evidence count out (not 0). */
const seesEvidenceOf = (principal: Principal) => viewerParams(principal).viewerSeesEvidence;

/**
 * The items (`identifierListItemSchema`, the members in the schema's order) of the rows of a CTE named
 * `page` made by `itemColumns`, as one JSON array, newest first. Written by the database and sent as
 * they are: reading them into objects only to write them out again cost the server more CPU than the
 * statement cost PostgreSQL. The subqueries run for the CTE's rows only, and its originators and
 * proxies are read once each into a second CTE, however many rows name them. The one description of
 * an identifier's item: the list, creation, change and the detail all answer it. Its `evidenceCount`
 * is left out unless `seesEvidence` (the page then has no `evidence_count`: see `itemFields`).
 */
function selectItems(
  db: DbOrTx,
  page: WithSubquery<'page'>,
  seesEvidence: boolean,
  order: SQL = sql`page.created_at desc, page.id desc`,
) {
  const summaries = db
    .$with('summaries', {})
    .as(
      originatorSummaryRows(
        sql`select page.originator_id from page union select page.proxy_originator_id from page`,
      ),
    );
  const proxy = sql`(select ${originatorSummaryOf('p')} from summaries p where p.id = page.proxy_originator_id)`;
  const item = sql`json_build_object('id', page.id, 'type', page.type,
    'typeLabel', ${typeLabelSql(sql`page.type`)}, 'data', page.data, 'displayValue', page.display_value,
    'confidence', case when page.confidence is null then null else json_build_object('score', page.confidence) end,
    ${seesEvidence ? sql`'evidenceCount', page.evidence_count,` : sql``}
    'originator', (select ${originatorSummaryOf('o', sql`'proxy', ${proxy}`)} from summaries o
      where o.id = page.originator_id),
    'createdAt', ${isoText(sql`page.created_at`)}, 'updatedAt', ${isoText(sql`page.updated_at`)},
    'tags', (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name,
        'color', ${tagColorSql(sql`t.color`)}) order by lower(t.name), t.id), '[]'::json)
      from identifier_tags it inner join tags t on t.id = it.tag_id where it.identifier_id = page.id))`;
  return {
    from: db.with(page, summaries),
    json: selectField<string>(sql`coalesce(json_agg(${item} order by ${order}), '[]'::json)::text`),
  };
}

/**
 * One page in one statement, its items written by `selectItems`. The page is chosen first (a CTE
 * keeps its limit ahead of the rest). The inputs are placeholders (`viewerId`, the filter's `type`,
 * `pattern`, `tag`, and `limit` and `offset` unless the shape fixes them: see `fixedWindow`), so it
 * is built and named once per shape and parsed once per connection. With `shape.estimate` it also
 * answers the planner's estimate of all the matches (`plan_rows` with `estimateQuery` and
 * `estimateParams`): the total then costs no statement of its own.
 */
function buildPageStatement(db: DbOrTx, shape: PageShape) {
  const filter = placeholderFilter(shape);
  const { window } = shape;
  const bounds = windowBounds(window);
  const name =
    `identifier_page_${filtersName(shape)}_${shape.order}_${shape.kind}${shape.seesEvidence ? '' : '_ne'}` +
    `${shape.estimate ? '_e' : ''}` +
    windowName(window);
  const page = db.$with('page').as(
    itemColumns(db, shape.kind, shape.seesEvidence)
      .where(conditionOf(filter, pageParam))
      .orderBy(...ORDERS[shape.order])
      .limit(bounds.limit)
      .offset(bounds.offset),
  );
  const items = selectItems(db, page, shape.seesEvidence);
  return items.from
    .select({
      json: items.json,
      rowCount: selectField<number>(sql`count(*)::int`),
      estimate: selectField<string | number | null>(shape.estimate ? planRows : sql`null::bigint`),
    })
    .from(page)
    .prepare(name);
}

/**
 * The items of identifiers by id (`ids`, one array), as the viewer may see their evidence (the key:
 * the kind of viewer, and `_ne` without evidence.view); see `selectItems`.
 */
const itemsStatement = preparedVariants((db, key) => {
  const kind = key.replace(/_ne$/, '');
  const seesEvidence = kind === key;
  const rows = db
    .$with('page')
    .as(
      itemColumns(db, kind as ViewerKind, seesEvidence).where(
        sql`${identifiers.id} = any(${sql.placeholder('ids')}::uuid[])`,
      ),
    );
  const items = selectItems(db, rows, seesEvidence);
  return items.from.select({ json: items.json }).from(rows).prepare(`identifier_items_${key}`);
});

/**
 * The items of the identifiers with these ids, newest first, written as a list page writes them;
 * missing ids are left out.
 */
export async function readItems(
  db: DbOrTx,
  ids: readonly string[],
  principal: Principal,
): Promise<IdentifierListItem[]> {
  const key = `${viewerKind(principal)}${seesEvidenceOf(principal) ? '' : '_ne'}`;
  const [{ json }] = await itemsStatement(db, key).execute({
    ids: [...ids],
    ...viewerParams(principal),
  });
  return JSON.parse(json) as IdentifierListItem[];
}

const pageStatement = preparedVariants((db, key) => {
  const shape = JSON.parse(key) as PageShape;
  return { statement: buildPageStatement(db, shape), estimateQuery: estimateQueryOf(db, shape) };
});

/**
 * One page of identifiers (see `buildPageStatement`), with the planner's estimate of all the
 * matches when `withEstimate` (otherwise `estimate` is null).
 */
export async function readPage(
  db: DbOrTx,
  filter: IdentifierListFilter,
  page: { page: number; pageSize: number },
  principal: Principal,
  order: ListOrder,
  withEstimate: boolean,
): Promise<IdentifierPage> {
  const shape: PageShape = {
    ...filterShape(filter),
    order,
    kind: viewerKind(principal),
    seesEvidence: seesEvidenceOf(principal),
    estimate: withEstimate,
    window: fixedWindow(page),
  };
  const { statement, estimateQuery } = pageStatement(db, JSON.stringify(shape));
  const [result] = await statement.execute({
    ...windowParams(shape.window, page),
    ...viewerParams(principal),
    ...filterValues(filter),
    ...(withEstimate ? estimateArguments(estimateQuery, filter) : {}),
  });
  return { ...result, estimate: result.estimate === null ? null : Number(result.estimate) };
}

/**
 * How many distinct cases each identifier appears in (through live journal entries or evidence) among
 * those the viewer may see, for the identifiers seen in any: the link tables' copies of the case ids,
 * grouped, each case checked once per identifier.
 */
function visibleCaseCounts(db: DbOrTx, principal: Principal) {
  const jei = journalEntryIdentifiers;
  const ei = evidenceIdentifiers;
  const links = db
    .select({ identifierId: jei.identifierId, caseId: jei.caseId })
    .from(jei)
    .where(eq(jei.isNullified, false))
    .union(db.select({ identifierId: ei.identifierId, caseId: ei.caseId }).from(ei))
    .as('links');
  return db
    .select({ identifierId: links.identifierId, cases: sql<number>`count(*)::int`.as('cases') })
    .from(links)
    .innerJoin(cases, eq(cases.id, links.caseId))
    .where(visibleCaseCondition(principal))
    .groupBy(links.identifierId)
    .as('seen');
}

/**
 * One page of identifiers seen in the most cases the viewer may see first (newest first among equals),
 * written by `selectItems`, at a cost bounded by the page rather than by every link:
 * - an administrator sees every case, so the count is `identifiers.case_count` (kept by the database
 *   from `identifier_case_sightings`, migration 0031) and the page is read off its partial index
 *   (`identifiers_case_count_idx`), then newest first among those seen in no case;
 * - anyone else: identifiers are read in that order in batches, each one's visible cases counted off
 *   its own sightings (an index range, however many links it has), until no unread identifier can
 *   reach the page: its `case_count`, an upper bound of what any viewer counts, is below the count of
 *   the page's last. Only a page past every identifier seen in a visible case counts them all
 *   (`readMostCasesPageByCounting`).
 */
export async function readMostCasesPage(
  db: DbOrTx,
  filter: IdentifierListFilter,
  page: { page: number; pageSize: number },
  principal: Principal,
): Promise<{ json: string; rowCount: number }> {
  const offset = (page.page - 1) * page.pageSize;
  if (canSeeAllCases(principal)) return readAllSeeingMostCasesPage(db, filter, page, principal);
  const ranked = await rankByVisibleCases(db, filter, offset + page.pageSize, principal);
  if (!ranked) return readMostCasesPageByCounting(db, filter, page, principal);
  return readItemsInOrder(db, ranked.slice(offset, offset + page.pageSize), principal);
}

/** How many identifiers a batch of the walk reads. */
const MOST_CASES_BATCH = 200;

interface Ranked {
  id: string;
  caseCount: number;
  /** `created_at` in UTC at microseconds, fixed width: compared as text in the order of time. */
  createdAt: string;
  visible: number;
}

const byVisibleCasesThenNewest = (a: Ranked, b: Ranked) =>
  b.visible - a.visible ||
  (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0) ||
  (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The first `wanted` identifiers by visible cases (newest first among equals), or undefined when fewer
 * than `wanted` appear in a visible case (the page reaches those seen in none).
 */
async function rankByVisibleCases(
  db: DbOrTx,
  filter: IdentifierListFilter,
  wanted: number,
  principal: Principal,
): Promise<string[] | undefined> {
  const ranked: Ranked[] = [];
  let after: Ranked | undefined;
  for (;;) {
    const batch = await readRankedBatch(db, filter, principal, after);
    ranked.push(...batch.filter((row) => row.visible > 0));
    ranked.sort(byVisibleCasesThenNewest);
    ranked.length = Math.min(ranked.length, wanted);
    after = batch.at(-1);
    if (!after || batch.length < MOST_CASES_BATCH) break;
    // Every unread identifier has at most `after.caseCount` cases of any kind.
    if (ranked.length === wanted && after.caseCount < ranked[wanted - 1].visible) break;
  }
  return ranked.length === wanted ? ranked.map((row) => row.id) : undefined;
}

async function readRankedBatch(
  db: DbOrTx,
  filter: IdentifierListFilter,
  principal: Principal,
  after: Ranked | undefined,
): Promise<Ranked[]> {
  const visible = sql<number>`(select count(*)::int from identifier_case_sightings s
    inner join ${cases} on ${cases.id} = s.case_id
    where s.identifier_id = ${identifiers.id} and ${visibleCaseCondition(principal)})`;
  const keyset = after
    ? sql`(${identifiers.caseCount}, ${identifiers.createdAt}, ${identifiers.id}) <
        (${after.caseCount}::int, ${after.createdAt}::timestamp at time zone 'UTC', ${after.id}::uuid)`
    : undefined;
  return db
    .select({
      id: identifiers.id,
      caseCount: identifiers.caseCount,
      createdAt: sql<string>`to_char(${identifiers.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
      visible,
    })
    .from(identifiers)
    .where(and(sql`${identifiers.caseCount} > 0`, filterCondition(filter), keyset))
    .orderBy(desc(identifiers.caseCount), desc(identifiers.createdAt), desc(identifiers.id))
    .limit(MOST_CASES_BATCH);
}

/**
 * The page for a viewer who sees every case: off `identifiers_case_count_idx` while the page is
 * among identifiers seen in a case, then newest first among the others.
 */
async function readAllSeeingMostCasesPage(
  db: DbOrTx,
  filter: IdentifierListFilter,
  page: { page: number; pageSize: number },
  principal: Principal,
): Promise<{ json: string; rowCount: number }> {
  const offset = (page.page - 1) * page.pageSize;
  const seen = await db
    .select({ id: identifiers.id })
    .from(identifiers)
    .where(and(sql`${identifiers.caseCount} > 0`, filterCondition(filter)))
    .orderBy(desc(identifiers.caseCount), desc(identifiers.createdAt), desc(identifiers.id))
    .limit(page.pageSize)
    .offset(offset);
  let ids = seen.map((row) => row.id);
  if (ids.length < page.pageSize) {
    // Past those seen in a case: how many there are, then the unseen ones from where they start.
    const [{ n }] =
      ids.length > 0 || offset === 0
        ? [{ n: offset + ids.length }]
        : await db
            .select({ n: count() })
            .from(identifiers)
            .where(and(sql`${identifiers.caseCount} > 0`, filterCondition(filter)));
    const unseen = await db
      .select({ id: identifiers.id })
      .from(identifiers)
      .where(and(sql`${identifiers.caseCount} = 0`, filterCondition(filter)))
      .orderBy(...ORDERS.index)
      .limit(page.pageSize - ids.length)
      .offset(Math.max(0, offset - n));
    ids = [...ids, ...unseen.map((row) => row.id)];
  }
  return readItemsInOrder(db, ids, principal);
}

/** The identifiers of these ids written by `selectItems`, in the order given. */
export async function readItemsInOrder(
  db: DbOrTx,
  ids: string[],
  principal: Principal,
): Promise<{ json: string; rowCount: number }> {
  const order = sql`array_position(${sql.param(ids)}::uuid[], ${identifiers.id})`;
  const rows = db.$with('page').as(
    db
      .select({ ...itemFields(principal, seesEvidenceOf(principal)), position: order.as('position') })
      .from(identifiers)
      .where(sql`${identifiers.id} = any(${sql.param(ids)}::uuid[])`),
  );
  const items = selectItems(db, rows, seesEvidenceOf(principal), sql`page.position`);
  const [result] = await items.from
    .select({ json: items.json, rowCount: selectField<number>(sql`count(*)::int`) })
    .from(rows);
  return result;
}

/**
 * The same order counted over every link at once: what a page past every identifier seen in a
 * visible case needs (those seen in none, newest first, come after).
 */
async function readMostCasesPageByCounting(
  db: DbOrTx,
  filter: IdentifierListFilter,
  page: { page: number; pageSize: number },
  principal: Principal,
): Promise<{ json: string; rowCount: number }> {
  const seen = visibleCaseCounts(db, principal);
  const caseCount = sql<number>`coalesce(${seen.cases}, 0)`;
  const rows = db.$with('page').as(
    db
      .select({ ...itemFields(principal, seesEvidenceOf(principal)), caseCount: caseCount.as('case_count') })
      .from(identifiers)
      .leftJoin(seen, eq(seen.identifierId, identifiers.id))
      .where(filterCondition(filter))
      .orderBy(desc(caseCount), desc(identifiers.createdAt), desc(identifiers.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
  );
  const items = selectItems(
    db,
    rows,
    seesEvidenceOf(principal),
    sql`page.case_count desc, page.created_at desc, page.id desc`,
  );
  const [result] = await items.from
    .select({ json: items.json, rowCount: selectField<number>(sql`count(*)::int`) })
    .from(rows);
  return result;
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
