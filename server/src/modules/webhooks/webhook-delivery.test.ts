import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_RETRY_DELAYS_MS, type WebhookAttempt } from '@scamtrail/domain/webhooks';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql/arrays';
import { originators, webhookDeliveries, webhookEndpoints } from '../../db/schema/index';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { createAutomationVia, createKeyVia } from '../../../test/originator-helpers';
import { until } from '../../../test/server-process';
import { recordEvent } from '../events/events.service';
import { everyEventReadable } from '../export-streams/export-streams.repository';
import { WebhookWorker, type Clock } from './webhook-worker';

/** What a receiver got: each request with its headers and body. */
interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  headers: Record<string, string>;
}

/** A real HTTP receiver on loopback, answering with `answer` (by how many requests came before). */
async function startReceiver(
  answer: (n: number) => { status: number; headers?: Record<string, string>; after?: Promise<void> },
) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
      );
      const reply = answer(received.length);
      received.push({
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body: Buffer.concat(chunks).toString('utf8'),
        headers,
      });
      void (reply.after ?? Promise.resolve()).then(() =>
        res.writeHead(reply.status, reply.headers).end('ok'),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** The webhook-ids received, each once: what a receiver that drops repeats keeps. */
    unique: () => [...new Set(received.map((r) => r.id))],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A clock the test moves on. */
function testClock(start = Date.now()): Clock & { advance(ms: number): void; set(at: Date): void } {
  let now = start;
  return {
    now: () => new Date(now),
    advance: (ms) => void (now += ms),
    set: (at) => void (now = at.getTime()),
  };
}

const quietLog = { info: () => {}, warn: () => {} };

let t: TestApp;
let admin: Client;
let db: Db;
const receivers: Receiver[] = [];
beforeAll(async () => {
  t = await buildTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: 'true' });
  admin = (await signedIn(t, 'admin')).client;
  db = t.database.db;
});
afterEach(async () => {
  // Each test's automation is left behind: it must not receive the next tests' events.
  await db.update(webhookEndpoints).set({ status: 'disabled' });
  await db.delete(webhookDeliveries);
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(() => t.close());

async function receiver(answer: Parameters<typeof startReceiver>[0] = () => ({ status: 204 })) {
  const r = await startReceiver(answer);
  receivers.push(r);
  return r;
}

function worker(clock: Clock, extra: Partial<ConstructorParameters<typeof WebhookWorker>[0]> = {}) {
  return new WebhookWorker({
    db,
    policy: { allowPrivateNetworkTargets: true },
    limits: t.config,
    log: quietLog,
    clock,
    random: () => 0.5,
    ...extra,
  });
}

/**
 * An automation whose webhook points at `url`, subscribed to identifiers, with a key that may read
 * them (export.view, identifier.view), and its secret. Other topics' events are left out of these
 * tests so that each sees only the events it records.
 */
async function subscribed(url: string, scopes = ['export.view', 'identifier.view'] as const) {
  const automation = await createAutomationVia(admin, { webhookUrl: url });
  await createKeyVia(admin, automation.id, [...scopes]);
  const patched = await admin.patch(`/api/automations/${automation.id}/webhook`, { topics: ['identifiers'] });
  expect(patched.statusCode).toBe(200);
  const rotated = await admin.post(`/api/automations/${automation.id}/webhook/secret`);
  expect(rotated.statusCode).toBe(200);
  return { id: automation.id, secret: rotated.json().secret as string };
}

async function identifierEvent(type = 'identifier.created') {
  const subjectId = randomUUID();
  await recordEvent(db, {
    type,
    actorOriginatorId: null,
    subjectType: 'identifier',
    subjectId,
    data: { value: `${subjectId}@example.com` },
  });
  return subjectId;
}

async function deliveriesOf(automationId: string) {
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.automationId, automationId));
}

/**
 * Runs the workers until a pass finds nothing to do though every event was readable when it began (no
 * waiting for time: the clock does not move). A pass that queues nothing is not the end while an event
 * is still above the streams' horizon: on PostgreSQL a transaction of another test file's database
 * holds it back for a moment (`readStreamEvents`), and a worker then reads it on a later pass. The
 * horizon is read before the pass: read after it, it could have moved on since the pass read the
 * events, and the drain would end with an event never queued.
 */
async function drain(...workers: WebhookWorker[]) {
  for (let busy = 0; busy < 20;) {
    const readable = await everyEventReadable(db);
    const worked = await Promise.all(workers.map((w) => w.runOnce()));
    if (worked.some((n) => n > 0)) busy += 1;
    else if (readable) return;
  }
  throw new Error('the workers never ran out of work');
}

describe('webhook delivery', () => {
  it('POSTs { type, timestamp, data } signed so that the standardwebhooks library verifies it', async () => {
    const r = await receiver();
    const { id, secret } = await subscribed(r.url);
    const subjectId = await identifierEvent();
    const clock = testClock();
    await drain(worker(clock));

    expect(r.received).toHaveLength(1);
    const [got] = r.received;
    const payload = new Webhook(secret).verify(got.body, got.headers) as {
      type: string;
      timestamp: string;
      data: unknown;
    };
    expect(payload).toMatchObject({
      type: 'identifier.created',
      data: { topic: 'identifiers', subject: { type: 'identifier', id: subjectId } },
    });
    expect(Date.parse(payload.timestamp)).not.toBeNaN();
    expect(got.signature).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(secret).toMatch(/^whsec_/);
    // A wrong secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(got.body, got.headers),
    ).toThrow();

    const [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 204 });
    expect(got.id).toBe(row.id);
    // lastTriggered is the delivery's time.
    const [automation] = await db.select().from(originators).where(eq(originators.id, id));
    expect(automation.lastTriggered?.getTime()).toBe(row.lastAttemptAt?.getTime());
  });

  it('after a rotation signs with both secrets, and each verifies', async () => {
    const r = await receiver();
    const { id, secret: before } = await subscribed(r.url);
    const after = (await admin.post(`/api/automations/${id}/webhook/secret`)).json().secret as string;
    expect(after).not.toBe(before);
    await identifierEvent();
    await drain(worker(testClock()));
    const [got] = r.received;
    expect(got.signature.split(' ')).toHaveLength(2);
    expect(() => new Webhook(before).verify(got.body, got.headers)).not.toThrow();
    expect(() => new Webhook(after).verify(got.body, got.headers)).not.toThrow();
  });

  it('sends an event again after 500, 500 with the schedule spacing, with one webhook-id', async () => {
    const r = await receiver((n) => ({ status: n < 2 ? 500 : 200 }));
    const { id } = await subscribed(r.url);
    await identifierEvent();
    const clock = testClock();
    const w = worker(clock, { random: () => 0.99 });

    await drain(w);
    expect(r.received).toHaveLength(1);
    const times: number[] = [clock.now().getTime()];
    for (const [attempt, delay] of WEBHOOK_RETRY_DELAYS_MS.slice(0, 2).entries()) {
      const [row] = await deliveriesOf(id);
      expect(row.status).toBe('pending');
      const due = row.nextAttemptAt!.getTime();
      // The delay with at most 10 % of jitter.
      expect(due - times[attempt]).toBeGreaterThanOrEqual(delay);
      expect(due - times[attempt]).toBeLessThanOrEqual(delay * 1.1);
      // Not a moment before it is due...
      clock.set(new Date(due - 1));
      await drain(w);
      expect(r.received).toHaveLength(attempt + 1);
      // ...and at once when it is.
      clock.set(new Date(due));
      await drain(w);
      expect(r.received).toHaveLength(attempt + 2);
      times.push(due);
    }
    expect(r.unique()).toHaveLength(1);
    const [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200, nextAttemptAt: null });

    // The log keeps each attempt: event, number, outcome, status, duration and the answer's start.
    const log = (await admin.get(`/api/automations/${id}/webhook/attempts`)).json();
    expect(log.pagination).toMatchObject({ totalItems: 3 });
    expect(
      log.data.map((a: WebhookAttempt) => [a.attempt, a.outcome, a.statusCode, a.response, a.byHand]),
    ).toEqual([
      [3, 'delivered', 200, 'ok', false],
      [2, 'failed', 500, 'ok', false],
      [1, 'failed', 500, 'ok', false],
    ]);
    for (const attempt of log.data as WebhookAttempt[]) {
      expect(attempt).toMatchObject({ deliveryId: row.id, type: 'identifier.created' });
      expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
      expect(attempt.finishedAt).not.toBeNull();
    }
    expect(new Date(log.data[1].startedAt).getTime()).toBe(times[1]);
  });

  it('sends again by hand as one more attempt, logged, without restarting the schedule', async () => {
    let status = 200;
    const r = await receiver(() => ({ status }));
    const { id } = await subscribed(r.url);
    await identifierEvent();
    const clock = testClock();
    const w = worker(clock);
    await drain(w);
    const [delivered] = await deliveriesOf(id);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1 });
    const resend = () => admin.post(`/api/automations/${id}/webhook/deliveries/${delivered.id}/resend`);
    const attemptsOf = async () =>
      (await admin.get(`/api/automations/${id}/webhook/attempts?deliveryId=${delivered.id}`)).json()
        .data as WebhookAttempt[];

    // A delivered one, sent again and refused: attempt 2, by hand, and no retry follows.
    status = 500;
    expect((await resend()).json()).toMatchObject({ status: 'pending', attempts: 1 });
    clock.set(new Date(Date.now() + 1));
    await drain(w);
    expect(r.received.map((got) => got.id)).toEqual([delivered.id, delivered.id]);
    let [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 2, nextAttemptAt: null, handSend: null });
    clock.advance(48 * 3_600_000);
    await drain(w);
    expect(r.received).toHaveLength(2);
    expect((await attemptsOf()).map((a) => [a.attempt, a.byHand, a.outcome, a.statusCode])).toEqual([
      [2, true, 'failed', 500],
      [1, false, 'delivered', 200],
    ]);

    // Sent again while it waits for a retry: that retry is now, and the schedule goes on after it.
    expect((await resend()).statusCode).toBe(200);
    clock.set(new Date(Date.now() + 1));
    await drain(w);
    [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    await db
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: new Date(clock.now().getTime() + 3_600_000) })
      .where(eq(webhookDeliveries.id, delivered.id));
    expect((await resend()).statusCode).toBe(200);
    clock.set(new Date(Date.now() + 1));
    await drain(w);
    [row] = await deliveriesOf(id);
    expect(row.status).toBe('pending');
    const after = row.nextAttemptAt!.getTime() - row.lastAttemptAt!.getTime();
    // Attempt 4 failed: the next waits the schedule's fourth delay (with jitter), not the first.
    expect(after).toBeGreaterThanOrEqual(WEBHOOK_RETRY_DELAYS_MS[3]);
    expect((await attemptsOf()).map((a) => [a.attempt, a.byHand])).toEqual([
      [4, true],
      [3, true],
      [2, true],
      [1, false],
    ]);
  });

  it('refuses to send again a delivery whose attempt is under way', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const r = await receiver(() => ({ status: 200, after: held }));
    const { id } = await subscribed(r.url);
    await identifierEvent();
    const w = worker(testClock());
    await w.fill();
    const sending = w.deliverDue();
    await vi.waitFor(() => expect(r.received).toHaveLength(1));
    const [row] = await deliveriesOf(id);
    const refused = await admin.post(`/api/automations/${id}/webhook/deliveries/${row.id}/resend`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('being sent now');
    const [attempt] = (await admin.get(`/api/automations/${id}/webhook/attempts`)).json().data;
    expect(attempt).toMatchObject({ attempt: 1, outcome: 'sending', statusCode: null, finishedAt: null });
    release();
    await sending;
  });

  it('waits as long as Retry-After says when it is longer than the schedule', async () => {
    const r = await receiver((n) =>
      n === 0 ? { status: 503, headers: { 'retry-after': '120' } } : { status: 200 },
    );
    const { id } = await subscribed(r.url);
    await identifierEvent();
    const clock = testClock();
    await drain(worker(clock));
    const [row] = await deliveriesOf(id);
    expect(row.nextAttemptAt!.getTime() - clock.now().getTime()).toBeGreaterThanOrEqual(120_000);
  });

  it('loses nothing when an instance stops between claim and completion, and sends each id once', async () => {
    // The first two requests are answered only once instance A is gone.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const r = await receiver((n) => ({ status: 200, after: n < 2 ? held : undefined }));
    const { id } = await subscribed(r.url);
    await identifierEvent();
    await identifierEvent();
    const clock = testClock();
    // Instance A's database goes away once its requests are out: it never records their outcome.
    let severed = false;
    const severable = new Proxy(db, {
      get(target, prop, receiverObject) {
        if (severed) throw new Error('Connection terminated');
        return Reflect.get(target, prop, receiverObject);
      },
    });
    const a = new WebhookWorker({
      db: severable,
      policy: { allowPrivateNetworkTargets: true },
      limits: t.config,
      log: quietLog,
      clock,
    });
    await a.fill();
    // Claim, then cut the pool as the requests are sent.
    const claimed = a.deliverDue();
    await vi.waitFor(() => expect(r.received.length).toBe(2));
    severed = true;
    release();
    await expect(claimed).rejects.toThrow('Connection terminated');

    const b = worker(clock);
    // The claims of A stand until they lapse: B does not send them meanwhile.
    await drain(b);
    expect(r.received).toHaveLength(2);
    clock.advance(61_000);
    await drain(b);
    const rows = await deliveriesOf(id);
    expect(rows.map((row) => row.status)).toEqual(['delivered', 'delivered']);
    // Sent again under the same webhook-ids: a receiver dropping repeats has each event once.
    expect(r.unique().sort()).toEqual(rows.map((row) => row.id).sort());
    // The log shows A's attempts, never answered, cut short, and B's that were.
    const log = (await admin.get(`/api/automations/${id}/webhook/attempts`)).json().data as WebhookAttempt[];
    expect(log.map((a) => [a.attempt, a.outcome]).sort()).toEqual([
      [1, 'interrupted'],
      [1, 'interrupted'],
      [2, 'delivered'],
      [2, 'delivered'],
    ]);
  });

  it('two instances on one database deliver each event once', async () => {
    const r = await receiver();
    const { id } = await subscribed(r.url);
    for (let i = 0; i < 30; i += 1) await identifierEvent();
    const clock = testClock();
    await drain(worker(clock, { batchSize: 3 }), worker(clock, { batchSize: 3 }));
    expect(r.received).toHaveLength(30);
    expect(r.unique()).toHaveLength(30);
    expect((await deliveriesOf(id)).every((row) => row.status === 'delivered')).toBe(true);
  });

  it('a 410 disables the endpoint and says why; enabling it sends what waited', async () => {
    let gone = true;
    const r = await receiver(() => ({ status: gone ? 410 : 200 }));
    const { id } = await subscribed(r.url);
    await identifierEvent();
    const clock = testClock();
    const w = worker(clock);
    await drain(w);
    const webhook = (await admin.get(`/api/automations/${id}/webhook`)).json();
    expect(webhook).toMatchObject({ status: 'disabled', disabledReason: expect.stringContaining('410') });

    // Nothing goes out while it is disabled, however long.
    await identifierEvent();
    clock.advance(24 * 3_600_000);
    await drain(w);
    expect(r.received).toHaveLength(1);
    expect((await admin.post(`/api/automations/${id}/webhook/ping`)).statusCode).toBe(409);

    gone = false;
    const enabled = await admin.post(`/api/automations/${id}/webhook/enable`);
    expect(enabled.json()).toMatchObject({ status: 'active', disabledReason: null });
    clock.set(new Date(Date.now() + 1));
    await drain(w);
    expect(r.unique()).toHaveLength(2);
  });

  it('disables an endpoint whose deliveries have all failed for five days', async () => {
    const r = await receiver(() => ({ status: 500 }));
    const { id } = await subscribed(r.url);
    const clock = testClock();
    const w = worker(clock);
    for (let day = 0; day <= 5; day += 1) {
      await identifierEvent();
      await drain(w);
      clock.advance(24 * 3_600_000 + 1);
    }
    const webhook = (await admin.get(`/api/automations/${id}/webhook`)).json();
    expect(webhook).toMatchObject({
      status: 'disabled',
      disabledReason: expect.stringContaining('failed since'),
    });
  });

  it('does not follow a redirect, not even to a loopback address', async () => {
    const target = await receiver();
    const r = await receiver(() => ({ status: 302, headers: { location: target.url } }));
    const { id } = await subscribed(r.url);
    await identifierEvent();
    await drain(worker(testClock()));
    expect(r.received).toHaveLength(1);
    expect(target.received).toHaveLength(0);
    const [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: 'pending', lastStatusCode: 302 });
    expect(row.lastResponse).toContain('not followed');
  });

  it('refuses a private address at delivery unless the operator allows it', async () => {
    const r = await receiver();
    const { id } = await subscribed(r.url);
    await identifierEvent();
    await drain(worker(testClock(), { policy: { allowPrivateNetworkTargets: false } }));
    expect(r.received).toHaveLength(0);
    const [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: 'pending', lastStatusCode: null });
    expect(row.lastResponse).toMatch(/127\.0\.0\.1/);
  });

  it('sends only the topics its keys may read, as far as their creator holds them', async () => {
    const r = await receiver();
    // identifier.view without export.view: nothing of identifiers goes out.
    const { id } = await subscribed(r.url, ['identifier.view'] as unknown as readonly [
      'export.view',
      'identifier.view',
    ]);
    await identifierEvent();
    await drain(worker(testClock()));
    expect(r.received).toHaveLength(0);
    const webhook = (await admin.get(`/api/automations/${id}/webhook`)).json();
    expect(webhook).toMatchObject({ topics: ['identifiers'], deliveredTopics: [] });
  });

  it("tells an event's other records only as far as the keys may read them (evidence's identifier)", async () => {
    const r = await receiver();
    const automation = await createAutomationVia(admin, { webhookUrl: r.url });
    await createKeyVia(admin, automation.id, ['export.view', 'evidence.view']);
    const patched = await admin.patch(`/api/automations/${automation.id}/webhook`, { topics: ['evidence'] });
    expect(patched.statusCode).toBe(200);
    expect((await admin.post(`/api/automations/${automation.id}/webhook/secret`)).statusCode).toBe(200);
    const identifierId = randomUUID();
    await recordEvent(db, {
      type: 'evidence.identifier_linked',
      actorOriginatorId: null,
      subjectType: 'evidence',
      subjectId: randomUUID(),
      data: {
        before: null,
        after: { identifierId, identifierType: 'email', displayValue: 'unreadable@example.com' },
      },
    });
    await drain(worker(testClock()));
    expect(r.received).toHaveLength(1);
    expect(r.received[0].body).not.toContain('unreadable@example.com');
    expect(r.received[0].body).not.toContain(identifierId);
    const payload = JSON.parse(r.received[0].body) as { data: { data: { after: unknown } } };
    expect(payload.data.data.after).toEqual({ identifierId: { hidden: 'identifier' } });
  });

  it("sends a queued event no more once the key's creator is demoted, neither on schedule nor by hand", async () => {
    const r = await receiver(() => ({ status: 500 }));
    const creator = await signedIn(t, 'admin');
    const automation = await createAutomationVia(admin, { webhookUrl: r.url });
    await createKeyVia(creator.client, automation.id, ['export.view', 'identifier.view']);
    expect(
      (await admin.patch(`/api/automations/${automation.id}/webhook`, { topics: ['identifiers'] }))
        .statusCode,
    ).toBe(200);
    expect((await admin.post(`/api/automations/${automation.id}/webhook/secret`)).statusCode).toBe(200);
    await identifierEvent();
    const clock = testClock();
    const w = worker(clock);
    await drain(w);
    expect(r.received).toHaveLength(1);

    // An investigator holds no export.view: the key that let the event out holds it no more.
    const demoted = await admin.patch(`/api/users/${creator.user.id}`, { role: 'investigator' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const [queued] = await deliveriesOf(automation.id);
    clock.set(queued.nextAttemptAt!);
    await drain(w);
    const [withheld] = await deliveriesOf(automation.id);
    expect(withheld).toMatchObject({ status: 'failed', attempts: 2, nextAttemptAt: null });
    expect(withheld.lastResponse).toContain('no longer hold the permissions');
    const resent = await admin.post(
      `/api/automations/${automation.id}/webhook/deliveries/${queued.id}/resend`,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    await drain(w);
    expect(r.received).toHaveLength(1);
  });

  it("tells a queued event's other records on a retry only as far as the keys may read them then", async () => {
    const r = await receiver(() => ({ status: 500 }));
    const automation = await createAutomationVia(admin, { webhookUrl: r.url });
    const reading = await createKeyVia(admin, automation.id, [
      'export.view',
      'evidence.view',
      'identifier.view',
    ]);
    await createKeyVia(admin, automation.id, ['export.view', 'evidence.view']);
    const patched = await admin.patch(`/api/automations/${automation.id}/webhook`, { topics: ['evidence'] });
    expect(patched.statusCode).toBe(200);
    expect((await admin.post(`/api/automations/${automation.id}/webhook/secret`)).statusCode).toBe(200);
    const identifierId = randomUUID();
    await recordEvent(db, {
      type: 'evidence.identifier_linked',
      actorOriginatorId: null,
      subjectType: 'evidence',
      subjectId: randomUUID(),
      data: {
        before: null,
        after: { identifierId, identifierType: 'email', displayValue: 'read-while-held@example.com' },
      },
    });
    const clock = testClock();
    const w = worker(clock);
    await drain(w);
    expect(r.received).toHaveLength(1);
    expect(r.received[0].body).toContain('read-while-held@example.com');

    // The only key that reads identifiers is revoked: the evidence topic still goes out, the value no more.
    const revoked = await admin.post(
      `/api/automations/${automation.id}/api-keys/${reading.apiKey.id}/revoke`,
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    const [queued] = await deliveriesOf(automation.id);
    clock.set(queued.nextAttemptAt!);
    await drain(w);
    const resent = await admin.post(
      `/api/automations/${automation.id}/webhook/deliveries/${queued.id}/resend`,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    await drain(w);
    expect(r.received).toHaveLength(3);
    for (const retry of r.received.slice(1)) {
      expect(retry.body).not.toContain('read-while-held@example.com');
      expect(retry.body).not.toContain(identifierId);
      const payload = JSON.parse(retry.body) as { data: { data: { after: unknown } } };
      expect(payload.data.data.after).toEqual({ identifierId: { hidden: 'identifier' } });
    }
  });

  it('sends a queued event of a case no more once the case is moved into a group', async () => {
    const r = await receiver(() => ({ status: 500 }));
    const automation = await createAutomationVia(admin, { webhookUrl: r.url });
    await createKeyVia(admin, automation.id, ['export.view', 'case.view']);
    expect(
      (await admin.patch(`/api/automations/${automation.id}/webhook`, { topics: ['cases'] })).statusCode,
    ).toBe(200);
    expect((await admin.post(`/api/automations/${automation.id}/webhook/secret`)).statusCode).toBe(200);
    const created = await admin.post('/api/cases', { title: 'Soon of a group' });
    expect(created.statusCode, created.body).toBe(201);
    const clock = testClock();
    const w = worker(clock);
    await drain(w);
    expect(r.received).toHaveLength(1);

    const group = await admin.post('/api/groups', { name: `Closed circle ${randomUUID()}` });
    expect(group.statusCode, group.body).toBe(201);
    const moved = await admin.patch(`/api/cases/${created.json().id}`, { groupId: group.json().id });
    expect(moved.statusCode, moved.body).toBe(200);
    // The move is an event of the case too, of a grouped case: it is never queued.
    const queued = (await deliveriesOf(automation.id)).filter((d) => d.status === 'pending');
    expect(queued).toHaveLength(1);
    clock.set(queued[0].nextAttemptAt!);
    await drain(w);
    expect(r.received).toHaveLength(1);
    const [withheld] = await deliveriesOf(automation.id);
    expect(withheld).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(withheld.lastResponse).toContain('now in a group');
  });

  it('keeps running through a database fault, logging it', async () => {
    const warn = vi.fn();
    const broken = new Proxy(db, {
      get() {
        throw new Error('Connection terminated');
      },
    });
    const w = new WebhookWorker({
      db: broken,
      policy: { allowPrivateNetworkTargets: true },
      limits: t.config,
      log: { info: () => {}, warn },
    });
    w.start();
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    await w.stop();
    expect(warn.mock.calls[0][1]).toMatch(/trying again/);
  });
});

describe('a pass in which one outcome cannot be written while another attempt is in flight', () => {
  it('ends once every attempt has, so stopping waits for the one still sending', async () => {
    let answerHeld!: () => void;
    const held = new Promise<void>((resolve) => (answerHeld = resolve));
    const fast = await receiver();
    const slow = await receiver(() => ({ status: 204, after: held }));
    const failing = await subscribed(fast.url);
    const sending = await subscribed(slow.url);
    // The fast receiver's outcome fails as if the database went away as it was written; a sequence,
    // outside the transaction that fails, tells the test it happened.
    await db.execute(sql.raw('create sequence if not exists outcome_failures'));
    await db.execute(
      sql.raw(`create or replace function fail_outcome() returns trigger language plpgsql as $$
        begin perform nextval('outcome_failures');
        raise exception 'terminating connection due to administrator command' using errcode = '57P01'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger fail_outcome before update on webhook_delivery_attempts for each row
        when (new.outcome <> 'sending' and new.automation_id = '${failing.id}') execute function fail_outcome()`),
    );
    try {
      await identifierEvent();
      while (!(await everyEventReadable(db))) {
        // Read again: the event's transaction is seen as ended by a later statement.
      }
      // Transactions the worker has finished, counted as each ends, committed or not.
      let finished = 0;
      const counted = new Proxy(db, {
        get(target, name) {
          if (name === 'transaction') {
            return (...args: Parameters<Db['transaction']>) =>
              target.transaction(...args).finally(() => (finished += 1));
          }
          const value: unknown = Reflect.get(target, name, target);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      const w = worker(testClock(), { db: counted });
      await w.fill();
      finished = 0;
      const pass = w.deliverDue().then(
        () => ({ failed: false, finished }),
        () => ({ failed: true, finished }),
      );
      const failures = async () =>
        Number(
          rowsOf<{ n: string }>(
            await db.execute(
              sql.raw('select case when is_called then last_value else 0 end as n from outcome_failures'),
            ),
          )[0].n,
        );
      await until(async () => slow.received.length === 1 && (await failures()) === 1);
      answerHeld();
      // Both attempts' transactions had ended when the pass did: the failed one and the one sent.
      expect(await pass).toEqual({ failed: true, finished: 2 });
      const [delivery] = await deliveriesOf(sending.id);
      expect(delivery.status).toBe('delivered');
    } finally {
      answerHeld();
      await db.execute(sql.raw('drop trigger if exists fail_outcome on webhook_delivery_attempts'));
    }
  });
});
