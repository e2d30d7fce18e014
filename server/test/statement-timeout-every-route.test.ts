import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { rowsOf } from '../src/db/sql/arrays';
import { signedIn, testAppOn, type Client, type TestApp } from './helpers';
import { fillPath, loadOperations, sampleBody, sampleValue, type Operation } from './openapi-operations';
import { scratchPostgresDatabase, type ScratchDatabase } from './scratch-database';

/**
 * A fault of the database in the middle of any route: every table but those the request's plumbing
 * reads before the route runs (the session and its user, API keys, idempotency keys, login throttling)
 * is held by another session, so each operation's first statement of its own waits until
 * statement_timeout cancels it. Every operation, called as an administrator with a well-formed request
 * (the OpenAPI document's, so a route added later is called too), must answer 503 with Retry-After
 * (or a 4xx decided before it asks the database), never a 500 and never hang; once the tables are free
 * the same requests answer without a 5xx. database-faults.test.ts shows the process surviving this in
 * a real server; this shows that no route swallows the fault or answers it otherwise.
 */

/** What the plumbing reads before a route: locked, every request would fail there, before the route. */
const PLUMBING = ['sessions', 'users', 'api_keys', 'originators', 'idempotency_keys', 'login_failures'];
/** Routes that do not ask the database by design (liveness) or sign the caller out. */
const SKIPPED = new Set(['GET /api/health', 'POST /api/auth/logout']);
const STATEMENT_MS = 300;

let scratch: ScratchDatabase;
let t: TestApp;
let admin: Client;
let operations: Operation[];

beforeAll(async () => {
  if (process.env.TEST_DB !== 'postgres') return;
  scratch = await scratchPostgresDatabase('timeouts');
  const database = await openDatabase({
    url: scratch.url,
    maxConnections: 8,
    timeouts: { statementMs: STATEMENT_MS },
  });
  const app = await testAppOn(database);
  t = {
    ...app,
    close: async () => {
      await app.close();
      await scratch.drop();
    },
  };
  admin = (await signedIn(t, 'admin')).client;
  operations = (await loadOperations(t.app)).filter((op) => !SKIPPED.has(op.key));
});
afterAll(async () => {
  await t?.close();
});

function requestOf(op: Operation) {
  const query = new URLSearchParams();
  for (const { name, schema } of op.query) {
    const value = sampleValue(schema, name);
    if (value !== undefined && typeof value !== 'object') query.set(name, String(value));
  }
  const search = query.size ? `?${query}` : '';
  const body = sampleBody(op);
  return { method: op.method as 'GET', url: `${fillPath(op)}${search}`, payload: body as object | undefined };
}

/**
 * Each operation's answer, or why it is not one a fault may give; `concurrency` calls at a time. While
 * the tables are locked every call waits out the statement timeout, and nothing can be written: they
 * run a few at a time (the pool has 8 connections), which keeps the file's time to a few seconds.
 */
async function callEvery(
  concurrency: number,
): Promise<{ answers: Map<string, LightMyRequestResponse>; wrong: string[] }> {
  const answers = new Map<string, LightMyRequestResponse>();
  const wrong: string[] = [];
  const queue = [...operations];
  const call = async (op: Operation) => {
    const res = await Promise.race([
      admin.request(requestOf(op)),
      new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 20 * STATEMENT_MS + 10_000)),
    ]);
    if (res === 'hung') {
      wrong.push(`${op.key}: no answer`);
      return;
    }
    answers.set(op.key, res);
    if (res.statusCode >= 500 && res.statusCode !== 503)
      wrong.push(`${op.key}: ${res.statusCode} ${res.body}`);
  };
  const worker = async () => {
    for (let op = queue.shift(); op; op = queue.shift()) await call(op);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { answers, wrong };
}

describe.runIf(process.env.TEST_DB === 'postgres')('a statement timeout in the middle of any route', () => {
  it('answers 503 with Retry-After on every route that reached the database, and recovers', async () => {
    const locker = new pg.Client({ connectionString: scratch.url });
    await locker.connect();
    const tables = rowsOf<{ name: string }>(
      await t.database.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`),
    )
      .map((row) => row.name)
      .filter((name) => !PLUMBING.includes(name));
    let during: Awaited<ReturnType<typeof callEvery>>;
    try {
      await locker.query('begin');
      await locker.query(
        `lock table ${tables.map((name) => `"${name}"`).join(', ')} in access exclusive mode`,
      );
      during = await callEvery(4);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    const unavailable = [...during.answers].filter(([, res]) => res.statusCode === 503);
    const withoutRetryAfter = unavailable
      .filter(
        ([, res]) =>
          !(Number(res.headers['retry-after']) > 0) || res.json().error.code !== 'DATABASE_UNAVAILABLE',
      )
      .map(([key, res]) => `${key}: ${JSON.stringify(res.headers)} ${res.body}`);
    expect(during.wrong).toEqual([]);
    expect(withoutRetryAfter).toEqual([]);
    // The rest read only the plumbing's tables (accounts, automations, sessions: 200 or 404) or refuse
    // the sample before the database (400: "Nothing to update", a WebAuthn response...).
    expect(unavailable.length).toBeGreaterThan(operations.length / 2);

    // One at a time: with the tables free, concurrent writes of the samples could wait on each other.
    const after = await callEvery(1);
    expect(after.wrong).toEqual([]);
    expect([...after.answers].filter(([, res]) => res.statusCode === 503).map(([key]) => key)).toEqual([]);
  }, 600_000);
});
