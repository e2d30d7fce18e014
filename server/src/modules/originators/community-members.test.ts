import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { createCommunityMemberVia, unique } from '../../../test/originator-helpers';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
});
afterAll(async () => {
  await t.close();
});

function createCommunityMember(body: Record<string, unknown> = {}) {
  return createCommunityMemberVia(admin, body);
}

describe('community members', () => {
  it('creates with reputation 0 by default and lists with search and status', async () => {
    const word = unique('Wombat');
    const created = await createCommunityMember({ username: word });
    expect(created).toMatchObject({ name: word, displayName: `${word} (Community)`, active: true });
    expect(created.communityMember).toEqual({ username: word, email: null, reputation: 0, notes: null });
    const list = (await admin.get(`/api/originators/community-members?search=${word.toLowerCase()}`)).json();
    expect(list.data.map((o: { id: string }) => o.id)).toEqual([created.id]);
    const inactive = (
      await admin.get(`/api/originators/community-members?search=${word}&status=inactive`)
    ).json();
    expect(inactive.data).toEqual([]);
  });

  it('refuses a username taken by another community member, whatever its case, naming the field', async () => {
    const member = await createCommunityMember();
    const other = await createCommunityMember();
    const dup = await admin.post('/api/originators/community-members', {
      username: member.name.toUpperCase(),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.details.fields[0].field).toBe('username');
    const rename = await admin.patch(`/api/originators/community-members/${other.id}`, {
      username: member.name,
    });
    expect(rename.statusCode).toBe(409);
    expect((await admin.get(`/api/originators/${other.id}`)).json().name).toBe(other.name);
  });

  it.each([
    [{ username: '' }, 'username'],
    [{ username: 'x'.repeat(101) }, 'username'],
    [{ username: 'ok', email: 'not an email' }, 'email'],
    [{ username: 'ok', reputation: 1.5 }, 'reputation'],
    [{ username: 'ok', reputation: '10' }, 'reputation'],
    [{ username: 'ok', notes: 'n'.repeat(2001) }, 'notes'],
    [{}, 'username'],
  ])('refuses %j naming %s and saves nothing', async (body, field) => {
    const before = (await admin.get('/api/originators/community-members')).json().pagination.totalItems;
    const res = await admin.post('/api/originators/community-members', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect((await admin.get('/api/originators/community-members')).json().pagination.totalItems).toBe(before);
  });

  it('updates fields, deactivates and reactivates', async () => {
    const member = await createCommunityMember({ email: 'a@example.com' });
    const base = `/api/originators/community-members/${member.id}`;
    const updated = await admin.patch(base, { email: null, notes: 'Met at the fraud desk' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().communityMember).toMatchObject({ email: null, notes: 'Met at the fraud desk' });
    const off = await admin.post(`${base}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    const list = (
      await admin.get(`/api/originators/community-members?search=${member.name}&status=inactive`)
    ).json();
    expect(list.data).toHaveLength(1);
    expect((await admin.patch(base, { active: true })).json().active).toBe(true);
    expect((await admin.patch(base, {})).statusCode).toBe(400);
    expect(
      (await admin.patch(`/api/originators/community-members/${crypto.randomUUID()}`, { notes: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('adjusts reputation and records the reason in the same transaction', async () => {
    const member = await createCommunityMember({ reputation: 40 });
    const res = await admin.post(`/api/originators/community-members/${member.id}/reputation`, {
      delta: 60,
      reason: 'Three confirmed reports',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().communityMember.reputation).toBe(100);
    const rows = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.subjectId, member.id), eq(events.type, 'community_member.reputation_adjusted')));
    expect(rows).toHaveLength(1);
    expect(rows[0].data).toEqual({
      delta: 60,
      reason: 'Three confirmed reports',
      before: 40,
      after: 100,
      source: 'manual',
    });
  });

  it.each([
    [{ delta: 0, reason: 'x' }, 'delta', 'Change must not be 0'],
    [{ delta: 5 }, 'reason', expect.any(String)],
    [{ delta: 5, reason: '   ' }, 'reason', 'Reason is required'],
    [{ delta: 1001, reason: 'x' }, 'delta', 'Change must be between -1,000 and 1,000'],
    [{ delta: 2.5, reason: 'x' }, 'delta', 'Change must be a whole number'],
    [{ delta: '2e2', reason: 'x' }, 'delta', 'Change must be a whole number'],
    [{ delta: '200', reason: 'x' }, 'delta', 'Change must be a whole number'],
  ])('refuses the reputation adjustment %j naming %s: "%s"', async (body, field, message) => {
    const member = await createCommunityMember();
    const res = await admin.post(`/api/originators/community-members/${member.id}/reputation`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0]).toEqual({ field, message });
    expect((await admin.get(`/api/originators/${member.id}`)).json().communityMember.reputation).toBe(0);
  });

  it('keeps reputation within its limits', async () => {
    const member = await createCommunityMember({ reputation: 1_000_000 });
    const res = await admin.post(`/api/originators/community-members/${member.id}/reputation`, {
      delta: 1,
      reason: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0]).toEqual({
      field: 'delta',
      message: 'Reputation must stay between -1,000,000 and 1,000,000',
    });
  });

  it.each([
    [99_999_999, 'Initial reputation must be between -1,000,000 and 1,000,000'],
    [-2_000_000, 'Initial reputation must be between -1,000,000 and 1,000,000'],
    [12.5, 'Initial reputation must be a whole number'],
  ])('refuses an initial reputation of %j: "%s"', async (reputation, message) => {
    const res = await admin.post('/api/originators/community-members', { username: unique('r'), reputation });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([{ field: 'reputation', message }]);
  });

  it('a viewer cannot create a community member', async () => {
    const { client } = await signedIn(t, 'viewer');
    expect((await client.get('/api/originators/community-members')).statusCode).toBe(200);
    expect(
      (await client.post('/api/originators/community-members', { username: unique('v') })).statusCode,
    ).toBe(403);
  });

  it('an investigator can add a community member but not edit one or change reputation', async () => {
    const { client } = await signedIn(t, 'investigator');
    const created = await client.post('/api/originators/community-members', { username: unique('i') });
    expect(created.statusCode).toBe(201);
    const base = `/api/originators/community-members/${created.json().id}`;
    expect((await client.patch(base, { notes: 'x' })).statusCode).toBe(403);
    expect((await client.post(`${base}/deactivate`)).statusCode).toBe(403);
    expect((await client.post(`${base}/reputation`, { delta: 1, reason: 'x' })).statusCode).toBe(403);
  });
});
