import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@scamtrail/domain/permissions';
import type { Db } from '../../db/client';
import { sessions, webhookDeliveries, webhookEndpoints } from '../../db/schema/index';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { deviceSignedIn } from '../../../test/device-sign-in';
import { createAutomationVia, createKeyVia, keyClient, unique } from '../../../test/originator-helpers';
import { recordEvent } from '../events/events.service';
import { everyEventReadable } from '../export-streams/export-streams.repository';
import { WebhookWorker, type Clock } from './webhook-worker';

/**
 * Whoever chooses a webhook's URL receives what it delivers: a topic goes out only while they hold its
 * permissions now, beside the automation's keys. Every way of choosing the URL (creating the
 * automation with one, changing it, at both of the automations' bases, as a person or as the
 * automation's own key) and every way of losing what one held (demoted, disabled, key revoked) is
 * held here; an administrator choosing the same URL again shows each setup delivers.
 */

interface Received {
  body: string;
}

async function startReceiver(status: () => number, echo = false) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ body });
      res.writeHead(status()).end(echo ? body : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** The subjects of the events received (a ping has none). */
    subjects: () =>
      received.map((r) => (JSON.parse(r.body) as { data: { subject?: { id: string } } }).data.subject?.id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

function testClock(): Clock & { set(at: Date): void } {
  let now = Date.now();
  return { now: () => new Date(now), set: (at) => void (now = at.getTime()) };
}

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

async function receiver(status = () => 204, echo = false) {
  const r = await startReceiver(status, echo);
  receivers.push(r);
  return r;
}

function worker(clock: Clock) {
  return new WebhookWorker({
    db,
    policy: { allowPrivateNetworkTargets: true },
    limits: t.config,
    log: { info: () => {}, warn: () => {} },
    clock,
    random: () => 0.5,
  });
}

/** Runs the worker until a pass finds nothing to do though every event was readable when it began. */
async function drain(w: WebhookWorker) {
  for (let busy = 0; busy < 20;) {
    const readable = await everyEventReadable(db);
    if ((await w.runOnce()) > 0) busy += 1;
    else if (readable) return;
  }
  throw new Error('the worker never ran out of work');
}

async function identifierEvent() {
  const subjectId = randomUUID();
  await recordEvent(db, {
    type: 'identifier.created',
    actorOriginatorId: null,
    subjectType: 'identifier',
    subjectId,
    data: { value: `${subjectId}@example.com` },
  });
  return subjectId;
}

/** An access event (a team member's), of the topic only `user.view` reads. */
async function accessEvent() {
  const userId = randomUUID();
  await recordEvent(db, {
    type: 'team_member.updated',
    actorOriginatorId: null,
    subjectType: 'user',
    subjectId: userId,
    data: { userId, fields: ['role'] },
  });
  return userId;
}

/**
 * The administrator's side of a webhook: a key holding export.view and the identifiers' and access
 * topics' permissions, those two topics chosen, and a secret; answers what it delivers now.
 */
async function armedByAdmin(automationId: string, scopes: Permission[] = WIDE_SCOPES) {
  await createKeyVia(admin, automationId, scopes);
  const topics = await admin.patch(`/api/automations/${automationId}/webhook`, {
    topics: ['identifiers', 'access'],
  });
  expect(topics.statusCode, topics.body).toBe(200);
  const secret = await admin.post(`/api/automations/${automationId}/webhook/secret`);
  expect(secret.statusCode, secret.body).toBe(200);
  return deliveredTopics(automationId);
}
const WIDE_SCOPES: Permission[] = ['export.view', 'identifier.view', 'user.view'];

async function deliveredTopics(automationId: string): Promise<string[]> {
  const webhook = await admin.get(`/api/automations/${automationId}/webhook`);
  expect(webhook.statusCode, webhook.body).toBe(200);
  return webhook.json().deliveredTopics as string[];
}

/** Sends both topics' events, runs the worker, and answers which of them the receiver got. */
async function deliveredOf(r: Receiver, w = worker(testClock())) {
  const identifier = await identifierEvent();
  const access = await accessEvent();
  await drain(w);
  const got = r.subjects();
  return { identifiers: got.includes(identifier), access: got.includes(access) };
}

/** The automation's deliveries, as stored. */
const deliveriesOf = (automationId: string) =>
  db.select().from(webhookDeliveries).where(eq(webhookDeliveries.automationId, automationId));

/** The administrator chooses the same URL again: from now on it is theirs. */
async function adminChoosesAgain(base: string, automationId: string, url: string) {
  const res = await admin.patch(`${base}/${automationId}`, { webhookUrl: url });
  expect(res.statusCode, res.body).toBe(200);
}

const BASES = ['/api/automations', '/api/originators/automations'];

describe('a webhook delivers no more than whoever chose its URL holds now', () => {
  describe.each(BASES)('at %s', (base) => {
    it("an investigator creating the automation with a URL receives nothing an administrator's key reads", async () => {
      const investigator = (await signedIn(t, 'investigator')).client;
      const r = await receiver();
      const created = await investigator.post(base, { systemName: unique('Relay'), webhookUrl: r.url });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      // An investigator holds no export.view: not a topic goes out to the URL they chose.
      expect(await armedByAdmin(id)).toEqual([]);
      expect(await deliveredOf(r)).toEqual({ identifiers: false, access: false });

      await adminChoosesAgain(base, id, r.url);
      expect(await deliveredTopics(id)).toEqual(['identifiers', 'access']);
      expect(await deliveredOf(r)).toEqual({ identifiers: true, access: true });
    });

    it("an investigator pointing an administrator's automation elsewhere receives nothing there", async () => {
      const before = await receiver();
      const automation = await createAutomationVia(admin, { webhookUrl: before.url });
      expect(await armedByAdmin(automation.id)).toEqual(['identifiers', 'access']);
      expect(await deliveredOf(before)).toEqual({ identifiers: true, access: true });

      const investigator = (await signedIn(t, 'investigator')).client;
      const theirs = await receiver();
      const moved = await investigator.patch(`${base}/${automation.id}`, { webhookUrl: theirs.url });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await deliveredTopics(automation.id)).toEqual([]);
      expect(await deliveredOf(theirs)).toEqual({ identifiers: false, access: false });

      await adminChoosesAgain(base, automation.id, theirs.url);
      expect(await deliveredOf(theirs)).toMatchObject({ identifiers: true, access: true });
    });
  });

  it.each([
    ['demoted to investigator', { role: 'investigator' }],
    ['disabled', { disabled: true }],
  ])(
    'an administrator who chose the URL and is then %s takes every topic with them, queued deliveries too',
    async (_what, change) => {
      let status = 500;
      const r = await receiver(() => status);
      const chooser = await signedIn(t, 'admin');
      const automation = await createAutomationVia(chooser.client, { webhookUrl: r.url });
      // The keys are another administrator's, who keeps every permission.
      expect(await armedByAdmin(automation.id)).toEqual(['identifiers', 'access']);
      const clock = testClock();
      const w = worker(clock);
      const queued = await deliveredOf(r, w);
      expect(queued).toEqual({ identifiers: true, access: true });
      const received = r.received.length;

      const changed = await admin.patch(`/api/users/${chooser.user.id}`, change);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await deliveredTopics(automation.id)).toEqual([]);
      status = 204;
      // The deliveries that failed wait for a retry: it is withheld, not sent.
      const pending = await deliveriesOf(automation.id);
      expect(pending.filter((d) => d.status === 'pending')).toHaveLength(2);
      clock.set(new Date(Math.max(...pending.map((d) => d.nextAttemptAt!.getTime()))));
      expect(await deliveredOf(r, w)).toEqual({ identifiers: false, access: false });
      expect(r.received).toHaveLength(received);
      const after = await deliveriesOf(automation.id);
      expect(after.map((d) => d.status)).toEqual(['failed', 'failed']);
      for (const d of after) expect(d.lastResponse).toContain('whoever chose its webhook URL');
    },
  );

  it("an automation's own key choosing the URL gets at most what that key holds, and nothing once revoked", async () => {
    const automation = await createAutomationVia(admin);
    expect(await armedByAdmin(automation.id)).toEqual([]);
    // A key made to keep the automation's settings: it reads no event itself.
    const narrow = await createKeyVia(admin, automation.id, ['automation.view', 'automation.edit']);
    const r = await receiver();
    const set = await keyClient(t, narrow.key).patch(`/api/automations/${automation.id}`, {
      webhookUrl: r.url,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await deliveredTopics(automation.id)).toEqual([]);
    expect(await deliveredOf(r)).toEqual({ identifiers: false, access: false });

    // A key reading identifiers but not accounts: what it chooses receives identifiers only.
    const reader = await createKeyVia(admin, automation.id, [
      'automation.edit',
      'export.view',
      'identifier.view',
    ]);
    const again = await keyClient(t, reader.key).patch(`/api/automations/${automation.id}`, {
      webhookUrl: r.url,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await deliveredTopics(automation.id)).toEqual(['identifiers']);
    expect(await deliveredOf(r)).toEqual({ identifiers: true, access: false });

    const revoked = await admin.post(`/api/automations/${automation.id}/api-keys/${reader.apiKey.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await deliveredTopics(automation.id)).toEqual([]);
    expect(await deliveredOf(r)).toEqual({ identifiers: false, access: false });
  });
});

describe("a key made with a device sign-in's token feeds a webhook only while it would authenticate", () => {
  it('sends nothing, queued deliveries neither, once the sign-in has gone idle past its limit', async () => {
    const { user, client: browser } = await signedIn(t, 'admin');
    const device = await deviceSignedIn(t, browser);
    const [{ id: sessionId }] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNotNull(sessions.clientId)));
    let status = 500;
    const r = await receiver(() => status);
    const automation = await createAutomationVia(admin, { webhookUrl: r.url });
    // The automation's only key, made on the device: the webhook reads what it reads.
    await createKeyVia(device, automation.id, WIDE_SCOPES, {
      expiresAt: new Date(Date.now() + 24 * 3_600_000).toISOString(),
    });
    await admin.patch(`/api/automations/${automation.id}/webhook`, { topics: ['identifiers'] });
    await admin.post(`/api/automations/${automation.id}/webhook/secret`);
    const clock = testClock();
    const w = worker(clock);
    expect(await deliveredOf(r, w)).toMatchObject({ identifiers: true });
    const received = r.received.length;

    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - t.config.deviceSessionIdleMs - 60_000) })
      .where(eq(sessions.id, sessionId));
    expect(await deliveredTopics(automation.id)).toEqual([]);
    // The delivery that failed waits for its retry: it is withheld, and nothing new is queued.
    status = 204;
    const pending = await deliveriesOf(automation.id);
    clock.set(new Date(Math.max(...pending.map((d) => d.nextAttemptAt!.getTime()))));
    expect(await deliveredOf(r, w)).toEqual({ identifiers: false, access: false });
    expect(r.received).toHaveLength(received);
    const after = await deliveriesOf(automation.id);
    expect(after.map((d) => d.status)).toEqual(['failed']);
  });
});

describe("a device sign-in's token narrowed to a scope chooses no webhook URL", () => {
  it('refuses it at both bases, creating and changing (403 naming webhookUrl); an unnarrowed token may', async () => {
    const owner = await signedIn(t, 'admin');
    const narrowed = await deviceSignedIn(t, owner.client, [
      'automation.view',
      'automation.edit',
      'automation.create',
    ]);
    const whole = await deviceSignedIn(t, owner.client);
    const automation = await createAutomationVia(admin);
    const url = 'http://127.0.0.1:9/chosen-by-a-device';
    const refusals = [
      await narrowed.post('/api/automations', { systemName: unique('device'), webhookUrl: url }),
      await narrowed.post('/api/originators/automations', { systemName: unique('device'), webhookUrl: url }),
      await narrowed.patch(`/api/automations/${automation.id}`, { webhookUrl: url }),
      await narrowed.patch(`/api/originators/automations/${automation.id}`, { webhookUrl: url }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual(['webhookUrl']);
    }
    expect((await admin.get(`/api/automations/${automation.id}`)).json().webhookUrl).toBeNull();
    // Clearing it gives nobody anything; and a token holding the whole role may choose it.
    expect((await narrowed.patch(`/api/automations/${automation.id}`, { webhookUrl: null })).statusCode).toBe(
      200,
    );
    const chosen = await whole.patch(`/api/automations/${automation.id}`, { webhookUrl: url });
    expect(chosen.statusCode, chosen.body).toBe(200);
  });
});

describe("a webhook's delivery log shows an event only to who may view its records", () => {
  it('lists, counts (waiting too) and sends again an account event only to a reader who may view accounts', async () => {
    // A receiver that answers with what it got: the log keeps the start of its answer.
    const r = await receiver(() => 500, true);
    const automation = await createAutomationVia(admin, { webhookUrl: r.url });
    expect(await armedByAdmin(automation.id)).toEqual(['identifiers', 'access']);
    const ping = await admin.post(`/api/automations/${automation.id}/webhook/ping`);
    expect(ping.statusCode, ping.body).toBe(201);
    const sent = await deliveredOf(r);
    expect(sent).toEqual({ identifiers: true, access: true });
    const all = (await admin.get(`/api/automations/${automation.id}/webhook/deliveries`)).json();
    const byType = new Map((all.data as { id: string; type: string }[]).map((d) => [d.type, d.id]));
    expect([...byType.keys()].sort()).toEqual(['identifier.created', 'team_member.updated', 'webhook.ping']);
    const accountDelivery = byType.get('team_member.updated')!;
    const identifierDelivery = byType.get('identifier.created')!;

    const { key: ownKey } = await createKeyVia(admin, automation.id, ['automation.view', 'automation.edit']);
    const readers: [string, Client, string[]][] = [
      ['an administrator', admin, ['identifier.created', 'team_member.updated', 'webhook.ping']],
      ['an investigator', (await signedIn(t, 'investigator')).client, ['identifier.created', 'webhook.ping']],
      ['a viewer', (await signedIn(t, 'viewer')).client, ['identifier.created', 'webhook.ping']],
      ["the automation's own key, reading no records", keyClient(t, ownKey), ['webhook.ping']],
    ];
    for (const [who, reader, types] of readers) {
      const deliveries = await reader.get(`/api/automations/${automation.id}/webhook/deliveries`);
      expect(deliveries.statusCode, `${who}: ${deliveries.body}`).toBe(200);
      const listed = deliveries.json() as { data: { type: string }[]; pagination: { totalItems: number } };
      expect(listed.data.map((d) => d.type).sort(), who).toEqual(types);
      expect(listed.pagination.totalItems, who).toBe(types.length);
      const attempts = await reader.get(`/api/automations/${automation.id}/webhook/attempts`);
      expect(attempts.statusCode, `${who}: ${attempts.body}`).toBe(200);
      const logged = attempts.json() as {
        data: { type: string; response: string | null }[];
        pagination: { totalItems: number };
      };
      expect([...new Set(logged.data.map((a) => a.type))].sort(), who).toEqual(types);
      expect(logged.pagination.totalItems, who).toBe(types.length);
      const oneDelivery = await reader.get(
        `/api/automations/${automation.id}/webhook/attempts?deliveryId=${accountDelivery}`,
      );
      expect(oneDelivery.json().data.length > 0, who).toBe(types.includes('team_member.updated'));
      // Every delivery failed and waits for its retry: the count is of those the reader may see.
      const webhook = await reader.get(`/api/automations/${automation.id}/webhook`);
      expect(webhook.statusCode, `${who}: ${webhook.body}`).toBe(200);
      expect(webhook.json().waiting, who).toBe(types.length);
    }

    // Sending again a delivery one may not see is sending again one that is not there.
    const investigator = readers[1][1];
    const hidden = await investigator.post(
      `/api/automations/${automation.id}/webhook/deliveries/${accountDelivery}/resend`,
    );
    const missing = await investigator.post(
      `/api/automations/${automation.id}/webhook/deliveries/${randomUUID()}/resend`,
    );
    expect(hidden.statusCode, hidden.body).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    const seen = await investigator.post(
      `/api/automations/${automation.id}/webhook/deliveries/${identifierDelivery}/resend`,
    );
    expect(seen.statusCode, seen.body).toBe(200);
  });
});
