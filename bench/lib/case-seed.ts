import pg from 'pg';
import type { Db } from '../../server/src/db/client';
import { sealUnchainedEntries } from '../../server/src/modules/signatures/journal-chain';
import { createUser } from '../../server/src/modules/users/users.service';
import type { BenchDatabase } from './bench-database';

export const CASE_ENTRIES = 1000;
export const CASE_EVIDENCE = 500;
export const OTHER_CASES = 5000;
export const ENTRIES_PER_OTHER_CASE = 10;
const IDENTIFIERS = 300;

/** The description of the newest entry of the benchmark case: what the timeline shows first. */
export const NEWEST_ENTRY_TEXT = `Seeded entry ${CASE_ENTRIES}:`;

/**
 * Seeds one case with 1,000 journal entries (each naming an identifier, every other one linking an
 * evidence item) and 500 evidence items (half files, half written), among 5,000 other cases of ten
 * entries each, so the case's rows sit in tables of realistic size. Plain SQL: seeding is not measured.
 * The entries are not yet sealed into their cases' hash chains: see `settleBenchmarkCase`.
 */
async function seedBenchmarkCase(client: pg.ClientBase, originatorId: string): Promise<string> {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  const {
    rows: [{ id: caseId }],
  } = await q(
    `insert into cases (title, description, priority, scam_type, originator_id)
     values ('Benchmark case', 'A case with a long journal', 'high', 'investment', $1) returning id`,
    [originatorId],
  );
  await q(
    `insert into cases (title, originator_id, last_activity_at)
     select 'Other case ' || g, $1, now() - (g || ' minutes')::interval from generate_series(1, $2::int) g`,
    [originatorId, OTHER_CASES],
  );
  await q(
    `insert into identifiers (type, data, display_value, normalized_key, originator_id)
     select 'phone', jsonb_build_object('countryCode', '+1', 'number', '555' || lpad(g::text, 7, '0')),
            '+1 555' || lpad(g::text, 7, '0'), '+1555' || lpad(g::text, 7, '0'), $1
     from generate_series(1, $2::int) g`,
    [originatorId, IDENTIFIERS],
  );
  await q(
    `insert into evidence (case_id, title, kind, body, file_name, content_type, size_bytes, sha256, originator_id, created_at)
     select $1, 'Evidence ' || g,
            case when g % 2 = 0 then 'screenshot' else 'written' end,
            case when g % 2 = 1 then 'Written statement ' || g end,
            case when g % 2 = 0 then 'shot-' || g || '.png' end,
            case when g % 2 = 0 then 'image/png' end,
            case when g % 2 = 0 then 1024 end,
            case when g % 2 = 0 then encode(sha256(g::text::bytea), 'hex') end,
            $2, now() - (g || ' minutes')::interval
     from generate_series(1, $3::int) g`,
    [caseId, originatorId, CASE_EVIDENCE],
  );
  await q(
    `insert into journal_entries (case_id, type, description, performed_at, originator_id)
     select $1, (array['note', 'call', 'email', 'meeting'])[1 + g % 4],
            'Seeded entry ' || g || ': a call with the reporter about the transfers they made.',
            now() - (($3::int - g) || ' minutes')::interval, $2
     from generate_series(1, $3::int) g`,
    [caseId, originatorId, CASE_ENTRIES],
  );
  await q(
    `insert into journal_entries (case_id, type, description, performed_at, originator_id)
     select c.id, 'note', 'Entry ' || g || ' of ' || c.title, now() - (g || ' hours')::interval, $1
     from cases c cross join generate_series(1, $2::int) g where c.id <> $3`,
    [originatorId, ENTRIES_PER_OTHER_CASE, caseId],
  );
  await q(
    `insert into journal_entry_identifiers (journal_entry_id, identifier_id)
     select e.id, i.id
     from (select id, row_number() over (order by performed_at) rn from journal_entries where case_id = $1) e
     join (select id, row_number() over (order by display_value) rn from identifiers) i on i.rn = 1 + e.rn % $2`,
    [caseId, IDENTIFIERS],
  );
  await q(
    `insert into journal_entry_evidence (journal_entry_id, evidence_id)
     select e.id, v.id
     from (select id, row_number() over (order by performed_at) rn from journal_entries where case_id = $1) e
     join (select id, row_number() over (order by created_at) rn from evidence where case_id = $1) v
       on v.rn = 1 + (e.rn / 2) % $2
     where e.rn % 2 = 0`,
    [caseId, CASE_EVIDENCE],
  );
  return caseId as string;
}

/**
 * Leaves the seeded database as a running server would find it once it has settled: the entries
 * sealed into their cases' hash chains (what the server's first start does, otherwise during the
 * benchmark's start-up), then VACUUM ANALYZE, as autovacuum would have done after the bulk load
 * (it may be off, as on this machine, and would otherwise compete with the measurements).
 */
async function settleBenchmarkCase(db: Db, client: pg.ClientBase): Promise<void> {
  await sealUnchainedEntries(db);
  await client.query('vacuum analyze');
}

/**
 * A benchmark database made ready for the case benchmarks: migrated, with an investigator who signs
 * in with `who`, and the case seeded (`seedBenchmarkCase`) and settled (`settleBenchmarkCase`).
 * Answers the case's id.
 */
export async function prepareCaseDatabase(
  bench: BenchDatabase,
  who: { email: string; password: string; firstName: string },
): Promise<string> {
  await bench.database.migrate();
  const user = await createUser(bench.database.db, { ...who, lastName: 'Bencher', role: 'investigator' });
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  try {
    const caseId = await seedBenchmarkCase(client, user.originatorId!);
    await settleBenchmarkCase(bench.database.db, client);
    return caseId;
  } finally {
    await client.end();
  }
}
