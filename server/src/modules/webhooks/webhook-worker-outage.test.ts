import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { rowsOf } from '../../db/sql/arrays';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { createAutomationVia, createKeyVia } from '../../../test/originator-helpers';
import { pgProxy } from '../../../test/pg-proxy';
import { freePorts, until } from '../../../test/server-process';
import { recordEvent } from '../events/events.service';
import { EventsSignal } from '../export-streams/events-signal';
import { WebhookWorker } from './webhook-worker';

/**
 * The background work that reads the database on its own, not for a request, while PostgreSQL goes
 * away and comes back: the webhook worker and the signal that wakes export-stream readers. Each runs
 * on a connection pool behind a proxy (test/pg-proxy.ts) that the test cuts and opens again, and must
 * go on by itself, without a restart, once the database is back. PGlite is in the process: it cannot
 * go away.
 */

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
let admin: Client;
const cleanups: (() => Promise<unknown>)[] = [];
/** The test's database once more, through a proxy the test controls. */
async function behindProxy(): Promise<{ database: Database; proxy: ReturnType<typeof pgProxy> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const [{ name }] = rowsOf<{ name: string }>(
    await t.database.db.execute(sql`select current_database() as name`),
  );
  const target = new URL(base);
  const [port] = await freePorts(1);
  const proxy = pgProxy({ host: target.hostname, port: Number(target.port || 5432) }, port);
  await proxy.open();
  cleanups.push(() => proxy.cut());
  const database = await openDatabase({
    url: proxy.url(base, name),
    maxConnections: 2,
    timeouts: { connectionMs: 1_000 },
  });
  cleanups.push(() => database.close());
  return { database, proxy };
}

async function receiver() {
  const ids: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      ids.push(String(req.headers['webhook-id']));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, ids };
}

function identifierEvent() {
  const subjectId = randomUUID();
  return recordEvent(t.database.db, {
    type: 'identifier.created',
    actorOriginatorId: null,
    subjectType: 'identifier',
    subjectId,
    data: { value: `${subjectId}@example.com` },
  });
}

describe.runIf(onPostgres)('background work while PostgreSQL goes away and comes back', () => {
  beforeAll(async () => {
    t = await buildTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: 'true' });
    admin = (await signedIn(t, 'admin')).client;
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });
  afterAll(async () => {
    await t.close();
  });

  it('the webhook worker logs the fault, waits, and delivers what came meanwhile once it is back', async () => {
    const hook = await receiver();
    const automation = await createAutomationVia(admin, { webhookUrl: hook.url });
    await createKeyVia(admin, automation.id, ['export.view', 'identifier.view']);
    const topics = await admin.patch(`/api/automations/${automation.id}/webhook`, {
      topics: ['identifiers'],
    });
    expect(topics.statusCode, topics.body).toBe(200);
    expect((await admin.post(`/api/automations/${automation.id}/webhook/secret`)).statusCode).toBe(200);

    const { database, proxy } = await behindProxy();
    const warnings: string[] = [];
    const worker = new WebhookWorker({
      db: database.db,
      policy: { allowPrivateNetworkTargets: true },
      limits: t.config,
      log: { info: () => {}, warn: (_: unknown, message: string) => void warnings.push(message) },
      idleMs: 20,
    });
    worker.start();
    cleanups.push(() => worker.stop());

    await identifierEvent();
    await until(
      () => hook.ids.length === 1,
      () => (warnings.length > 0 ? `before the outage: ${warnings.join('; ')}` : undefined),
    );

    await proxy.cut();
    await identifierEvent();
    await until(() => warnings.length > 0);
    expect(warnings[0]).toMatch(/a delivery pass failed; trying again in \d+ ms/);
    expect(hook.ids).toHaveLength(1);

    await proxy.open();
    await until(() => hook.ids.length === 2);
    expect(new Set(hook.ids).size).toBe(2);
  });

  it('the export-stream signal listens again and wakes a waiting reader once it is back', async () => {
    const { database, proxy } = await behindProxy();
    const signal = new EventsSignal(database);
    cleanups.push(() => signal.close());
    const never = new AbortController().signal;
    /** Whether a reader that waits while an event is committed is woken (rather than timed out). */
    const wokenByCommit = async () => {
      const mark = await signal.mark();
      // A bound for a lost NOTIFY, not a pause: the wait ends as soon as the commit is heard.
      const waited = signal.after(mark, 10_000, never);
      await identifierEvent();
      await waited;
      return (await signal.mark()) !== mark;
    };
    expect(await wokenByCommit()).toBe(true);

    await proxy.cut();
    await proxy.open();
    // Listening again happens in the background, and wakes every waiting reader when it has.
    await until(async () => {
      const mark = await signal.mark();
      await signal.after(mark, 10_000, never);
      return (await signal.mark()) !== mark;
    });
    expect(await wokenByCommit()).toBe(true);
  });
});
