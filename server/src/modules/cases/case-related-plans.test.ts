import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { insertCase } from '../../../test/case-fixtures';

/**
 * How the related cases of a case are read (issue 38): from the case's own links to identifiers, then
 * the links naming those identifiers, each through an index; never a scan of every journal entry or
 * link, so the answer costs the same whatever the size of the database. The plans are asserted, not
 * timings, on a database of 25,000 entries and 3,000 evidence items in
 * 1,000 other cases. The same for the first page of a
 * case's journal (journal-timeline.repository.ts): it walks the case's timeline index to the end of the
 * page, without sorting the case's entries.
 */

let t: TestApp;
let client: Client;
let caseId: string;
let bigCaseId: string;

const BULK_CASES = 1_000;
const ENTRIES_PER_CASE = 15;
const IDENTIFIERS = 4_000;

beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'investigator');
  client = signed.client;
  const originatorId = signed.user.originatorId;
  const db = t.database.db;
  await db.execute(sql`insert into cases (title, status, originator_id, last_activity_at)
    select 'Bulk ' || g, 'open', ${originatorId}::uuid, timestamptz '2024-01-01' + g * interval '1 hour'
    from generate_series(1, ${BULK_CASES}) g`);
  await db.execute(sql`insert into identifiers (type, data, display_value, normalized_key, originator_id)
    select 'email', jsonb_build_object('address', 'bulk' || g || '@plans.example'),
      'bulk' || g || '@plans.example', 'bulk' || g || '@plans.example', ${originatorId}::uuid
    from generate_series(1, ${IDENTIFIERS}) g`);
  await db.execute(sql`insert into journal_entries (case_id, type, description, originator_id, performed_at)
    select c.id, 'note', 'Bulk', ${originatorId}::uuid, timestamptz '2024-01-01' + g * interval '1 minute'
    from cases c, generate_series(1, ${ENTRIES_PER_CASE}) g where c.title like 'Bulk %'`);
  await db.execute(sql`insert into journal_entry_identifiers (journal_entry_id, identifier_id)
    select e.id, i.id from (select id, row_number() over (order by id) as n from journal_entries
        where description = 'Bulk') e
      join identifiers i on i.normalized_key = 'bulk' || (e.n % ${IDENTIFIERS} + 1) || '@plans.example'`);
  await db.execute(sql`insert into evidence (title, kind, body, case_id, originator_id)
    select 'Bulk evidence', 'written', 'A statement', c.id, ${originatorId}::uuid
    from cases c, generate_series(1, 3) g where c.title like 'Bulk %'`);
  await db.execute(sql`insert into evidence_identifiers (evidence_id, identifier_id)
    select e.id, i.id from (select id, row_number() over (order by id) as n from evidence) e
      join identifiers i on i.normalized_key = 'bulk' || (e.n % ${IDENTIFIERS} + 1) || '@plans.example'`);
  caseId = await insertCase(db, originatorId);
  await db.execute(sql`insert into journal_entries (case_id, type, description, originator_id)
    select ${caseId}::uuid, 'note', 'Mine ' || g, ${originatorId}::uuid from generate_series(1, 10) g`);
  await db.execute(sql`insert into journal_entry_identifiers (journal_entry_id, identifier_id)
    select e.id, i.id from journal_entries e, identifiers i
    where e.case_id = ${caseId} and i.normalized_key in ('bulk1@plans.example', 'bulk2@plans.example')`);
  bigCaseId = await insertCase(db, originatorId);
  await db.execute(sql`insert into journal_entries (case_id, type, description, originator_id, performed_at)
    select ${bigCaseId}::uuid, 'note', 'Big ' || g, ${originatorId}::uuid,
      timestamptz '2024-01-01' + g * interval '1 minute'
    from generate_series(1, 10000) g`);
  await db.execute(sql`analyze`);
}, 300_000);
afterAll(async () => {
  await t.close();
});

interface Statement {
  text: string;
  values: unknown[];
}

/** The statements the database client runs while `work` runs, with their parameters. */
async function statementsOf(work: () => Promise<unknown>): Promise<Statement[]> {
  const target = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const query = target.query;
  const seen: Statement[] = [];
  target.query = (...args: unknown[]) => {
    const [first, second] = args;
    if (typeof first === 'string') seen.push({ text: first, values: (second as unknown[]) ?? [] });
    else {
      const { text, values } = first as { text: string; values?: unknown[] };
      seen.push({ text, values: values ?? (second as unknown[]) ?? [] });
    }
    return query.apply(target, args);
  };
  try {
    await work();
  } finally {
    target.query = query;
  }
  return seen;
}

/** The plan of a statement, as EXPLAIN writes it. */
async function planOf({ text, values }: Statement): Promise<string> {
  const target = (
    t.database.db as unknown as {
      $client: { query: (text: string, values: unknown[]) => Promise<{ rows: Record<string, string>[] }> };
    }
  ).$client;
  const result = await target.query(`explain ${text}`, values);
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

describe('related cases', () => {
  it('reads the links of the case and of its identifiers through indexes, scanning no table whole', async () => {
    let body: { pagination: { totalItems: number } } | undefined;
    const statements = await statementsOf(async () => {
      const res = await client.get(`/api/cases/${caseId}/related`);
      expect(res.statusCode, res.body).toBe(200);
      body = res.json();
    });
    // bulk1 and bulk2 are each named by entries of one or two other cases.
    expect(body!.pagination.totalItems).toBeGreaterThan(0);
    const related = statements.find((s) => s.text.includes('shared_count'));
    expect(related).toBeDefined();
    const plan = await planOf(related!);
    if (process.env.SHOW_PLANS) console.log(plan);
    for (const table of [
      'journal_entries',
      'journal_entry_identifiers',
      'evidence',
      'evidence_identifiers',
    ]) {
      expect(plan, plan).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
    }
  });
});

describe("a case's journal", () => {
  it('reads its first page off the timeline index, stopping at the end of the page', async () => {
    for (const id of [caseId, bigCaseId]) {
      const statements = await statementsOf(async () => {
        const res = await client.get(`/api/cases/${id}/journal-entries`);
        expect(res.statusCode, res.body).toBe(200);
      });
      const page = statements.find((s) => s.text.includes('visible_case'));
      expect(page).toBeDefined();
      const plan = await planOf(page!);
      if (process.env.SHOW_PLANS) console.log(plan);
      expect(plan, plan).not.toMatch(/Seq Scan on journal_entries\b/);
      // Ten entries may as well be sorted; of ten thousand, only the page's rows are (for its JSON).
      if (id === bigCaseId) {
        expect(plan, plan).toMatch(/Limit [^\n]*\n\s*-> {2}Index Scan using \w+ on journal_entries/);
        const sorted = [...plan.matchAll(/Sort {2}\(cost=[\d.]+ rows=(\d+)/g)].map((m) => Number(m[1]));
        expect(Math.max(0, ...sorted), plan).toBeLessThanOrEqual(50);
      }
    }
  });
});
