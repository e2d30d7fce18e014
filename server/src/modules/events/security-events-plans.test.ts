import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { securityEventPageQuery } from './security-events.repository';

/**
 * The events table at a size where reading a user's security activity wrongly would show: many audit
 * events of journal writes, account events of many users, analysed. Plans are asserted, not timings.
 */

const AUDIT_ROWS = 20_000;
const USERS = 200;
const ACCOUNT_ROWS_PER_USER = 20;
const OWN_ROWS = 2_000;
const SESSIONS = 20_000;
let t: TestApp;
let client: Client;
let userId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'viewer');
  client = signed.client;
  userId = signed.user.id;
  await t.database.db.execute(sql`insert into events (type, subject_type, subject_id, data)
    select 'journal_entry.created', 'journal_entry', gen_random_uuid()::text,
      jsonb_build_object('before', null, 'after', jsonb_build_object('n', g))
    from generate_series(1, ${AUDIT_ROWS}) g`);
  await t.database.db.execute(sql`insert into events (type, subject_type, subject_id, data)
    select 'session.signed_in', 'session', gen_random_uuid()::text,
      jsonb_build_object('userId', gen_random_uuid()::text, 'method', 'password')
    from generate_series(1, ${USERS}) u, generate_series(1, ${ACCOUNT_ROWS_PER_USER}) g`);
  // The user signs in often, each time into a session of its own among many: their page must not be
  // read whole and sorted, nor every session read to find the page's.
  await t.database.db.execute(sql`insert into sessions (token_hash, user_id, expires_at, ip, user_agent)
    select 'plan-' || g, ${userId}::uuid, now() + interval '1 day', '192.0.2.1', 'Browser ' || g
    from generate_series(1, ${SESSIONS}) g`);
  await t.database.db.execute(sql`insert into events (type, subject_type, subject_id, data)
    select 'session.signed_in', 'session', id::text,
      jsonb_build_object('userId', ${userId}::text, 'method', 'password')
    from sessions where token_hash like 'plan-%' order by token_hash limit ${OWN_ROWS}`);
  await t.database.db.execute(sql`analyze events`);
  await t.database.db.execute(sql`analyze sessions`);
});
afterAll(async () => {
  await t.close();
});

async function plan(page: number): Promise<string> {
  const query = securityEventPageQuery(t.database.db, userId, { page, pageSize: 25 });
  const result = (await t.database.db.execute(sql`explain ${query}`)) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

describe('a user’s security activity among many events', () => {
  it('reads its page off events_account_user_idx, never the whole table', async () => {
    for (const page of [1, 4]) {
      const explained = await plan(page);
      expect(explained).toContain('events_account_user_idx');
      expect(explained).not.toMatch(/Seq Scan on events\b/);
      // A session.* event's session row is looked up once per row, by its key.
      expect(explained).not.toMatch(/Seq Scan on sessions\b/);
      expect(explained.match(/ on sessions\b/g)).toHaveLength(1);
    }
  });

  it('still answers the user’s own events only', async () => {
    const res = await client.get('/api/auth/me/security-events');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pagination.totalItems).toBe(OWN_ROWS + 1);
  });
});
