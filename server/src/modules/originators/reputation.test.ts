import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPUTATION_LIMIT } from '@scamtrail/domain/originators';
import type { ReputationHistory } from '@scamtrail/domain/reputation';
import { events, originators } from '../../db/schema/index';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { keyClient } from '../../../test/originator-helpers';
import { insertAutomationKey, insertCommunityMember } from '../identifiers/identifier-test-fixtures';

let t: TestApp;
let admin: Client;
let adminOriginatorId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
  adminOriginatorId = (await admin.get('/api/auth/me')).json().originatorId;
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
async function reportedBy(originatorId: string | null) {
  serial += 1;
  const res = await admin.post('/api/identifiers', {
    type: 'email',
    data: { address: `reported-${serial}-${Date.now()}@scam.example` },
    ...(originatorId ? { onBehalfOfOriginatorId: originatorId } : {}),
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; displayValue: string };
}

const decide = (id: string, status: string, client = admin) =>
  client.post(
    `/api/identifiers/${id}/review`,
    status === 'rejected' ? { status, note: 'Not the scammer' } : { status },
  );

async function reputationOf(id: string): Promise<number> {
  const [row] = await t.database.db
    .select({ reputation: originators.reputation })
    .from(originators)
    .where(eq(originators.id, id));
  return row.reputation ?? 0;
}

const reputationEvents = (id: string) =>
  t.database.db
    .select()
    .from(events)
    .where(and(eq(events.subjectId, id), eq(events.type, 'community_member.reputation_adjusted')));

async function history(id: string, query = '', client = admin) {
  const res = await client.get(`/api/originators/community-members/${id}/reputation-history${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReputationHistory;
}

describe("review decisions move the reporter's reputation", () => {
  it('adds what the new status is worth less what was added before: +5, −15, +10', async () => {
    const reporter = await insertCommunityMember(t.database.db, 40);
    const { id } = await reportedBy(reporter);

    const confirmed = await decide(id, 'confirmed');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'confirmed',
      reputationChange: { originator: { id: reporter, type: 'community_member' }, delta: 5, reputation: 45 },
    });
    expect(await reputationOf(reporter)).toBe(45);

    const rejected = await decide(id, 'rejected');
    expect(rejected.json().reputationChange).toMatchObject({ delta: -15, reputation: 30 });
    expect(await reputationOf(reporter)).toBe(30);

    const returned = await decide(id, 'pending');
    expect(returned.json().reputationChange).toMatchObject({ delta: 10, reputation: 40 });
    expect(await reputationOf(reporter)).toBe(40);

    // Each change is on record, with the identifier and who decided.
    const rows = await reputationEvents(reporter);
    expect(rows.map((row) => row.data)).toEqual([
      {
        delta: 5,
        before: 40,
        after: 45,
        reason: 'Reported identifier confirmed',
        source: 'review',
        identifierId: id,
      },
      {
        delta: -15,
        before: 45,
        after: 30,
        reason: 'Reported identifier rejected',
        source: 'review',
        identifierId: id,
      },
      {
        delta: 10,
        before: 30,
        after: 40,
        reason: 'Reported identifier returned to the review queue',
        source: 'review',
        identifierId: id,
      },
    ]);
    expect(rows.every((row) => row.actorOriginatorId === adminOriginatorId)).toBe(true);
  });

  it('counts a decision once: deciding the same status again changes nothing', async () => {
    const reporter = await insertCommunityMember(t.database.db, 0);
    const { id } = await reportedBy(reporter);
    expect((await decide(id, 'confirmed')).json().reputationChange.delta).toBe(5);
    const again = await admin.post(`/api/identifiers/${id}/review`, {
      status: 'confirmed',
      note: 'Seen twice',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().reputationChange).toBeNull();
    expect(await reputationOf(reporter)).toBe(5);
    expect(await reputationEvents(reporter)).toHaveLength(1);
  });

  it("keeps a credit through a change of value: a new confirmation after the identifier's value changed adds nothing", async () => {
    const reporter = await insertCommunityMember(t.database.db, 0);
    const { id } = await reportedBy(reporter);
    await decide(id, 'confirmed');
    const changed = await admin.put(`/api/identifiers/${id}`, {
      type: 'email',
      data: { address: `changed-${Date.now()}@scam.example` },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await admin.get(`/api/identifiers/${id}`)).json().review.status).toBe('pending');
    expect((await decide(id, 'confirmed')).json().reputationChange).toBeNull();
    expect(await reputationOf(reporter)).toBe(5);
  });

  it('leaves team members and automations alone: they have no reputation', async () => {
    const { id } = await reportedBy(null);
    const res = await decide(id, 'rejected');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reputationChange).toBeNull();
    expect(await reputationEvents(adminOriginatorId)).toHaveLength(0);
  });

  it('stops at the limit rather than refusing the decision', async () => {
    const top = await insertCommunityMember(t.database.db, REPUTATION_LIMIT);
    const atTop = await reportedBy(top);
    const res = await decide(atTop.id, 'confirmed');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reputationChange).toBeNull();
    expect(await reputationOf(top)).toBe(REPUTATION_LIMIT);

    const bottom = await insertCommunityMember(t.database.db, -REPUTATION_LIMIT + 4);
    const nearBottom = await reportedBy(bottom);
    const rejected = await decide(nearBottom.id, 'rejected');
    expect(rejected.json().reputationChange).toMatchObject({ delta: -4, reputation: -REPUTATION_LIMIT });
  });

  it('adds up decisions on several identifiers taken at once', async () => {
    const reporter = await insertCommunityMember(t.database.db, 0);
    const reported = await Promise.all([1, 2, 3, 4].map(() => reportedBy(reporter)));
    const answers = await Promise.all(reported.map(({ id }) => decide(id, 'confirmed')));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await reputationOf(reporter)).toBe(20);
    expect((await history(reporter)).data.map((entry) => entry.after).sort((a, b) => a - b)).toEqual([
      5, 10, 15, 20,
    ]);
  });

  it('changes nothing when the decision is refused', async () => {
    const reporter = await insertCommunityMember(t.database.db, 0);
    const { id } = await reportedBy(reporter);
    const stale = await admin.post(`/api/identifiers/${id}/review`, {
      status: 'confirmed',
      expectedStatus: 'rejected',
    });
    expect(stale.statusCode).toBe(409);
    const viewer = (await signedIn(t, 'viewer')).client;
    expect((await decide(id, 'confirmed', viewer)).statusCode).toBe(403);
    expect(await reputationOf(reporter)).toBe(0);
    expect(await reputationEvents(reporter)).toHaveLength(0);
  });
});

describe('the reputation history', () => {
  it('lists adjustments and review changes, newest first, a page at a time', async () => {
    const reporter = await insertCommunityMember(t.database.db, 0);
    const { id, displayValue } = await reportedBy(reporter);
    const base = `/api/originators/community-members/${reporter}`;
    expect(
      (await admin.post(`${base}/reputation`, { delta: 50, reason: 'Long-time reporter' })).statusCode,
    ).toBe(200);
    await decide(id, 'confirmed');
    await decide(id, 'rejected');

    const all = await history(reporter);
    expect(all.pagination).toEqual({ page: 1, pageSize: 10, totalItems: 3, totalPages: 1 });
    expect(all.data.map((entry) => [entry.source, entry.delta, entry.before, entry.after])).toEqual([
      ['review', -15, 55, 40],
      ['review', 5, 50, 55],
      ['manual', 50, 0, 50],
    ]);
    expect(all.data[0]).toMatchObject({
      reason: 'Reported identifier rejected',
      actor: { id: adminOriginatorId, type: 'team_member' },
      identifier: { id, type: 'email', displayValue },
    });
    expect(all.data[2]).toMatchObject({ reason: 'Long-time reporter', identifier: null });
    expect(Date.parse(all.data[0].at)).not.toBeNaN();

    const second = await history(reporter, '?pageSize=2&page=2');
    expect(second.data.map((entry) => entry.source)).toEqual(['manual']);
    expect(second.pagination).toEqual({ page: 2, pageSize: 2, totalItems: 3, totalPages: 2 });
  });

  it('names the identifier only to callers who may view identifiers, and not once it is deleted', async () => {
    const reporter = await insertCommunityMember(t.database.db, 0);
    const kept = await reportedBy(reporter);
    const deleted = await reportedBy(reporter);
    await decide(kept.id, 'confirmed');
    await decide(deleted.id, 'confirmed');
    expect((await admin.delete(`/api/identifiers/${deleted.id}`)).statusCode).toBe(204);

    const seen = await history(reporter);
    expect(seen.data.map((entry) => entry.identifier?.id ?? null)).toEqual([null, kept.id]);

    const { key } = await insertAutomationKey(t.database.db, ['community_member.view']);
    const blind = await history(reporter, '', keyClient(t, key));
    expect(blind.data.map((entry) => entry.identifier)).toEqual([null, null]);
    expect(blind.data.map((entry) => entry.delta)).toEqual([5, 5]);
  });

  it('answers 404 for anyone but a community member, and 400 naming a bad page size', async () => {
    const unknown = await admin.get(
      '/api/originators/community-members/00000000-0000-4000-8000-000000000000/reputation-history',
    );
    expect(unknown.statusCode).toBe(404);
    const teamMember = await admin.get(
      `/api/originators/community-members/${adminOriginatorId}/reputation-history`,
    );
    expect(teamMember.statusCode).toBe(404);

    const reporter = await insertCommunityMember(t.database.db, 0);
    const bad = await admin.get(
      `/api/originators/community-members/${reporter}/reputation-history?pageSize=0`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual(['pageSize']);
  });
});
