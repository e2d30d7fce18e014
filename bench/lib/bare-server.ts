/**
 * The baseline of bench/identifiers-http.bench.ts: a bare Fastify + pg server answering
 * `GET /api/identifiers?page&pageSize&type&search` with the same rows, total and body as the product,
 * doing the least work that gives that answer. Run as a child process by the benchmark:
 *
 *   DATABASE_URL=... PORT=... node --import tsx bench/lib/bare-server.ts
 *
 * Per request:
 * 1. the session check, one named statement: the cookie's token hash, not revoked, before its
 *    absolute expiry, seen within the idle limit, its user enabled; answers the user and role (the
 *    role must grant `identifier.view`). It never writes (the product refreshes `last_seen_at` at
 *    most once a minute).
 * 2. beside each other on two pooled connections: the page (one named statement per page and size,
 *    LIMIT and OFFSET written in, a search's pattern hidden from the planner: the identifiers, newest
 *    first off the (created_at, id) index, each row's visible evidence count, originator,
 *    proxy and tags as JSON, all in the same statement) and the planner's estimate of the matches
 *    (`explain`, no rows read).
 * 3. only when the product would count (a full page and an estimate of at most twice the cap): the
 *    count, stopped at cap + 1, without the product's time box.
 * The total follows the product's rule (identifier-list.repository.ts), so both answer the same
 * number. A search asks for its estimate first, and a rare term (the product's `chooseOrder` rule:
 * at most sqrt(page × size × rows) matches) has its few matches collected through the trigram index
 * and sorted, as the product does; walking the newest-first index for a term that matches one row
 * reads most of the table (0.8 s on a million identifiers), which is no floor.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { createHash } from 'node:crypto';
import { getIdentifierTypeLabel } from '@scamtrail/domain/identifiers/catalogue';
import { isIdentifierType } from '@scamtrail/domain/identifiers/types';
import { searchTermOf } from '@scamtrail/domain/identifiers/search-keys';
import { originatorDisplayName, type OriginatorType } from '@scamtrail/domain/originators';
import { fullName } from '@scamtrail/domain/names';
import { hasAllPermissions, permissionsForRole, WILDCARD, type Role } from '@scamtrail/domain/permissions';
import { TAG_COLORS } from '@scamtrail/domain/tags';

const EXACT_COUNT_CAP = 10_000;
const ESTIMATE_TRUST_FACTOR = 2;
const IDLE_MINUTES = Number(process.env.SESSION_IDLE_MINUTES ?? 120);
const COOKIE = /(?:^|;\s*)scamtrail_session=([^;]+)/;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => {});

const sessionQuery = {
  name: 'bare_session',
  text: `select u.id, u.role from sessions s join users u on u.id = s.user_id
    where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()
      and s.last_seen_at > now() - make_interval(mins => $2) and not u.disabled`,
};

/** The table's row count as the planner has it (read once: the benchmark's table does not change). */
let rowCount: Promise<number> | undefined;
const tableRows = () =>
  (rowCount ??= pool
    .query(`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'identifiers'::regclass`)
    .then((r) => Number(r.rows[0].n)));

interface Shape {
  type?: string;
  search?: string;
}

/**
 * The filter as SQL over `i`, its parameters numbered from `first`. For the page, the search pattern
 * is hidden from the planner in a subquery (`hidePattern`), as the product's page statement hides it:
 * planning against the search texts' statistics is then skipped and the statement keeps one plan.
 * The search is written as the product writes it (`searchTermOf`) and matched on the same column.
 */
function where(shape: Shape, first: number, hidePattern = false): { text: string; values: string[] } {
  const parts: string[] = [];
  const values: string[] = [];
  if (shape.type) parts.push(`i.type = $${first + values.push(shape.type) - 1}`);
  const term = searchTermOf(shape.search ?? '');
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const param = `$${first + values.push(pattern) - 1}`;
    parts.push(`i.search_text ilike ${hidePattern ? `(select ${param}::text)` : param}`);
  }
  return { text: parts.join(' and ') || 'true', values };
}

const ORIGINATOR_JSON = (column: string) => `(select json_build_object('id', o.id, 'type', o.type,
    'username', o.username, 'systemName', o.system_name, 'firstName', u.first_name, 'lastName', u.last_name)
  from originators o left join users u on u.originator_id = o.id where o.id = p.${column})`;

/**
 * $1 sees every case, $2 user id, then the filter's values. LIMIT and OFFSET are written in (checked
 * whole numbers), so PostgreSQL can keep one plan for the statement, as the product's first pages do.
 */
function pageText(filter: string, limit: number, offset: number, sorted = false): string {
  // NULLS LAST matches the newest-first index, which is walked; plain DESC matches no index, so the
  // planner collects the matches (through the trigram index) and sorts them. Both columns are NOT NULL.
  const order = sorted ? 'desc' : 'desc nulls last';
  return `with p as (
    select i.id, i.type, i.data, i.display_value, i.confidence, i.originator_id, i.proxy_originator_id,
      i.created_at, i.updated_at
    from identifiers i where ${filter}
    order by i.created_at ${order}, i.id ${order} limit ${limit} offset ${offset}
  )
  select p.id, p.type, p.data, p.display_value, p.confidence, p.created_at, p.updated_at,
    (select count(*)::int from evidence_identifiers ei join evidence e on e.id = ei.evidence_id
      left join cases c on c.id = e.case_id
      where ei.identifier_id = p.id and ($1::boolean or c.group_id is null
        or c.group_id in (select gm.group_id from group_members gm where gm.user_id = $2::uuid))) as evidence_count,
    ${ORIGINATOR_JSON('originator_id')} as originator,
    ${ORIGINATOR_JSON('proxy_originator_id')} as proxy,
    coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by lower(t.name))
      from identifier_tags it join tags t on t.id = it.tag_id where it.identifier_id = p.id), '[]'::json) as tags
  from p order by p.created_at desc nulls last, p.id desc nulls last`;
}

interface OriginatorJson {
  id: string;
  type: OriginatorType;
  username: string | null;
  systemName: string | null;
  firstName: string | null;
  lastName: string | null;
}

function summary(o: OriginatorJson | null) {
  if (!o) return null;
  const name =
    o.type === 'team_member'
      ? fullName(o)
      : ((o.type === 'community_member' ? o.username : o.systemName) ?? '');
  return { id: o.id, type: o.type, name, displayName: originatorDisplayName(o.type, name) };
}

const colors = new Set<string>(TAG_COLORS);
const readers = new Set(
  (['admin', 'investigator', 'viewer'] as Role[]).filter((role) =>
    hasAllPermissions(permissionsForRole(role), ['identifier.view']),
  ),
);

const app = Fastify({ logger: false });

app.get('/api/ready', async () => ({ status: 'ready' }));

app.get('/api/identifiers', async (request, reply) => {
  const token = COOKIE.exec(request.headers.cookie ?? '')?.[1];
  if (!token || token.length > 100) return reply.status(401).send({ error: 'unauthenticated' });
  const hash = createHash('sha256').update(token).digest('hex');
  const session = await pool.query({ ...sessionQuery, values: [hash, IDLE_MINUTES] });
  const user = session.rows[0] as { id: string; role: Role } | undefined;
  if (!user) return reply.status(401).send({ error: 'unauthenticated' });
  if (!readers.has(user.role)) return reply.status(403).send({ error: 'forbidden' });

  const q = request.query as Record<string, string | undefined>;
  const page = Number(q.page ?? 1);
  const pageSize = Number(q.pageSize ?? 25);
  const search = q.search?.trim() || undefined;
  if (
    !(
      Number.isSafeInteger(page) &&
      page >= 1 &&
      Number.isInteger(pageSize) &&
      pageSize >= 1 &&
      pageSize <= 100
    ) ||
    (q.type && !isIdentifierType(q.type))
  )
    return reply.status(400).send({ error: 'bad query' });
  const shape: Shape = { type: q.type, search };
  const filter = where(shape, 3, true);
  const offset = (page - 1) * pageSize;
  const seesAll = permissionsForRole(user.role).includes(WILDCARD);
  const count = where(shape, 1);
  const readEstimate = () =>
    pool
      .query({
        text: `explain (format json) select 1 from identifiers i where ${count.text}`,
        values: count.values,
      })
      .then((r) => Math.round(Number(r.rows[0]['QUERY PLAN'][0].Plan['Plan Rows'])));
  const readPage = (sorted: boolean) =>
    pool.query({
      name: `bare_page_${shape.type ? 't' : ''}${shape.search ? 's' : ''}${sorted ? 'o' : ''}_${pageSize}_${offset}`,
      text: pageText(filter.text, pageSize, offset, sorted),
      values: [seesAll, user.id, ...filter.values],
    });
  let rows: pg.QueryResult;
  let estimate: number;
  if (searchTermOf(search ?? '')) {
    // The estimate picks the page's order, so it comes first (one round trip more, as in the product;
    // the product also weighs a type filter's share, which no searched shape of the benchmark has).
    estimate = await readEstimate();
    rows = await readPage(estimate <= Math.sqrt(page * pageSize * (await tableRows())));
  } else {
    [rows, estimate] = await Promise.all([readPage(false), readEstimate()]);
  }

  const seen = (page - 1) * pageSize + rows.rows.length;
  let total = seen;
  let totalIsEstimate = false;
  if (!(rows.rows.length < pageSize && (rows.rows.length > 0 || page === 1))) {
    totalIsEstimate = true;
    total = Math.max(estimate, seen);
    if (estimate <= ESTIMATE_TRUST_FACTOR * EXACT_COUNT_CAP) {
      const counted = await pool.query({
        text: `select count(*)::int as n from (select 1 from identifiers i where ${count.text} limit ${EXACT_COUNT_CAP + 1}) c`,
        values: count.values,
      });
      const n = counted.rows[0].n as number;
      if (n <= EXACT_COUNT_CAP) [total, totalIsEstimate] = [n, false];
      else total = Math.max(estimate, EXACT_COUNT_CAP + 1);
    }
  }

  return {
    data: rows.rows.map((r) => {
      const originator = summary(r.originator);
      return {
        id: r.id,
        type: r.type,
        typeLabel: getIdentifierTypeLabel(r.type),
        data: r.data,
        displayValue: r.display_value,
        confidence: r.confidence === null ? null : { score: r.confidence },
        evidenceCount: r.evidence_count,
        originator: originator ? { ...originator, proxy: summary(r.proxy) } : null,
        createdAt: (r.created_at as Date).toISOString(),
        updatedAt: (r.updated_at as Date).toISOString(),
        tags: (r.tags as { id: string; name: string; color: string }[]).map((t) => ({
          ...t,
          color: colors.has(t.color) ? t.color : 'gray',
        })),
      };
    }),
    pagination: { page, pageSize, totalItems: total, totalPages: Math.max(1, Math.ceil(total / pageSize)) },
    totalIsEstimate,
  };
});

const shutdown = () => void app.close().then(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
