import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REJECT_NOTE_REQUIRED_MESSAGE } from '@scamtrail/domain/identifiers/review';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { identifierEvents, insertCommunityMember } from './identifier-test-fixtures';

let t: TestApp;
let admin: Client;
let adminOriginatorId: string;
let viewer: Client;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
  adminOriginatorId = (await admin.get('/api/auth/me')).json().originatorId;
  viewer = (await signedIn(t, 'viewer')).client;
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
async function createEmail(body: Record<string, unknown> = {}) {
  serial += 1;
  const res = await admin.post('/api/identifiers', {
    type: 'email',
    data: { address: `review-${serial}-${Date.now()}@scam.example` },
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; displayValue: string };
}

type QueueItem = { id: string; review: { status: string; note: string | null; reviewedBy: unknown } };

async function queue(query: string, client = admin) {
  const res = await client.get(`/api/identifiers/review-queue?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: QueueItem[]; pagination: { totalItems: number }; totalIsCapped: boolean };
}

const ids = (items: QueueItem[]) => items.map((item) => item.id);
const review = (id: string, body: unknown, client = admin) =>
  client.post(`/api/identifiers/${id}/review`, body);

describe('the validation queue', () => {
  it('holds every new identifier as pending, and its detail says so', async () => {
    const { id } = await createEmail();
    const pending = await queue('pageSize=100&sort=newest');
    expect(ids(pending.data)).toContain(id);
    expect(pending.data.find((item) => item.id === id)).toMatchObject({
      type: 'email',
      review: { status: 'pending', note: null, reviewedAt: null, reviewedBy: null },
    });
    expect(pending.totalIsCapped).toBe(false);
    expect((await admin.get(`/api/identifiers/${id}`)).json().review).toEqual({
      status: 'pending',
      note: null,
      reviewedAt: null,
      reviewedBy: null,
    });
  });

  it('confirms: out of the pending queue, into the confirmed one, with who and when, in the history', async () => {
    const { id } = await createEmail();
    const res = await review(id, { status: 'confirmed', expectedStatus: 'pending' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'confirmed',
      note: null,
      reviewedBy: { id: adminOriginatorId, type: 'team_member' },
    });
    expect(Date.parse(res.json().reviewedAt)).not.toBeNaN();

    expect(ids((await queue('pageSize=100&sort=newest')).data)).not.toContain(id);
    const confirmed = await queue('status=confirmed&pageSize=100');
    // The answer is the review as lists show it, and what it did to a reporter's reputation (nothing here).
    const { reputationChange, ...decided } = res.json();
    expect(reputationChange).toBeNull();
    expect(confirmed.data.find((item) => item.id === id)?.review).toEqual(decided);
    expect((await admin.get(`/api/identifiers/${id}`)).json().review).toEqual(decided);

    const events = (await identifierEvents(t.database.db, id)).filter(
      (e) => e.type === 'identifier.reviewed',
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorOriginatorId: adminOriginatorId,
      data: { before: { status: 'pending', note: null }, after: { status: 'confirmed', note: null } },
    });
  });

  it('rejects only with a reason: without one it is a 400 naming the note, and nothing changes', async () => {
    const { id } = await createEmail();
    for (const body of [{ status: 'rejected' }, { status: 'rejected', note: '   ' }]) {
      const refused = await review(id, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.details.fields).toEqual([
        { field: 'note', message: REJECT_NOTE_REQUIRED_MESSAGE },
      ]);
    }
    expect((await admin.get(`/api/identifiers/${id}`)).json().review.status).toBe('pending');

    const res = await review(id, { status: 'rejected', note: " The victim's own address " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', note: "The victim's own address" });
    expect(ids((await queue('status=rejected&pageSize=100')).data)).toContain(id);
  });

  it('answers 409 when another reviewer decided meanwhile, and keeps their decision', async () => {
    const { id } = await createEmail();
    expect((await review(id, { status: 'confirmed', expectedStatus: 'pending' })).statusCode).toBe(200);
    const late = await review(id, { status: 'rejected', note: 'Not theirs', expectedStatus: 'pending' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'Someone else reviewed this identifier meanwhile: it is now confirmed',
      details: { status: 'confirmed' },
    });
    expect((await admin.get(`/api/identifiers/${id}`)).json().review.status).toBe('confirmed');
  });

  it('returns a decided identifier to the queue, recording who did and why', async () => {
    const { id } = await createEmail();
    await review(id, { status: 'rejected', note: 'Looks like a typo' });
    const res = await review(id, {
      status: 'pending',
      note: 'The reporter confirmed it',
      expectedStatus: 'rejected',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', note: 'The reporter confirmed it' });
    expect(ids((await queue('pageSize=100&sort=newest')).data)).toContain(id);
  });

  it('sends a reviewed identifier back when its value changes, not when only its notes do', async () => {
    const { id } = await createEmail();
    const address = `kept-${Date.now()}@scam.example`;
    await admin.put(`/api/identifiers/${id}`, { type: 'email', data: { address } });
    await review(id, { status: 'confirmed' });

    const notesOnly = await admin.put(`/api/identifiers/${id}`, {
      type: 'email',
      data: { address: address.toUpperCase(), notes: 'Seen on two sites' },
    });
    expect(notesOnly.statusCode, notesOnly.body).toBe(200);
    expect((await admin.get(`/api/identifiers/${id}`)).json().review).toMatchObject({
      status: 'confirmed',
      reviewedBy: { id: adminOriginatorId },
    });

    const changed = await admin.put(`/api/identifiers/${id}`, {
      type: 'email',
      data: { address: `other-${Date.now()}@scam.example` },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await admin.get(`/api/identifiers/${id}`)).json().review).toEqual({
      status: 'pending',
      note: null,
      reviewedAt: null,
      reviewedBy: null,
    });
  });

  it('filters by type and by the kind of originator, and sorts by when recorded', async () => {
    const reporter = await insertCommunityMember(t.database.db, 10);
    const first = await createEmail({ onBehalfOfOriginatorId: reporter });
    const second = await createEmail({ onBehalfOfOriginatorId: reporter });
    const wallet = await admin.post('/api/identifiers', {
      type: 'crypto_wallet',
      data: { network: 'ethereum', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
    });
    expect(wallet.statusCode).toBe(201);

    const community = await queue('reportedBy=community_member&pageSize=100');
    expect(ids(community.data)).toEqual([first.id, second.id]);
    expect(community.pagination.totalItems).toBe(2);
    expect(ids((await queue('reportedBy=community_member&sort=newest')).data)).toEqual([second.id, first.id]);
    expect(ids((await queue('reportedBy=community_member&pageSize=1&page=2')).data)).toEqual([second.id]);

    const wallets = await queue('type=crypto_wallet&pageSize=100');
    expect(ids(wallets.data)).toEqual([wallet.json().id]);
    expect(ids((await queue('type=crypto_wallet&reportedBy=community_member')).data)).toEqual([]);
  });

  it('lets a viewer read the queue but not decide', async () => {
    const { id } = await createEmail();
    expect(ids((await queue('pageSize=100&sort=newest', viewer)).data)).toContain(id);
    expect((await review(id, { status: 'confirmed' }, viewer)).statusCode).toBe(403);
    expect((await admin.get(`/api/identifiers/${id}`)).json().review.status).toBe('pending');
  });

  it('refuses bad input with a 400 naming the field, and an unknown identifier with a 404', async () => {
    const { id } = await createEmail();
    const cases: [unknown, string][] = [
      [{ status: 'maybe' }, 'status'],
      [{}, 'status'],
      [{ status: 'confirmed', note: 'a\u0000b' }, 'note'],
      [{ status: 'confirmed', note: 'x'.repeat(2001) }, 'note'],
      [{ status: 'confirmed', expectedStatus: 'later' }, 'expectedStatus'],
    ];
    for (const [body, field] of cases) {
      const res = await review(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect((await admin.get(`/api/identifiers/${id}`)).json().review.status).toBe('pending');

    for (const [query, field] of [
      ['status=maybe', 'status'],
      ['sort=loudest', 'sort'],
      ['reportedBy=martian', 'reportedBy'],
      ['type=fax', 'type'],
      ['pageSize=101', 'pageSize'],
    ]) {
      const res = await admin.get(`/api/identifiers/review-queue?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toContain(field);
    }

    const missing = await review('00000000-0000-4000-8000-000000000000', { status: 'confirmed' });
    expect(missing.statusCode).toBe(404);
  });
});
