import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { insertCase, insertEvidence, insertIdentifier } from './journal-entry-test-fixtures';

/**
 * A case's journal costs the same number of statements whatever the size of the case and of the
 * page: the page's links and originators come from one query each, never one per entry.
 */

let t: TestApp;
let investigator: Client;
let smallCase: string;
let bigCase: string;

/** `n` entries in the case, one minute apart, each with the evidence and the identifier linked. */
async function seedEntries(caseId: string, originatorId: string, n: number) {
  const db = t.database.db;
  const evidenceId = await insertEvidence(db, originatorId, { caseId, file: true });
  const identifierId = await insertIdentifier(db, originatorId);
  await db.execute(sql`insert into journal_entries (case_id, type, description, performed_at, originator_id)
    select ${caseId}::uuid, 'note', 'Entry ' || g, timestamptz '2024-01-01' + g * interval '1 minute',
      ${originatorId}::uuid
    from generate_series(1, ${n}) g`);
  await db.execute(sql`insert into journal_entry_evidence (journal_entry_id, evidence_id)
    select id, ${evidenceId}::uuid from journal_entries where case_id = ${caseId}`);
  await db.execute(sql`insert into journal_entry_identifiers (journal_entry_id, identifier_id)
    select id, ${identifierId}::uuid from journal_entries where case_id = ${caseId}`);
}

/** Counts the statements the database client runs while `work` runs. */
async function countStatements(work: () => Promise<unknown>): Promise<number> {
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const query = client.query;
  let statements = 0;
  client.query = (...args: unknown[]) => {
    statements += 1;
    return query.apply(client, args);
  };
  try {
    await work();
  } finally {
    client.query = query;
  }
  return statements;
}

beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'investigator');
  investigator = signed.client;
  smallCase = await insertCase(t.database.db, signed.user.originatorId);
  bigCase = await insertCase(t.database.db, signed.user.originatorId);
  await seedEntries(smallCase, signed.user.originatorId, 2);
  await seedEntries(bigCase, signed.user.originatorId, 10_000);
});
afterAll(async () => {
  await t.close();
});

describe('a case with 10,000 entries', () => {
  it('answers its first page newest first, with the links of every entry', async () => {
    const res = await investigator.get(`/api/cases/${bigCase}/journal-entries?pageSize=100`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.pagination).toEqual({ page: 1, pageSize: 100, totalItems: 10_000, totalPages: 100 });
    expect(page.data[0].description).toBe('Entry 10000');
    expect(page.data[99].description).toBe('Entry 9901');
    for (const entry of page.data) {
      expect(entry.evidence).toHaveLength(1);
      expect(entry.mediaIds).toHaveLength(1);
      expect(entry.identifierIds).toHaveLength(1);
    }
    const last = (
      await investigator.get(`/api/cases/${bigCase}/journal-entries?pageSize=100&page=100`)
    ).json();
    expect(last.data.at(-1).description).toBe('Entry 1');
  });

  it('takes as many statements as a case with two entries', async () => {
    const small = await countStatements(() => investigator.get(`/api/cases/${smallCase}/journal-entries`));
    const big = await countStatements(() =>
      investigator.get(`/api/cases/${bigCase}/journal-entries?pageSize=100&hasEvidence=true`),
    );
    expect(small).toBeGreaterThan(0);
    expect(big).toBe(small);
  });

  it('finds one entry by its text among 10,000, in as many statements', async () => {
    const small = await countStatements(() => investigator.get(`/api/cases/${smallCase}/journal-entries`));
    let res: Awaited<ReturnType<Client['get']>> | undefined;
    const big = await countStatements(async () => {
      res = await investigator.get(`/api/cases/${bigCase}/journal-entries?search=entry%204242`);
    });
    expect(big).toBe(small);
    expect(res!.statusCode).toBe(200);
    const page = res!.json();
    expect(page.pagination.totalItems).toBe(1);
    expect(page.data.map((e: { description: string }) => e.description)).toEqual(['Entry 4242']);
  });
});
