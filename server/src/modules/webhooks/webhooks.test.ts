import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_TOPICS } from '@scamtrail/domain/export-streams';
import { events } from '../../db/schema/index';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { createAutomationVia, createKeyVia } from '../../../test/originator-helpers';

let t: TestApp;
let admin: Client;
let investigator: Client;
let viewer: Client;
beforeAll(async () => {
  t = await buildTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: 'true' });
  admin = (await signedIn(t, 'admin')).client;
  investigator = (await signedIn(t, 'investigator')).client;
  viewer = (await signedIn(t, 'viewer')).client;
});
afterAll(() => t.close());

const hook = (id: string, rest = '') => `/api/automations/${id}/webhook${rest}`;

describe('an automation webhook through the API', () => {
  it('starts subscribed to every topic, without a secret, sending nothing its keys may not read', async () => {
    const automation = await createAutomationVia(admin, { webhookUrl: 'http://127.0.0.1:9/hook' });
    const webhook = (await viewer.get(hook(automation.id))).json();
    expect(webhook).toMatchObject({
      automationId: automation.id,
      url: 'http://127.0.0.1:9', // a viewer, who may not change it, reads the origin alone
      status: 'active',
      disabledReason: null,
      topics: [...EXPORT_TOPICS],
      deliveredTopics: [],
      hasSecret: false,
      waiting: 0,
    });

    // The topics whose permissions a live key holds (export.view with the topic's view permission).
    await createKeyVia(admin, automation.id, ['export.view', 'case.view', 'identifier.view']);
    const after = (await admin.get(hook(automation.id))).json();
    expect(after.deliveredTopics).toEqual(['cases', 'identifiers']);
  });

  it('chooses topics, refusing one that is not a topic by name', async () => {
    const automation = await createAutomationVia(admin);
    const bad = await investigator.patch(hook(automation.id), { topics: ['cases', 'secrets'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('topics');
    const good = await investigator.patch(hook(automation.id), { topics: ['identifiers', 'cases'] });
    expect(good.statusCode).toBe(200);
    expect(good.json().topics).toEqual(['cases', 'identifiers']);
    expect((await viewer.patch(hook(automation.id), { topics: [] })).statusCode).toBe(403);
  });

  it('shows a secret once, keeps the one before beside it, and records the rotation without it', async () => {
    const automation = await createAutomationVia(admin, { webhookUrl: 'http://127.0.0.1:9/hook' });
    expect((await viewer.post(hook(automation.id, '/secret'))).statusCode).toBe(403);
    const first = (await investigator.post(hook(automation.id, '/secret'))).json();
    expect(first.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(first.endpoint).toMatchObject({ hasSecret: true, previousSecretExpiresAt: null });
    const second = (await investigator.post(hook(automation.id, '/secret'))).json();
    expect(second.secret).not.toBe(first.secret);
    expect(Date.parse(second.endpoint.previousSecretExpiresAt)).toBeGreaterThan(Date.now());

    const shown = (await admin.get(hook(automation.id))).body;
    expect(shown).not.toContain(first.secret);
    expect(shown).not.toContain(second.secret);
    const recorded = await t.database.db
      .select()
      .from(events)
      .where(eq(events.subjectId, automation.id))
      .orderBy(desc(events.id));
    expect(recorded[0].type).toBe('automation.webhook_secret_rotated');
    expect(JSON.stringify(recorded.map((e) => e.data))).not.toContain('whsec_');
  });

  it('pings only a webhook that can send, and lists the ping in its log; sends a delivery again', async () => {
    const noUrl = await createAutomationVia(admin);
    await admin.post(hook(noUrl.id, '/secret'));
    const refused = await admin.post(hook(noUrl.id, '/ping'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('no webhook URL');

    const automation = await createAutomationVia(admin, { webhookUrl: 'http://127.0.0.1:9/hook' });
    const noSecret = await admin.post(hook(automation.id, '/ping'));
    expect(noSecret.statusCode).toBe(409);
    expect(noSecret.json().error.message).toContain('signing secret');

    await admin.post(hook(automation.id, '/secret'));
    const ping = await investigator.post(hook(automation.id, '/ping'));
    expect(ping.statusCode).toBe(201);
    expect(ping.json()).toMatchObject({
      type: 'webhook.ping',
      eventId: null,
      status: 'pending',
      attempts: 0,
    });

    const log = (await viewer.get(hook(automation.id, '/deliveries'))).json();
    expect(log.data.map((d: { id: string }) => d.id)).toEqual([ping.json().id]);
    expect(log.pagination).toMatchObject({ page: 1, totalItems: 1 });

    const again = await investigator.post(hook(automation.id, `/deliveries/${ping.json().id}/resend`));
    expect(again.statusCode).toBe(200);
    // Not yet attempted: the count stays, the schedule is not restarted.
    expect(again.json()).toMatchObject({ id: ping.json().id, status: 'pending', attempts: 0 });
    const attempts = await viewer.get(hook(automation.id, `/attempts?deliveryId=${ping.json().id}`));
    expect(attempts.json()).toMatchObject({ data: [], pagination: { totalItems: 0 } });
    const badFilter = await viewer.get(hook(automation.id, '/attempts?deliveryId=x'));
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().error.message).toContain('deliveryId');
    // Another automation's delivery is not found through this one.
    const other = await admin.post(hook(noUrl.id, `/deliveries/${ping.json().id}/resend`));
    expect(other.statusCode).toBe(409);
    const otherWithUrl = await createAutomationVia(admin, { webhookUrl: 'http://127.0.0.1:9/other' });
    await admin.post(hook(otherWithUrl.id, '/secret'));
    expect((await admin.post(hook(otherWithUrl.id, `/deliveries/${ping.json().id}/resend`))).statusCode).toBe(
      404,
    );
  });

  it('answers 404 for an automation that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await admin.get(hook(missing))).statusCode).toBe(404);
    expect((await admin.get(hook(missing, '/deliveries'))).statusCode).toBe(404);
    expect((await admin.get(hook(missing, '/attempts'))).statusCode).toBe(404);
    expect((await admin.post(hook(missing, '/secret'))).statusCode).toBe(404);
  });
});
