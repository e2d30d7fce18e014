import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, events, identifiers, journalEntries } from '../../db/schema/index';
import {
  buildTestApp,
  createTestUser,
  login,
  signedIn,
  TEST_PASSWORD,
  type Client,
  type TestApp,
} from '../../../test/helpers';
import { unique } from '../../../test/originator-helpers';

let t: TestApp;
let admin: Client;
let adminUserId: string;
let adminOriginatorId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'admin');
  admin = signed.client;
  adminUserId = signed.user.id;
  adminOriginatorId = signed.user.originatorId;
});
afterAll(async () => {
  await t.close();
});

function inviteBody(overrides: Record<string, unknown> = {}) {
  return {
    email: `${unique('new')}@example.com`,
    password: TEST_PASSWORD,
    firstName: 'Grace',
    lastName: unique('Hopper'),
    role: 'investigator',
    ...overrides,
  };
}

describe('team-member administration', () => {
  it('invites a member who can then sign in with the initial password', async () => {
    const body = inviteBody();
    const res = await admin.post('/api/team-members', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: body.email,
      fullName: `Grace ${body.lastName}`,
      displayName: `Grace ${body.lastName} (Team)`,
      role: 'investigator',
      status: 'invited',
      lastLoginAt: null,
    });
    const member = await login(t, body.email, TEST_PASSWORD);
    expect((await member.get('/api/auth/me')).json().originatorId).toBe(res.json().originatorId);
    const [event] = await t.database.db.select().from(events).where(eq(events.subjectId, res.json().id));
    expect(event).toMatchObject({ type: 'team_member.invited', actorOriginatorId: adminOriginatorId });
  });

  it('refuses a taken e-mail with 409 naming email', async () => {
    const body = inviteBody();
    await admin.post('/api/team-members', body);
    const again = await admin.post('/api/team-members', { ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details.fields[0].field).toBe('email');
  });

  it.each([
    [{ email: 'nope' }, 'email'],
    [{ password: 'short' }, 'password'],
    [{ role: 'superuser' }, 'role'],
    [{ firstName: ' ' }, 'firstName'],
  ])('refuses an invitation with %j naming %s', async (overrides, field) => {
    const body = inviteBody(overrides);
    const res = await admin.post('/api/team-members', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe(field);
    const found = (await admin.get(`/api/team-members?search=${body.lastName}`)).json();
    expect(found.data).toEqual([]);
  });

  it('lists with search on name or e-mail, role and status filters', async () => {
    const body = inviteBody({ role: 'viewer' });
    const member = (await admin.post('/api/team-members', body)).json();
    const byName = (await admin.get(`/api/team-members?search=${body.lastName.toUpperCase()}`)).json();
    expect(byName.data.map((m: { id: string }) => m.id)).toEqual([member.id]);
    const byEmail = (await admin.get(`/api/team-members?search=${body.email.split('@')[0]}`)).json();
    expect(byEmail.data.map((m: { id: string }) => m.id)).toEqual([member.id]);
    const wrongRole = (await admin.get(`/api/team-members?search=${body.lastName}&role=admin`)).json();
    expect(wrongRole.data).toEqual([]);
    const disabled = (await admin.get(`/api/team-members?search=${body.lastName}&status=disabled`)).json();
    expect(disabled.data).toEqual([]);
  });

  it('refuses an unknown status with 400 naming status', async () => {
    const res = await admin.get('/api/team-members?status=gone');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0]).toMatchObject({
      field: 'status',
      message: 'status must be invited, active or disabled',
    });
  });

  it('an invited member stays invited until their first successful sign-in, then is active', async () => {
    const body = inviteBody();
    const { id } = (await admin.post('/api/team-members', body)).json();
    await expect(login(t, body.email, 'not the password')).rejects.toThrow(/401/);
    expect((await admin.get(`/api/team-members/${id}`)).json()).toMatchObject({
      status: 'invited',
      lastLoginAt: null,
    });

    const before = Date.now();
    await login(t, body.email);
    const detail = (await admin.get(`/api/team-members/${id}`)).json();
    expect(detail.status).toBe('active');
    expect(Date.parse(detail.lastLoginAt)).toBeGreaterThanOrEqual(before);
    const listed = (await admin.get(`/api/team-members?search=${body.lastName}`)).json();
    expect(listed.data).toEqual([
      expect.objectContaining({ id, status: 'active', lastLoginAt: detail.lastLoginAt }),
    ]);
  });

  it('a disabled member is disabled whether or not they ever signed in', async () => {
    const never = (await admin.post('/api/team-members', inviteBody())).json();
    const user = await createTestUser(t, 'viewer');
    await login(t, user.email);
    for (const id of [never.id, user.id]) {
      expect((await admin.post(`/api/team-members/${id}/disable`)).json().status).toBe('disabled');
    }
    expect((await admin.get(`/api/team-members/${never.id}`)).json()).toMatchObject({
      status: 'disabled',
      lastLoginAt: null,
    });
    const signedInBefore = (await admin.get(`/api/team-members/${user.id}`)).json();
    expect(signedInBefore.status).toBe('disabled');
    expect(signedInBefore.lastLoginAt).not.toBeNull();
  });

  it('filters by each status in the query, so pages and totals agree', async () => {
    const lastName = unique('Status');
    const invite = async (): Promise<{ id: string; email: string }> =>
      (await admin.post('/api/team-members', inviteBody({ lastName }))).json();
    const invited = [await invite(), await invite()];
    const active = [await invite(), await invite(), await invite()];
    const disabledNever = await invite();
    const disabledSignedIn = await invite();
    for (const member of [...active, disabledSignedIn]) await login(t, member.email);
    for (const member of [disabledNever, disabledSignedIn]) {
      await admin.post(`/api/team-members/${member.id}/disable`);
    }

    const expected = {
      invited: invited.map((m) => m.id),
      active: active.map((m) => m.id),
      disabled: [disabledNever.id, disabledSignedIn.id],
    };
    for (const [status, ids] of Object.entries(expected)) {
      const url = `/api/team-members?search=${lastName}&status=${status}&pageSize=2`;
      const first = (await admin.get(url)).json();
      const second = (await admin.get(`${url}&page=2`)).json();
      expect(first.pagination).toMatchObject({
        totalItems: ids.length,
        totalPages: Math.ceil(ids.length / 2),
      });
      const seen = [...first.data, ...second.data];
      expect(seen.map((m: { id: string }) => m.id).sort()).toEqual([...ids].sort());
      expect(seen.every((m: { status: string }) => m.status === status)).toBe(true);
    }
    const all = (await admin.get(`/api/team-members?search=${lastName}`)).json();
    expect(all.pagination.totalItems).toBe(7);
  });

  it('changes the role, which signs the member out', async () => {
    const user = await createTestUser(t, 'viewer');
    const session = await login(t, user.email);
    const res = await admin.patch(`/api/team-members/${user.id}`, { role: 'investigator' });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('investigator');
    expect((await session.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('disables and enables a member; a disabled member cannot sign in', async () => {
    const user = await createTestUser(t, 'investigator');
    const session = await login(t, user.email);
    const off = await admin.post(`/api/team-members/${user.id}/disable`);
    expect(off.json().status).toBe('disabled');
    expect((await session.get('/api/auth/me')).statusCode).toBe(401);
    await expect(login(t, user.email)).rejects.toThrow(/401/);
    const on = await admin.post(`/api/team-members/${user.id}/enable`);
    expect(on.json().status).toBe('active');
    expect((await (await login(t, user.email)).get('/api/auth/me')).statusCode).toBe(200);
  });

  it('an administrator cannot disable themself', async () => {
    const res = await admin.post(`/api/team-members/${adminUserId}/disable`);
    expect(res.statusCode).toBe(400);
    expect((await admin.get(`/api/team-members/${adminUserId}`)).json().status).toBe('active');
  });

  it('shows groups, recent journal entries and identifiers on the detail', async () => {
    const user = await createTestUser(t, 'investigator');
    const group = (
      await admin.post('/api/groups', { name: unique('Fraud Desk'), userIds: [user.id] })
    ).json();
    const db = t.database.db;
    const [c] = await db.insert(cases).values({ title: 'Case', originatorId: user.originatorId }).returning();
    for (let i = 0; i < 12; i++) {
      await db.insert(journalEntries).values({
        caseId: c.id,
        type: 'note',
        description: `entry ${i}`,
        originatorId: user.originatorId,
        createdAt: new Date(Date.now() - (12 - i) * 1000),
      });
    }
    await db.insert(identifiers).values({
      type: 'email',
      data: { address: 'scam@example.com' },
      displayValue: 'scam@example.com',
      normalizedKey: `${unique('k')}@example.com`,
      originatorId: user.originatorId,
    });
    const res = await admin.get(`/api/team-members/${user.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.groups).toEqual([{ id: group.id, name: group.name }]);
    expect(detail.recentJournalEntries).toHaveLength(10);
    expect(detail.recentJournalEntries[0].description).toBe('entry 11');
    expect(detail.recentIdentifiers).toEqual([expect.objectContaining({ displayValue: 'scam@example.com' })]);
    expect(detail).not.toHaveProperty('passwordHash');
    expect((await admin.get(`/api/team-members/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('an investigator cannot open team-member administration', async () => {
    const { client } = await signedIn(t, 'investigator');
    const target = await createTestUser(t, 'viewer');
    expect((await client.get('/api/team-members')).statusCode).toBe(403);
    expect((await client.get(`/api/team-members/${target.id}`)).statusCode).toBe(403);
    expect((await client.post('/api/team-members', inviteBody())).statusCode).toBe(403);
    expect((await client.patch(`/api/team-members/${target.id}`, { role: 'admin' })).statusCode).toBe(403);
    expect((await client.post(`/api/team-members/${target.id}/disable`)).statusCode).toBe(403);
  });
});

describe('team members as originators', () => {
  it('lists team members for anyone with originator.view, by originator id', async () => {
    const { client } = await signedIn(t, 'viewer');
    const user = await createTestUser(t, 'investigator');
    const res = await client.get(`/api/originators/team-members?search=${user.lastName}`);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        id: user.originatorId,
        teamMember: expect.objectContaining({ userId: user.id }),
      }),
    ]);
  });

  it('invites, updates and deactivates through the originator paths (administrators only)', async () => {
    const created = await admin.post('/api/originators/team-members', inviteBody());
    expect(created.statusCode).toBe(201);
    const originator = created.json();
    expect(originator).toMatchObject({
      type: 'team_member',
      active: true,
      teamMember: { status: 'invited' },
    });
    const listed = await admin.get(
      `/api/originators/team-members?search=${originator.teamMember.lastName}&status=invited`,
    );
    expect(listed.json().data.map((o: { id: string }) => o.id)).toEqual([originator.id]);
    const base = `/api/originators/team-members/${originator.id}`;
    expect((await admin.patch(base, { firstName: 'Ada' })).json().name).toBe(
      `Ada ${originator.teamMember.lastName}`,
    );
    const off = await admin.post(`${base}/deactivate`);
    expect(off.json()).toMatchObject({ active: false, teamMember: { status: 'disabled' } });
    const { client } = await signedIn(t, 'investigator');
    expect((await client.post('/api/originators/team-members', inviteBody())).statusCode).toBe(403);
    expect((await client.post(`${base}/deactivate`)).statusCode).toBe(403);
  });
});
