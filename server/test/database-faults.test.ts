import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { withDatabase } from './global-setup';
import { pgProxy } from './pg-proxy';
import { freePorts, startServer, until, type ServerProcess } from './server-process';

/**
 * The real server as a child process, on a database of its own behind a proxy (test/pg-proxy.ts), so
 * the test can take PostgreSQL away without touching the shared server: only the backends of its own
 * database are ever terminated.
 */

const ADMIN = { email: 'admin@example.com', password: 'admin password 1' };
/** How long the server may take to find the database again once it is back (the bound). */
const RECOVERY_MS = 5_000;

const base = () => process.env.TEST_DATABASE_URL!;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  cleanups.length = 0;
});

async function ownDatabase(fromTemplate: boolean): Promise<{ name: string; create: () => Promise<void> }> {
  const name = `scamtrail_fault_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base() });
  await admin.connect();
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const create = async () => {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  };
  if (fromTemplate) await create();
  return { name, create };
}

function scratchDir() {
  const dir = mkdtempSync(join(tmpdir(), 'scamtrail-faults-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function serverBehindProxy(env: Record<string, string> = {}) {
  const [port, proxyPort] = await freePorts(2);
  const target = new URL(base());
  const proxy = pgProxy({ host: target.hostname, port: Number(target.port || 5432) }, proxyPort);
  cleanups.push(() => proxy.cut());
  const start = (databaseName: string) => {
    const server = startServer({
      DATABASE_URL: proxy.url(base(), databaseName),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: scratchDir(),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    });
    cleanups.push(async () => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await server.exited;
    });
    return server;
  };
  return { proxy, start, url: `http://127.0.0.1:${port}`, origin: `http://localhost:${port}` };
}

const readyStatus = async (url: string) => (await fetch(`${url}/api/ready`)).status;

/** Polls /api/ready until 200, failing if that takes longer than `boundMs` or the server exits. */
async function becomesReady(server: ServerProcess, url: string, boundMs: number): Promise<number> {
  const started = Date.now();
  await until(
    async () => (await readyStatus(url).catch(() => 0)) === 200,
    () =>
      server.early() ??
      (Date.now() - started > boundMs ? `not ready after ${boundMs} ms:\n${server.output()}` : undefined),
  );
  return Date.now() - started;
}

async function signIn(url: string, origin: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('scamtrail_session='))!;
  return { cookie: cookie.split(';')[0], origin, 'content-type': 'application/json' };
}

/** What a 503 must be: the error shape, a code saying which, and when to come back. */
async function expectUnavailable(res: Response) {
  expect(res.status).toBe(503);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('DATABASE_UNAVAILABLE');
  expect(typeof body.error.message).toBe('string');
}

/** Writers creating tags until stopped; what each answer was. */
function writers(url: string, headers: Record<string, string>, count: number) {
  const acknowledged: string[] = [];
  const unavailable: Response[] = [];
  const other: string[] = [];
  let stopped = false;
  let n = 0;
  const loops = Array.from({ length: count }, async (_, w) => {
    while (!stopped) {
      const name = `fault ${w} ${n++}`;
      const res = await fetch(`${url}/api/tags`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name }),
      }).catch((err: Error) => err);
      if (res instanceof Error) other.push(`${name}: ${res.message}`);
      else if (res.status === 201 || res.status === 200) acknowledged.push(name);
      else if (res.status === 503) unavailable.push(res);
      else other.push(`${name}: ${res.status} ${await res.text()}`);
    }
  });
  return {
    acknowledged,
    unavailable,
    other,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

describe.runIf(process.env.TEST_DB === 'postgres')('faults of PostgreSQL', () => {
  it('terminated backends and a lost database: the server survives, answers 503, recovers, keeps every acknowledged write', async () => {
    const { name } = await ownDatabase(true);
    const { proxy, start, url, origin } = await serverBehindProxy({ LOG_LEVEL: 'warn' });
    await proxy.open();
    const server = start(name);
    await becomesReady(server, url, 60_000);
    const headers = await signIn(url, origin);
    const admin = new pg.Client({ connectionString: withDatabase(base(), name) });
    await admin.connect();
    cleanups.push(() => admin.end());
    const terminateOthers = () =>
      admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [name],
      );

    const load = writers(url, headers, 6);
    const acknowledgedMore = async () => {
      const before = load.acknowledged.length;
      await until(() => load.acknowledged.length > before + 5, server.early);
    };
    await acknowledgedMore();

    // Mid-transaction: the tag inserts wait on a lock this session holds, inside their transactions;
    // their backends are ended there.
    await admin.query('begin');
    await admin.query('lock table tags in exclusive mode');
    await until(async () => {
      const { rows } = await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        [name],
      );
      return rows[0].n >= 3;
    }, server.early);
    const refusedBefore = load.unavailable.length;
    await terminateOthers();
    await admin.query('rollback');
    await until(() => load.unavailable.length > refusedBefore, server.early);
    await expectUnavailable(load.unavailable[refusedBefore]);
    await acknowledgedMore();

    // Terminated again and again under concurrent writes, at whatever moment each write is at.
    for (let round = 0; round < 5; round++) {
      await terminateOthers();
      await acknowledgedMore();
    }

    // The database goes away: connections are dropped and new ones refused.
    await proxy.cut();
    const ready = await fetch(`${url}/api/ready`);
    await expectUnavailable(ready);
    await expectUnavailable(
      await fetch(`${url}/api/tags`, { method: 'POST', headers, body: JSON.stringify({ name: 'outage' }) }),
    );
    expect(server.child.exitCode).toBeNull();

    await proxy.open();
    const recoveredIn = await becomesReady(server, url, RECOVERY_MS);
    expect(recoveredIn).toBeLessThan(RECOVERY_MS);
    await acknowledgedMore();
    await load.stop();

    expect(load.other).toEqual([]);
    expect(server.child.exitCode, server.output()).toBeNull();
    expect(server.output()).not.toMatch(/Unhandled 'error' event/);
    const { rows } = await admin.query<{ name: string }>('select name from tags');
    const stored = new Set(rows.map((r) => r.name));
    const lost = load.acknowledged.filter((tag) => !stored.has(tag));
    expect(lost).toEqual([]);
    expect(load.acknowledged.length).toBeGreaterThan(30);
  }, 60_000);

  it('a frozen database: requests answer 503 after their deadline instead of hanging, and it recovers', async () => {
    const { name } = await ownDatabase(true);
    const { proxy, start, url, origin } = await serverBehindProxy({
      LOG_LEVEL: 'warn',
      DATABASE_CONNECTION_TIMEOUT_SECONDS: '1',
      DATABASE_STATEMENT_TIMEOUT_SECONDS: '1',
    });
    await proxy.open();
    const server = start(name);
    await becomesReady(server, url, 60_000);
    const headers = await signIn(url, origin);

    proxy.freeze();
    const started = Date.now();
    const [list, create, ready] = await Promise.all([
      fetch(`${url}/api/tags`, { headers }),
      fetch(`${url}/api/tags`, { method: 'POST', headers, body: JSON.stringify({ name: 'frozen' }) }),
      fetch(`${url}/api/ready`),
    ]);
    // Statement deadline 1 s, and 1 s for a silent server, or the connection deadline.
    // About 2 s measured; without deadlines these waited for as long as the freeze lasted.
    expect(Date.now() - started).toBeLessThan(8_000);
    await expectUnavailable(list);
    await expectUnavailable(create);
    await expectUnavailable(ready);

    proxy.thaw();
    await becomesReady(server, url, RECOVERY_MS);
    const res = await fetch(`${url}/api/tags`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'thawed' }),
    });
    expect(res.status).toBe(201);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);

  it('started before PostgreSQL is reachable: waits, says so, and becomes ready once it is', async () => {
    const database = await ownDatabase(false);
    const { proxy, start, url } = await serverBehindProxy();
    // Nothing listens where DATABASE_URL points yet.
    const server = start(database.name);
    await server.waitFor('waiting for the database: connect ECONNREFUSED');
    expect(await readyStatus(url).catch(() => 0)).toBe(0);
    // PostgreSQL answers, but the database is still being created.
    await proxy.open();
    await server.waitFor(`database "${database.name}" does not exist`);
    await database.create();
    await becomesReady(server, url, 30_000);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);

  it('gives up after DATABASE_STARTUP_WAIT_SECONDS, naming the reason', async () => {
    const { name } = await ownDatabase(false);
    const { start } = await serverBehindProxy({ DATABASE_STARTUP_WAIT_SECONDS: '1' });
    const server = start(name);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('waiting for the database: connect ECONNREFUSED');
    expect(server.output()).toContain('ECONNREFUSED');
  }, 30_000);
});
