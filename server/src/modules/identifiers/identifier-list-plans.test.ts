import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type TestApp } from '../../../test/helpers';
import type { UserPrincipal } from '../../plugins/auth';
import {
  listIdentifierRows,
  readTableStats,
  sortThreshold,
  type TableStats,
} from './identifier-list.repository';
import { buildCappedCountQuery, readChosenPage, type IdentifierListFilter } from './identifier-list-queries';

/**
 * How the identifier list plans a search: the order it picks (reading the newest-first index or
 * sorting the matches) and, on PGlite, the planner settings that let a broad search use its trigram
 * index. Results are asserted, not timings.
 */

const ROWS = 20_000;
let t: TestApp;
let principal: UserPrincipal;

beforeAll(async () => {
  t = await buildTestApp();
  const { user } = await signedIn(t, 'admin');
  const originatorId = user.originatorId!;
  principal = { kind: 'user', role: 'admin', originatorId, permissions: ['*'] } as UserPrincipal;
  // Three e-mails in ten, one row in forty at "proton" (every one an e-mail, 500 in all),
  // spread over the table as the benchmark's are; the rest phones.
  await t.database.db.execute(sql`insert into identifiers
      (type, data, display_value, normalized_key, originator_id, created_at)
    select case when g % 10 < 3 then 'email' else 'phone' end, '{}'::jsonb,
      case when g % 10 = 0 and g % 40 < 10 then 'user' || g || '@proton.me'
        when g % 10 < 3 then 'user' || g || '@mail.example' else '+44 7700 ' || g end,
      'key' || g, ${originatorId}::uuid, timestamptz '2024-01-01' + g * interval '1 minute'
    from generate_series(1, ${ROWS}) g`);
  await t.database.db.execute(sql`analyze identifiers`);
});
afterAll(async () => {
  await t.close();
});

const page = { page: 1, pageSize: 25 };

/** The order the page's statement reads for an estimate of `matches`: sorted up to the threshold. */
function chooseOrder(
  stats: TableStats,
  filter: IdentifierListFilter,
  matches: number,
  at: { page: number; pageSize: number },
) {
  return matches <= sortThreshold(stats, filter, at) ? 'sort' : 'index';
}

describe('the order of a search', () => {
  const stats = { rows: 1_000_000, typeShares: new Map([['email', 0.3]]) };

  it('sorts a rare term and walks the index for a plentiful one', () => {
    expect(chooseOrder(stats, { search: 'chen42' }, 300, page)).toBe('sort');
    expect(chooseOrder(stats, { search: 'gmail' }, 40_000, page)).toBe('index');
    // The walk for a later page is longer, so sorting pays off sooner.
    expect(chooseOrder(stats, { search: 'smith' }, 6_000, page)).toBe('index');
    expect(chooseOrder(stats, { search: 'smith' }, 6_000, { page: 4, pageSize: 25 })).toBe('sort');
  });

  it("judges a type + search against the type's rows, which are all its index walk reads", () => {
    // 4,000 e-mails of 300,000: the walk meets 25 within about 1,900 e-mails, fewer than 4,000.
    expect(chooseOrder(stats, { type: 'email', search: 'proton' }, 4_000, page)).toBe('index');
    expect(chooseOrder(stats, { search: 'proton' }, 4_000, page)).toBe('sort');
    // A type the statistics do not know is judged against the whole table.
    expect(chooseOrder(stats, { type: 'crypto', search: 'proton' }, 4_000, page)).toBe('sort');
  });

  it("reads the table's rows and each type's share from the planner's statistics", async () => {
    const read = await readTableStats(t.database.db);
    expect(read.rows).toBeGreaterThanOrEqual(ROWS * 0.9);
    expect(read.typeShares.get('email')).toBeCloseTo(0.3, 1);
    expect(read.typeShares.get('phone')).toBeCloseTo(0.7, 1);
  });

  it('answers the same page and total whichever order a type + search is read in', async () => {
    const filter = { type: 'email', search: 'proton' };
    const body = await listIdentifierRows(t.database.db, filter, page, principal, 60_000);
    expect(body).toMatchObject({ total: ROWS * 0.025, totalIsEstimate: false });
    const items = JSON.parse(body.json) as { displayValue: string }[];
    expect(body.rowCount).toBe(25);
    expect(items).toHaveLength(25);
    expect(items[0].displayValue).toBe('user20000@proton.me');
    const rows = await t.database.db.execute(sql`select display_value from identifiers
      where type = 'email' and display_value ilike '%proton%'
      order by created_at desc, id desc limit 25`);
    expect(items.map((r) => r.displayValue)).toEqual(
      (rows as unknown as { rows: { display_value: string }[] }).rows.map((r) => r.display_value),
    );
  });
});

describe("the page's choice of order, in one statement", () => {
  const filter = { type: 'email', search: 'proton' };

  it('reads only the order its estimate chooses, and both give the same page', async () => {
    const sorted = await explainChosenPage(filter, Number.MAX_SAFE_INTEGER);
    const walked = await explainChosenPage(filter, 0);
    // The branches in the statement's order: sorted, then walked off the index.
    expect(sorted.branchesRun).toEqual([true, false]);
    expect(walked.branchesRun).toEqual([false, true]);
    expect(walked.page.json).toBe(sorted.page.json);
    expect(walked.page.rowCount).toBe(25);
    expect(walked.page.estimate).toBe(sorted.page.estimate);
  });
});

interface PlanNode {
  'Node Type': string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/**
 * The chosen page of `filter` (`readChosenPage`), and whether each of its two branches read anything:
 * its statement, as the client sent it, run again under EXPLAIN ANALYZE with the same values. (A
 * branch whose condition fails still shows its aggregate run once, over no rows.)
 */
async function explainChosenPage(filter: IdentifierListFilter, sortUpTo: number) {
  type Send = (...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  const client = (t.database.db as unknown as { $client: { query: Send } }).$client;
  const send = client.query;
  let sent: unknown[] = [];
  client.query = (...args: unknown[]) => {
    sent = args;
    return send.apply(client, args);
  };
  const found = await readChosenPage(t.database.db, filter, page, principal, sortUpTo).finally(() => {
    client.query = send;
  });
  // node-postgres takes a query object (named, rows as arrays) and the values; PGlite the text.
  const [first, values] = sent as [string | { text: string }, unknown[]];
  const text = typeof first === 'string' ? first : first.text;
  const result = await send.call(client, `explain (analyze, format json) ${text}`, values);
  const cell = Object.values(result.rows[0])[0];
  const [{ Plan }] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  const append = nodes(Plan).find((node) => node['Node Type'] === 'Append');
  // A branch read something if any of its scans (of a table, an index or a CTE) ran.
  const branchesRun = (append?.Plans ?? []).map((branch) =>
    nodes(branch).some((node) => node['Node Type'].endsWith('Scan') && (node['Actual Loops'] ?? 0) > 0),
  );
  return { page: found, branchesRun };
}

describe('planner settings', () => {
  const plan = async (text: string) => {
    const result = await t.database.db.execute(sql.raw(`explain ${text}`));
    return (result as unknown as { rows: Record<string, string>[] }).rows
      .map((r) => Object.values(r)[0])
      .join('\n');
  };

  it.runIf(process.env.TEST_DB !== 'postgres')(
    'on PGlite, a broad search is counted through its trigram index, not by a scan of every row',
    async () => {
      const count = buildCappedCountQuery(t.database.db, { search: 'proton' }, 10_000).toSQL();
      const inlined = count.sql.replace('$1', `'%proton%'`).replace('$2', '10001');
      expect(await plan(inlined)).toContain('identifiers_display_trgm_idx');
    },
  );

  it.runIf(process.env.TEST_DB === 'postgres')(
    "on PostgreSQL, the operator's planner settings are left alone",
    async () => {
      const result = await t.database.db.execute(
        sql`select source from pg_settings where name = 'random_page_cost'`,
      );
      expect((result as unknown as { rows: { source: string }[] }).rows[0].source).not.toBe('session');
    },
  );
});
