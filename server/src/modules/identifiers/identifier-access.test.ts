import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { keyClient } from '../../../test/originator-helpers';
import { countIdentifiers, identifierEvents, insertAutomationKey } from './identifier-test-fixtures';

let t: TestApp;
let admin: Client;
let viewer: Client;
let investigator: Client;
let identifierId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
  viewer = (await signedIn(t, 'viewer')).client;
  investigator = (await signedIn(t, 'investigator')).client;
  identifierId = (
    await admin.post('/api/identifiers', { type: 'email', data: { address: 'seen@example.com' } })
  ).json().id;
});
afterAll(async () => {
  await t.close();
});

const newEmail = () => ({
  type: 'email',
  data: { address: `x${Math.random().toString(36).slice(2)}@example.com` },
});

describe('identifier permission boundaries', () => {
  it('an anonymous caller gets 401 everywhere', async () => {
    for (const [method, url] of [
      ['GET', '/api/identifiers'],
      ['GET', `/api/identifiers/${identifierId}`],
      ['GET', `/api/identifiers/${identifierId}/confidence`],
      ['GET', `/api/identifiers/confidence/bulk?ids=${identifierId}`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('a viewer can list and read identifiers and their confidence', async () => {
    expect((await viewer.get('/api/identifiers')).statusCode).toBe(200);
    expect((await viewer.get(`/api/identifiers/${identifierId}`)).statusCode).toBe(200);
    expect((await viewer.get(`/api/identifiers/${identifierId}/confidence`)).statusCode).toBe(200);
  });

  it('a viewer cannot create, import, change, validate or delete an identifier', async () => {
    const before = await countIdentifiers(t.database.db);
    expect((await viewer.post('/api/identifiers', newEmail())).statusCode).toBe(403);
    expect((await viewer.post('/api/identifiers/import', { items: [newEmail()] })).statusCode).toBe(403);
    const csv = await viewer.request({
      method: 'POST',
      url: '/api/identifiers/import',
      headers: { 'content-type': 'text/csv' },
      payload: 'type,address\nemail,csv@example.com\n',
    });
    expect(csv.statusCode).toBe(403);
    expect(
      (await viewer.put(`/api/identifiers/${identifierId}`, { data: { address: 'y@example.com' } }))
        .statusCode,
    ).toBe(403);
    expect((await viewer.post(`/api/identifiers/${identifierId}/validate`)).statusCode).toBe(403);
    expect((await viewer.delete(`/api/identifiers/${identifierId}`)).statusCode).toBe(403);
    expect(await countIdentifiers(t.database.db)).toBe(before);
    expect((await admin.get(`/api/identifiers/${identifierId}`)).json().displayValue).toBe(
      'seen@example.com',
    );
  });

  it('an investigator can create, change, validate and delete an identifier', async () => {
    const created = await investigator.post('/api/identifiers', newEmail());
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(
      (await investigator.put(`/api/identifiers/${id}`, { data: { address: 'inv@example.com' } })).statusCode,
    ).toBe(200);
    expect((await investigator.post(`/api/identifiers/${id}/validate`)).statusCode).toBe(200);
    expect((await investigator.delete(`/api/identifiers/${id}`)).statusCode).toBe(204);
  });
});

describe('API keys', () => {
  it('an API key caller becomes the originator: its automation', async () => {
    const { automationId, key } = await insertAutomationKey(t.database.db, [
      'identifier.view',
      'identifier.create',
    ]);
    const caller = keyClient(t, key);
    const res = await caller.post('/api/identifiers', newEmail());
    expect(res.statusCode).toBe(201);
    expect(res.json().originator).toMatchObject({ id: automationId, type: 'automation' });
    expect(res.json().originator.displayName).toMatch(/^Scanner \d+ \(Automation\)$/);
    const [event] = await identifierEvents(t.database.db, res.json().id);
    expect(event.actorOriginatorId).toBe(automationId);

    const imported = await caller.post('/api/identifiers/import', { items: [newEmail()] });
    const row = imported.json().data[0];
    expect((await caller.get(`/api/identifiers/${row.id}`)).json().originator.id).toBe(automationId);
  });

  it('an API key without identifier.create cannot create an identifier', async () => {
    const { key } = await insertAutomationKey(t.database.db, ['identifier.view']);
    const caller = keyClient(t, key);
    expect((await caller.post('/api/identifiers', newEmail())).statusCode).toBe(403);
    expect((await caller.get('/api/identifiers')).statusCode).toBe(200);
  });

  it('an API key without identifier.view cannot list identifiers', async () => {
    const { key } = await insertAutomationKey(t.database.db, ['identifier.create']);
    expect((await keyClient(t, key).get('/api/identifiers')).statusCode).toBe(403);
  });
});
