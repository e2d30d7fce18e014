import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Permission } from '@scamtrail/domain/permissions';
import { events } from '../../db/schema/index';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { createAutomationVia, createKeyVia, keyClient, unique } from '../../../test/originator-helpers';
import { deviceSignedIn } from '../../../test/device-sign-in';

/**
 * A key holding automation.edit makes keys for its automation. Such a key never outlives the key it
 * came from: it expires no later than it, and revoking it (or any key above it) revokes it, however
 * far down, at once. A key a person made is not touched by revoking another.
 */

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
});
afterAll(() => t.close());

const MINTER_SCOPES: Permission[] = ['automation.view', 'automation.edit', 'tag.view'];
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

/** A key made by `minter` (a client holding an API key); answers its secret and id. */
async function mint(minter: Client, automationId: string, body: Record<string, unknown> = {}) {
  const res = await minter.post(`/api/automations/${automationId}/api-keys`, {
    name: unique('minted'),
    scopes: MINTER_SCOPES,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { key: string; apiKey: { id: string } };
}

const ids = (...keys: { apiKey: { id: string } }[]) => keys.map((k) => k.apiKey.id);

/** Whether a key still reads what its scopes allow. */
async function works(key: string) {
  const res = await keyClient(t, key).get('/api/tags');
  if (res.statusCode === 200) return true;
  expect(res.statusCode, res.body).toBe(401);
  return false;
}

describe('a key minted by a key', () => {
  it.each([
    ['with no expiry', {}],
    ['expiring after it', { expiresAt: hours(3) }],
  ])('from a key that expires is refused %s, naming expiresAt', async (_what, body) => {
    const automation = await createAutomationVia(admin);
    const minter = await createKeyVia(admin, automation.id, MINTER_SCOPES, { expiresAt: hours(2) });
    const res = await keyClient(t, minter.key).post(`/api/automations/${automation.id}/api-keys`, {
      name: unique('minted'),
      scopes: ['tag.view'],
      ...body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual(['expiresAt']);
    // Expiring with it or before is allowed.
    await mint(keyClient(t, minter.key), automation.id, { expiresAt: hours(1) });
  });

  it('is revoked with every key above it, at once, each revocation recorded', async () => {
    const automation = await createAutomationVia(admin);
    const top = await createKeyVia(admin, automation.id, MINTER_SCOPES);
    const child = await mint(keyClient(t, top.key), automation.id);
    const grandchild = await mint(keyClient(t, child.key), automation.id);
    // A key a person made beside them, and one minted from it: not the revoked key's.
    const sibling = await createKeyVia(admin, automation.id, MINTER_SCOPES);
    const nephew = await mint(keyClient(t, sibling.key), automation.id);
    for (const key of [top, child, grandchild, sibling, nephew]) expect(await works(key.key)).toBe(true);

    const revoked = await admin.post(`/api/automations/${automation.id}/api-keys/${top.apiKey.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await works(top.key)).toBe(false);
    expect(await works(child.key)).toBe(false);
    expect(await works(grandchild.key)).toBe(false);
    expect(await works(sibling.key)).toBe(true);
    expect(await works(nephew.key)).toBe(true);

    const list = await admin.get(`/api/automations/${automation.id}/api-keys?pageSize=100`);
    const status = new Map(
      (list.json().data as { id: string; status: string }[]).map((k) => [k.id, k.status]),
    );
    expect([top, child, grandchild, sibling, nephew].map((k) => status.get(k.apiKey.id))).toEqual([
      'revoked',
      'revoked',
      'revoked',
      'active',
      'active',
    ]);
    const recorded = await t.database.db
      .select({ subjectId: events.subjectId, data: events.data })
      .from(events)
      .where(and(eq(events.type, 'api_key.revoked'), inArray(events.subjectId, ids(top, child, grandchild))));
    expect(recorded).toHaveLength(3);
    expect(recorded.find((e) => e.subjectId === grandchild.apiKey.id)?.data).toMatchObject({
      mintedBy: child.apiKey.id,
    });
  });

  it('is revoked when the key it came from revokes itself, or a key between them is revoked', async () => {
    const automation = await createAutomationVia(admin);
    const top = await createKeyVia(admin, automation.id, MINTER_SCOPES);
    const child = await mint(keyClient(t, top.key), automation.id);
    const grandchild = await mint(keyClient(t, child.key), automation.id);

    const bySelf = await keyClient(t, child.key).post(
      `/api/automations/${automation.id}/api-keys/${child.apiKey.id}/revoke`,
    );
    expect(bySelf.statusCode, bySelf.body).toBe(200);
    expect(await works(top.key)).toBe(true);
    expect(await works(child.key)).toBe(false);
    expect(await works(grandchild.key)).toBe(false);
  });

  it('cannot be minted by a key revoked meanwhile', async () => {
    const automation = await createAutomationVia(admin);
    const top = await createKeyVia(admin, automation.id, MINTER_SCOPES);
    const minter = keyClient(t, top.key);
    // Both at once: whichever the automation's lock lets in first, no key minted from the revoked
    // one is left working.
    const [minted, revoked] = await Promise.all([
      minter.post(`/api/automations/${automation.id}/api-keys`, {
        name: unique('minted'),
        scopes: ['tag.view'],
      }),
      admin.post(`/api/automations/${automation.id}/api-keys/${top.apiKey.id}/revoke`),
    ]);
    expect(revoked.statusCode, revoked.body).toBe(200);
    if (minted.statusCode === 201) expect(await works(minted.json().key)).toBe(false);
    else expect(minted.statusCode, minted.body).toBe(401);
  });
});

describe("a key made with a device sign-in's token", () => {
  it('expires no later than the sign-in: none without expiry or after it (400 naming expiresAt)', async () => {
    const device = await deviceSignedIn(t, admin);
    const automation = await createAutomationVia(admin);
    const make = (expiresAt?: string) =>
      device.post(`/api/automations/${automation.id}/api-keys`, {
        name: unique('device'),
        scopes: ['tag.view'],
        ...(expiresAt ? { expiresAt } : {}),
      });
    // DEVICE_SESSION_MAX_DAYS is 30 by default: a year is past it.
    for (const res of [await make(), await make(hours(24 * 365))]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual(['expiresAt']);
    }
    const keys = (await admin.get(`/api/automations/${automation.id}/api-keys`)).json();
    expect(keys.pagination.totalItems).toBe(0);
    const within = await make(hours(24));
    expect(within.statusCode, within.body).toBe(201);
    // A person's browser session makes a key without expiry, as before.
    const fromBrowser = await admin.post(`/api/automations/${automation.id}/api-keys`, {
      name: unique('browser'),
      scopes: ['tag.view'],
    });
    expect(fromBrowser.statusCode, fromBrowser.body).toBe(201);
  });
});
