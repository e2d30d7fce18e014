import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type TestApp } from '../../../test/helpers';
import type { UserPrincipal } from '../auth/principal';
import { buildCappedCountQuery, readPage } from './identifier-list-queries';
import { chooseOrder, listIdentifierRows, readTableStats } from './identifier-list.repository';
import { fillSearchTexts } from './identifier-search-text';

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
  // spread over the table as the benchmark's are; the rest phones. Inserted directly, their search
  // texts are written as start-up writes those of rows stored before the column.
  await t.database.db.execute(sql`insert into identifiers
      (type, data, display_value, normalized_key, originator_id, created_at)
    select v.type, case when v.type = 'email' then jsonb_build_object('address', v.display)
        else jsonb_build_object('countryCode', '+44', 'number', '7700 ' || g) end,
      v.display, 'key' || g, ${originatorId}::uuid, timestamptz '2024-01-01' + g * interval '1 minute'
    from generate_series(1, ${ROWS}) g, lateral (select
      case when g % 10 < 3 then 'email' else 'phone' end as type,
      case when g % 10 = 0 and g % 40 < 10 then 'user' || g || '@proton.me'
        when g % 10 < 3 then 'user' || g || '@mail.example' else '+44 7700 ' || g end as display) v`);
  await fillSearchTexts(t.database.db);
  await t.database.db.execute(sql`analyze identifiers`);
});
afterAll(async () => {
  await t.close();
});

const page = { page: 1, pageSize: 25 };

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

describe("a search's page statement", () => {
  it('answers the same page in either order, the pattern hidden', async () => {
    for (const filter of [{ search: 'proton' }, { type: 'email', search: 'proton' }, { search: '7700 1' }]) {
      const sorted = await readPage(t.database.db, filter, page, principal, 'sort', false);
      const walked = await readPage(t.database.db, filter, page, principal, 'index', false);
      expect(sorted.rowCount).toBe(25);
      expect(sorted.json).toBe(walked.json);
    }
  });

  // PGlite's driver keeps no named statements (pg_prepared_statements stays empty).
  it.runIf(process.env.TEST_DB === 'postgres')(
    'keeps one plan, whatever the pattern: the planner never sees it',
    async () => {
      const plans = await t.database.db.transaction(async (tx) => {
        // One connection, which holds the prepared statement; more than the five custom plans
        // PostgreSQL makes before it weighs the generic one.
        for (const search of ['proton', 'mail', '7700', 'user1', 'proton', 'mail', '7700', 'user2']) {
          await readPage(tx, { search }, page, principal, 'index', false);
        }
        const result = await tx.execute(sql`select generic_plans::int as generic
        from pg_prepared_statements where name like 'identifier_page_s_index%'`);
        return (result as unknown as { rows: { generic: number }[] }).rows;
      });
      expect(plans).toHaveLength(1);
      expect(plans[0].generic).toBeGreaterThan(0);
    },
  );
});

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
      expect(await plan(inlined)).toContain('identifiers_search_trgm_idx');
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
