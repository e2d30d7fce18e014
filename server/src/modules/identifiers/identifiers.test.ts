import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { countIdentifiers, identifierEvents, insertCommunityMember } from './identifier-test-fixtures';

let t: TestApp;
let admin: Client;
let adminOriginatorId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const a = await signedIn(t, 'admin');
  admin = a.client;
  adminOriginatorId = a.user.originatorId!;
});
afterAll(async () => {
  await t.close();
});

const phone = (countryCode: string, number: string) => ({ type: 'phone', data: { countryCode, number } });
const email = (address: string) => ({ type: 'email', data: { address } });

async function create(body: unknown) {
  const res = await admin.post('/api/identifiers', body);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

describe('creating identifiers', () => {
  it('stores the cleaned data, computes the display value and records the caller as originator', async () => {
    const res = await admin.post('/api/identifiers', {
      type: 'crypto_wallet',
      data: { network: 'bitcoin', address: ' 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2 ', notes: '' },
      displayValue: 'whatever the client says',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      type: 'crypto_wallet',
      typeLabel: 'Crypto Wallet',
      data: { network: 'bitcoin', address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' },
      displayValue: 'BITCOIN 1BvBMS...NVN2',
      confidence: null,
      evidenceCount: 0,
      originator: { id: adminOriginatorId, type: 'team_member', proxy: null },
    });
    expect(created.originator.displayName).toMatch(/\(Team\)$/);
    expect(created).not.toHaveProperty('normalizedKey');
    const history = await identifierEvents(t.database.db, created.id);
    expect(history.map((e) => e.type)).toEqual(['identifier.created']);
    expect(history[0].actorOriginatorId).toBe(adminOriginatorId);
  });

  it('answers 409 with the existing id when "+1 (555) 123-4567" and "5551234567" are the same phone', async () => {
    const first = await create(phone('+1', '(555) 123-4567'));
    const before = await countIdentifiers(t.database.db);
    const res = await admin.post('/api/identifiers', phone('1', '5551234567'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', details: { existingId: first.id } });
    expect(await countIdentifiers(t.database.db)).toBe(before);
  });

  it('treats e-mail addresses that differ only in case as duplicates', async () => {
    const first = await create(email('Scammer@Example.com'));
    const res = await admin.post('/api/identifiers', email('  scammer@example.COM '));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details.existingId).toBe(first.id);
  });

  it('records a report entered on behalf of a community member: they originate it, the caller is the proxy', async () => {
    const communityId = await insertCommunityMember(t.database.db, 10);
    const me = (await admin.get('/api/auth/me')).json();
    const created = await create({ ...email('proxied@example.com'), onBehalfOfOriginatorId: communityId });
    expect(created.originator).toMatchObject({ id: communityId, type: 'community_member' });
    expect(created.originator.displayName).toMatch(/^reporter\d+ \(Community\)$/);
    expect(created.originator.proxy).toMatchObject({ id: me.originatorId, type: 'team_member' });

    const before = await countIdentifiers(t.database.db);
    const res = await admin.post('/api/identifiers', {
      ...email('ghost@example.com'),
      onBehalfOfOriginatorId: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([
      { field: 'onBehalfOfOriginatorId', message: 'Originator not found' },
    ]);
    expect(await countIdentifiers(t.database.db)).toBe(before);
  });
});

describe('reading identifiers', () => {
  it('answers one identifier with empty relations', async () => {
    const created = await create(email('single@example.com'));
    const res = await admin.get(`/api/identifiers/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ...created,
      evidence: [],
      media: [],
      journalEntries: [],
      validation: [],
      confidenceReasons: [],
      validatedAt: null,
      tags: [],
      cases: [],
    });
  });

  it('answers 404 for an unknown id and 400 naming id for a malformed one', async () => {
    expect((await admin.get('/api/identifiers/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await admin.get('/api/identifiers/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('id');
  });
});

describe('changing and deleting identifiers', () => {
  it('replaces the data, recomputes the display value and keeps the type when omitted', async () => {
    const created = await create(email('before@example.com'));
    const res = await admin.put(`/api/identifiers/${created.id}`, { data: { address: 'After@Example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, type: 'email', displayValue: 'After@Example.com' });
    expect(res.json().data).toEqual({ address: 'After@Example.com' });
    const history = await identifierEvents(t.database.db, created.id);
    expect(history.map((e) => e.type)).toEqual(['identifier.created', 'identifier.updated']);
  });

  it('changes the type with new data', async () => {
    const created = await create(email('retype@example.com'));
    const res = await admin.put(`/api/identifiers/${created.id}`, {
      type: 'zelle',
      data: { identifierType: 'email', identifier: 'retype@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'zelle', displayValue: 'Zelle: retype@example.com' });
  });

  it('answers 409 when the new data collides with another identifier, changing nothing', async () => {
    const taken = await create(email('taken@example.com'));
    const other = await create(email('other@example.com'));
    const res = await admin.put(`/api/identifiers/${other.id}`, { data: { address: 'TAKEN@example.com' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details.existingId).toBe(taken.id);
    expect((await admin.get(`/api/identifiers/${other.id}`)).json().displayValue).toBe('other@example.com');
  });

  it('refuses invalid replacement data naming the field', async () => {
    const created = await create(email('valid@example.com'));
    const res = await admin.put(`/api/identifiers/${created.id}`, { data: { address: 'not an email' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([
      { field: 'data.address', message: 'Please enter a valid email address' },
    ]);
  });

  it('answers 404 when replacing an unknown identifier', async () => {
    const res = await admin.put('/api/identifiers/00000000-0000-4000-8000-000000000000', {
      data: { address: 'a@b.co' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('deletes with 204, keeps the history, and then answers 404', async () => {
    const created = await create(email('gone@example.com'));
    const res = await admin.delete(`/api/identifiers/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect((await admin.get(`/api/identifiers/${created.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/identifiers/${created.id}`)).statusCode).toBe(404);
    const deleted = (await identifierEvents(t.database.db, created.id)).find(
      (e) => e.type === 'identifier.deleted',
    );
    expect(deleted?.data).toMatchObject({
      snapshot: { type: 'email', displayValue: 'gone@example.com', data: { address: 'gone@example.com' } },
      detached: { journalEntryIds: [], evidenceIds: [], tagIds: [] },
    });
    // The value is free again.
    expect((await admin.post('/api/identifiers', email('gone@example.com'))).statusCode).toBe(201);
  });
});
