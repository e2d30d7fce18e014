import { and, eq, sql, type SQL } from 'drizzle-orm';
import { keyLiveAt } from '../../db/key-sign-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, events } from '../../db/schema/index';
import { sha256Hex } from '../../lib/tokens';
import type { Permission } from '@scamtrail/domain/permissions';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import {
  automationWithKey,
  createAutomationVia,
  createKeyVia,
  keyClient,
  unique,
} from '../../../test/originator-helpers';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
});
afterAll(async () => {
  await t.close();
});

describe('API key creation', () => {
  it('answers the secret once and stores only its hash', async () => {
    const automation = await createAutomationVia(admin);
    const res = await admin.post(`/api/automations/${automation.id}/api-keys`, {
      name: 'CI',
      scopes: ['tag.view', 'tag.view', 'identifier.create'],
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(res.statusCode).toBe(201);
    const { key, apiKey } = res.json();
    expect(key).toMatch(/^stk_/);
    expect(apiKey).toMatchObject({ name: 'CI', scopes: ['tag.view', 'identifier.create'], status: 'active' });
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row.secretHash).toBe(sha256Hex(key));
    const listed = (await admin.get(`/api/automations/${automation.id}/api-keys`)).json();
    expect(JSON.stringify(listed)).not.toContain(key);
    expect(JSON.stringify(listed)).not.toContain(row.secretHash);
    expect(listed.data[0]).toMatchObject({
      id: apiKey.id,
      prefix: apiKey.prefix,
      lastUsedAt: null,
      revokedAt: null,
    });
  });

  it.each([
    [{ name: 'k', scopes: [] }, 'scopes'],
    [{ name: 'k', scopes: ['*'] }, 'scopes.0'],
    [{ name: 'k', scopes: ['tag.view', 'tag.fly'] }, 'scopes.1'],
    [{ name: 'k', scopes: 'tag.view' }, 'scopes'],
    [{ name: '', scopes: ['tag.view'] }, 'name'],
    [{ name: 'k', scopes: ['tag.view'], expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt'],
    [{ name: 'k', scopes: ['tag.view'], expiresAt: 'tomorrow' }, 'expiresAt'],
  ])('refuses %j naming %s and creates no key', async (body, field) => {
    const automation = await createAutomationVia(admin);
    const res = await admin.post(`/api/automations/${automation.id}/api-keys`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect((await admin.get(`/api/automations/${automation.id}/api-keys`)).json().data).toEqual([]);
  });

  it('refuses the name of a live key of the automation, in any case, and gives it again once revoked', async () => {
    const automation = await createAutomationVia(admin);
    const url = `/api/automations/${automation.id}/api-keys`;
    const create = (name: string, on = url) => admin.post(on, { name, scopes: ['tag.view'] });
    const first = await create('Importer');
    expect(first.statusCode).toBe(201);

    const again = await create('importer');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details.fields).toEqual([
      { field: 'name', message: 'This automation already has a key named “importer”' },
    ]);
    expect((await admin.get(url)).json().data).toHaveLength(1);

    // Two at once: one takes the name.
    const both = await Promise.all([create('Nightly'), create('Nightly')]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);

    const other = await createAutomationVia(admin);
    expect((await create('Importer', `/api/automations/${other.id}/api-keys`)).statusCode).toBe(201);
    expect((await admin.post(`${url}/${first.json().apiKey.id}/revoke`, {})).statusCode).toBe(200);
    expect((await create('Importer')).statusCode).toBe(201);
  });

  it('a user cannot give a key permissions they do not hold', async () => {
    const { client } = await signedIn(t, 'investigator');
    const automation = await createAutomationVia(client);
    const res = await client.post(`/api/automations/${automation.id}/api-keys`, {
      name: 'too strong',
      scopes: ['case.view', 'user.create'],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toContain('user.create');
    expect(res.json().error.details.fields[0].field).toBe('scopes');
    expect((await createKeyVia(client, automation.id, ['case.view'])).apiKey.status).toBe('active');
  });

  it('an API key cannot create keys with more scopes than its own', async () => {
    const { automation, caller } = await automationWithKey(t, admin, ['automation.edit', 'tag.view']);
    const stronger = await caller.post(`/api/automations/${automation.id}/api-keys`, {
      name: 'escalate',
      scopes: ['tag.create'],
    });
    expect(stronger.statusCode).toBe(403);
    const same = await caller.post(`/api/automations/${automation.id}/api-keys`, {
      name: 'ok',
      scopes: ['tag.view'],
    });
    expect(same.statusCode).toBe(201);
    // A key minted by a key answers to the person behind the first key.
    const [parent] = await t.database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.automationId, automation.id));
    expect(same.json().apiKey.createdBy).toBe(parent.createdBy);
    expect(parent.createdBy).not.toBeNull();
  });

  it("an API key cannot create or revoke another automation's keys", async () => {
    const { caller } = await automationWithKey(t, admin, ['automation.edit', 'tag.view']);
    const other = await automationWithKey(t, admin, ['tag.view']);
    const base = `/api/automations/${other.automation.id}/api-keys`;
    expect((await caller.post(base, { name: 'hop', scopes: ['tag.view'] })).statusCode).toBe(403);
    expect((await caller.post(`${base}/${other.apiKey.id}/revoke`, {})).statusCode).toBe(403);
    expect((await other.caller.get('/api/tags')).statusCode).toBe(200);
  });

  it('refuses a key for a deactivated automation', async () => {
    const automation = await createAutomationVia(admin, { active: false });
    const res = await admin.post(`/api/automations/${automation.id}/api-keys`, {
      name: 'k',
      scopes: ['tag.view'],
    });
    expect(res.statusCode).toBe(400);
  });

  it('a viewer cannot create an API key', async () => {
    const { client } = await signedIn(t, 'viewer');
    const automation = await createAutomationVia(admin);
    const res = await client.post(`/api/automations/${automation.id}/api-keys`, {
      name: 'k',
      scopes: ['tag.view'],
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('calling the API with a key', () => {
  it('acts as the automation and records its use', async () => {
    const { automation, caller, apiKey } = await automationWithKey(t, admin, ['tag.view', 'tag.create']);
    expect((await caller.get('/api/tags')).statusCode).toBe(200);
    const created = await caller.post('/api/tags', { name: unique('from-key') });
    expect(created.statusCode).toBe(201);
    const [event] = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.subjectId, created.json().id), eq(events.type, 'tag.created')));
    expect(event.actorOriginatorId).toBe(automation.id);
    const [key] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(key.lastUsedAt).not.toBeNull();
    const shown = (await admin.get(`/api/automations/${automation.id}`)).json();
    expect(shown.lastTriggered).not.toBeNull();
    expect(shown.apiKeys[0].lastUsedAt).not.toBeNull();
  });

  it('an API key cannot exceed its scopes', async () => {
    const { caller } = await automationWithKey(t, admin, ['tag.view']);
    expect((await caller.get('/api/tags')).statusCode).toBe(200);
    expect((await caller.post('/api/tags', { name: unique('nope') })).statusCode).toBe(403);
    expect((await caller.get('/api/groups')).statusCode).toBe(403);
  });

  it('an API key cannot open team-member administration or act as a user', async () => {
    const { caller } = await automationWithKey(t, admin, ['tag.view']);
    expect((await caller.get('/api/team-members')).statusCode).toBe(403);
    expect((await caller.get('/api/auth/me')).statusCode).toBe(403);
  });

  it('a revoked key gets 401 at once', async () => {
    const { automation, caller, apiKey } = await automationWithKey(t, admin, ['tag.view']);
    expect((await caller.get('/api/tags')).statusCode).toBe(200);
    const revoked = await admin.post(`/api/automations/${automation.id}/api-keys/${apiKey.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    expect((await caller.get('/api/tags')).statusCode).toBe(401);
    const again = await admin.post(`/api/automations/${automation.id}/api-keys/${apiKey.id}/revoke`);
    expect(again.json().revokedAt).toBe(revoked.json().revokedAt);
  });

  it('an expired key gets 401 and is listed as expired', async () => {
    const { automation, caller, apiKey } = await automationWithKey(t, admin, ['tag.view']);
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, apiKey.id));
    expect((await caller.get('/api/tags')).statusCode).toBe(401);
    const listed = (await admin.get(`/api/automations/${automation.id}/api-keys`)).json();
    expect(listed.data[0].status).toBe('expired');
  });

  it('an unknown or malformed key gets 401', async () => {
    expect((await keyClient(t, 'stk_thisKeyWasNeverIssued').get('/api/tags')).statusCode).toBe(401);
    expect((await keyClient(t, 'garbage').get('/api/tags')).statusCode).toBe(401);
  });

  it("a deactivated automation's keys get 401, and work again once it is reactivated", async () => {
    const { automation, caller } = await automationWithKey(t, admin, ['tag.view']);
    await admin.post(`/api/automations/${automation.id}/deactivate`);
    expect((await caller.get('/api/tags')).statusCode).toBe(401);
    await admin.patch(`/api/automations/${automation.id}`, { active: true });
    expect((await caller.get('/api/tags')).statusCode).toBe(200);
  });

  it('a key can be revoked only through its own automation', async () => {
    const a = await automationWithKey(t, admin, ['tag.view']);
    const b = await createAutomationVia(admin);
    const res = await admin.post(`/api/automations/${b.id}/api-keys/${a.apiKey.id}/revoke`);
    expect(res.statusCode).toBe(404);
    expect((await a.caller.get('/api/tags')).statusCode).toBe(200);
  });
});

describe('a key never holds more than its creator holds now', () => {
  async function investigatorKey(scopes: Permission[]) {
    const { user, client } = await signedIn(t, 'investigator');
    const automation = await createAutomationVia(client);
    const { key } = await createKeyVia(client, automation.id, scopes);
    return { user, caller: keyClient(t, key) };
  }

  it('a key loses the write scopes of a creator demoted to viewer', async () => {
    const { user, caller } = await investigatorKey(['identifier.create', 'identifier.view']);
    const email = () => ({ type: 'email', data: { address: `${unique('x')}@example.com` } });
    expect((await caller.post('/api/identifiers', email())).statusCode).toBe(201);

    const demoted = await admin.patch(`/api/users/${user.id}`, { role: 'viewer' });
    expect(demoted.statusCode).toBe(200);
    expect((await caller.post('/api/identifiers', email())).statusCode).toBe(403);
    // What a viewer still holds, the key keeps.
    expect((await caller.get('/api/identifiers')).statusCode).toBe(200);

    await admin.patch(`/api/users/${user.id}`, { role: 'investigator' });
    expect((await caller.post('/api/identifiers', email())).statusCode).toBe(201);
  });

  it("a key changes its automation's entries only while its creator is an administrator", async () => {
    const creator = await signedIn(t, 'admin');
    const automation = await createAutomationVia(creator.client);
    const scopes: Permission[] = ['journal_entry.view', 'journal_entry.create', 'journal_entry.edit'];
    const caller = keyClient(t, (await createKeyVia(creator.client, automation.id, scopes)).key);
    const created = await caller.post('/api/journal-entries', { type: 'note', description: 'Seen' });
    expect(created.statusCode, created.body).toBe(201);
    const edit = (description: string) =>
      caller.patch(`/api/journal-entries/${created.json().id}`, { description });
    expect((await edit('Seen twice')).statusCode).toBe(200);

    // Demoted, the creator may no longer change what the automation recorded: nor may their key.
    expect((await admin.patch(`/api/users/${creator.user.id}`, { role: 'investigator' })).statusCode).toBe(
      200,
    );
    const refused = await edit('Seen thrice');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.message).toMatch(/^This API key's creator may not change/);
    // The key keeps every scope its creator still holds: it records, it reads.
    expect(
      (await caller.post('/api/journal-entries', { type: 'note', description: 'Again' })).statusCode,
    ).toBe(201);

    expect((await admin.patch(`/api/users/${creator.user.id}`, { role: 'admin' })).statusCode).toBe(200);
    expect((await edit('Seen thrice')).statusCode).toBe(200);
  });

  it("a disabled creator's keys stop working", async () => {
    const { user, caller } = await investigatorKey(['identifier.view']);
    expect((await caller.get('/api/identifiers')).statusCode).toBe(200);
    expect((await admin.patch(`/api/users/${user.id}`, { disabled: true })).statusCode).toBe(200);
    expect((await caller.get('/api/identifiers')).statusCode).toBe(401);
  });
});

describe("a key's own dates (keyLiveAt, db/key-sign-in.ts)", () => {
  it('hold it live until its expiry, not at that instant, and not once revoked', async () => {
    const automation = await createAutomationVia(admin);
    const at = new Date(Date.now() + 3_600_000);
    const keys = {
      none: await createKeyVia(admin, automation.id, ['tag.view']),
      atInstant: await createKeyVia(admin, automation.id, ['tag.view'], { expiresAt: at.toISOString() }),
      revoked: await createKeyVia(admin, automation.id, ['tag.view']),
    };
    await t.database.db
      .update(apiKeys)
      .set({ revokedAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, keys.revoked.apiKey.id));
    const liveAt = async (instant: Date | SQL) => {
      const rows = await t.database.db
        .select({ id: apiKeys.id, live: sql<boolean>`${keyLiveAt(apiKeys, instant)}` })
        .from(apiKeys)
        .where(eq(apiKeys.automationId, automation.id));
      const live = new Map(rows.map((row) => [row.id, row.live]));
      return Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, live.get(key.apiKey.id)]));
    };
    expect(await liveAt(new Date(at.getTime() - 1))).toEqual({ none: true, atInstant: true, revoked: false });
    expect(await liveAt(at)).toEqual({ none: true, atInstant: false, revoked: false });
    expect(await liveAt(sql`${at.toISOString()}::timestamptz`)).toEqual({
      none: true,
      atInstant: false,
      revoked: false,
    });
  });
});
