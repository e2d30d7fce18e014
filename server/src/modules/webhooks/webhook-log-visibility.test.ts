import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookAttempt, WebhookDelivery } from '@scamtrail/domain/webhooks';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { createAutomationVia, createKeyVia, keyClient } from '../../../test/originator-helpers';
import { recordEvent } from '../events/events.service';
import { everyEventReadable } from '../export-streams/export-streams.repository';
import { WebhookWorker } from './webhook-worker';
import { WEBHOOK_RESPONSE_HIDDEN_MESSAGE } from './webhooks.service';

/**
 * A webhook's log keeps the start of each receiver's answer, and a receiver may echo the event it got.
 * The log is shown as its reader may see the event now, not as it was when it went out: an event of a
 * case moved since into a group the reader is not in, or naming a record of a kind they may not view,
 * keeps its status, times and HTTP status in their log, and its answer is hidden.
 */

let t: TestApp;
let db: Db;
let admin: Client;
let outsider: Client;
let insider: { client: Client; user: { id: string } };
const servers: http.Server[] = [];

beforeAll(async () => {
  t = await buildTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: 'true' });
  db = t.database.db;
  admin = (await signedIn(t, 'admin')).client;
  outsider = (await signedIn(t, 'investigator')).client;
  insider = await signedIn(t, 'investigator');
});
afterEach(async () => {
  // Each test's automation is left behind: it must not receive the next tests' events.
  await db.update(webhookEndpoints).set({ status: 'disabled' });
  await db.delete(webhookDeliveries);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  await t.close();
});

/** A receiver on loopback that answers 200 with the body it got, as an echoing receiver does. */
async function echoReceiver(): Promise<string> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => res.writeHead(200).end(Buffer.concat(chunks)));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

/** Runs the worker until a pass finds nothing to do though every event was readable when it began. */
async function drain(worker: WebhookWorker) {
  for (let busy = 0; busy < 20;) {
    const readable = await everyEventReadable(db);
    if ((await worker.runOnce()) > 0) busy += 1;
    else if (readable) return;
  }
  throw new Error('the worker never ran out of work');
}

const newWorker = () =>
  new WebhookWorker({
    db,
    policy: { allowPrivateNetworkTargets: true },
    limits: t.config,
    log: { info: () => {}, warn: () => {} },
    random: () => 0.5,
  });

/** An automation echoing its deliveries of one topic, delivered by a key holding `scopes`. */
async function echoingWebhook(topic: string, scopes: Parameters<typeof createKeyVia>[2]) {
  const automation = await createAutomationVia(admin, { webhookUrl: await echoReceiver() });
  await createKeyVia(admin, automation.id, scopes);
  expect((await admin.patch(hook(automation.id), { topics: [topic] })).statusCode).toBe(200);
  expect((await admin.post(hook(automation.id, '/secret'))).statusCode).toBe(200);
  return automation.id;
}

const hook = (id: string, rest = '') => `/api/automations/${id}/webhook${rest}`;

async function logOf(reader: Client, automationId: string) {
  const deliveries = await reader.get(hook(automationId, '/deliveries'));
  const attempts = await reader.get(hook(automationId, '/attempts'));
  expect(deliveries.statusCode, deliveries.body).toBe(200);
  expect(attempts.statusCode, attempts.body).toBe(200);
  return {
    deliveries: deliveries.json().data as WebhookDelivery[],
    attempts: attempts.json().data as WebhookAttempt[],
    body: deliveries.body + attempts.body,
  };
}

describe("a webhook's delivery log, as its reader may see the event now", () => {
  it('hides the answer to an event whose case moved since into a group the reader is not in', async () => {
    const automationId = await echoingWebhook('cases', ['export.view', 'case.view', 'automation.view']);
    const mark = `Echoed ${randomUUID()}`;
    const created = await admin.post('/api/cases', { title: mark });
    expect(created.statusCode, created.body).toBe(201);
    const worker = newWorker();
    await drain(worker);

    // Before the move, every reader of the log reads the echo of the case's title.
    const before = await logOf(outsider, automationId);
    expect(before.deliveries).toHaveLength(1);
    expect(before.deliveries[0]).toMatchObject({ type: 'case.created', status: 'delivered' });
    expect(before.deliveries[0].lastResponse).toContain(mark);
    expect(before.attempts[0].response).toContain(mark);

    const group = await admin.post('/api/groups', {
      name: `Closed circle ${randomUUID()}`,
      userIds: [insider.user.id],
    });
    expect(group.statusCode, group.body).toBe(201);
    const moved = await admin.patch(`/api/cases/${created.json().id}`, { groupId: group.json().id });
    expect(moved.statusCode, moved.body).toBe(200);
    await drain(worker);

    // Outside the group, the delivery keeps its status and times; its answer, naming the case, is hidden.
    const after = await logOf(outsider, automationId);
    expect(after.body).not.toContain(mark);
    expect(after.deliveries).toHaveLength(1);
    const { lastResponse, ...kept } = after.deliveries[0];
    expect(lastResponse).toBe(WEBHOOK_RESPONSE_HIDDEN_MESSAGE);
    const { lastResponse: _shown, ...keptBefore } = before.deliveries[0];
    expect(kept).toEqual(keptBefore);
    expect(after.attempts).toHaveLength(1);
    expect(after.attempts[0]).toMatchObject({ outcome: 'delivered', statusCode: 200 });
    expect(after.attempts[0].response).toBe(WEBHOOK_RESPONSE_HIDDEN_MESSAGE);

    // The automation's own key sees cases of no group only.
    const { key } = await createKeyVia(admin, automationId, ['automation.view', 'case.view']);
    expect((await logOf(keyClient(t, key), automationId)).body).not.toContain(mark);

    // Sending it again answers the delivery as the sender may see it too.
    const resent = await outsider.post(hook(automationId, `/deliveries/${after.deliveries[0].id}/resend`));
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.body).not.toContain(mark);

    // The group's members and administrators see the case, and the answer.
    for (const reader of [insider.client, admin]) {
      expect((await logOf(reader, automationId)).deliveries[0].lastResponse).toContain(mark);
    }
  });

  it('hides the answer to an event naming a record of a kind the reader may not view', async () => {
    // The delivering key reads identifiers: the event goes out with the identifier's value.
    const automationId = await echoingWebhook('evidence', [
      'export.view',
      'evidence.view',
      'identifier.view',
    ]);
    const value = `${randomUUID()}@example.com`;
    await recordEvent(db, {
      type: 'evidence.identifier_linked',
      actorOriginatorId: null,
      subjectType: 'evidence',
      subjectId: randomUUID(),
      data: {
        before: null,
        after: { identifierId: randomUUID(), identifierType: 'email', displayValue: value },
      },
    });
    await drain(newWorker());
    expect((await logOf(admin, automationId)).deliveries[0].lastResponse).toContain(value);

    // A reader of evidence who may not view identifiers reads the delivery, not the answer.
    const { key } = await createKeyVia(admin, automationId, ['automation.view', 'evidence.view']);
    const log = await logOf(keyClient(t, key), automationId);
    expect(log.body).not.toContain(value);
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({
      type: 'evidence.identifier_linked',
      status: 'delivered',
      lastStatusCode: 200,
      lastResponse: WEBHOOK_RESPONSE_HIDDEN_MESSAGE,
    });
    expect(log.attempts[0].response).toBe(WEBHOOK_RESPONSE_HIDDEN_MESSAGE);

    // Holding identifier.view too, it reads the answer.
    const full = await createKeyVia(admin, automationId, [
      'automation.view',
      'evidence.view',
      'identifier.view',
    ]);
    expect((await logOf(keyClient(t, full.key), automationId)).deliveries[0].lastResponse).toContain(value);
  });
});
