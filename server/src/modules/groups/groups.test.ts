import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, groupMembers } from '../../db/schema/index';
import {
  buildTestApp,
  createTestUser,
  login,
  signedIn,
  type Client,
  type TestApp,
} from '../../../test/helpers';
import { deviceSignedIn } from '../../../test/device-sign-in';
import { automationWithKey, unique } from '../../../test/originator-helpers';

let t: TestApp;
let admin: Client;
let adminOriginatorId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'admin');
  admin = signed.client;
  adminOriginatorId = signed.user.originatorId;
});
afterAll(async () => {
  await t.close();
});

async function createGroup(client: Client, body: Record<string, unknown> = {}) {
  const res = await client.post('/api/groups', { name: unique('Desk'), ...body });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function addCase(groupId: string | null) {
  const [row] = await t.database.db
    .insert(cases)
    .values({ title: unique('case'), groupId, originatorId: adminOriginatorId })
    .returning();
  return row;
}

describe('groups', () => {
  it('creates with members, shows members and case counts, lists with search', async () => {
    const a = await createTestUser(t, 'investigator');
    const b = await createTestUser(t, 'viewer');
    const name = unique('Romance Scams');
    const group = await createGroup(admin, {
      name,
      description: 'Dating fraud',
      userIds: [a.id, b.id, a.id],
    });
    expect(group).toMatchObject({ name, description: 'Dating fraud', memberCount: 2, caseCount: 0 });
    expect(group.members.map((m: { userId: string }) => m.userId).sort()).toEqual([a.id, b.id].sort());
    await addCase(group.id);
    const detail = (await admin.get(`/api/groups/${group.id}`)).json();
    expect(detail.caseCount).toBe(1);
    const list = (await admin.get(`/api/groups?search=${name.toLowerCase()}`)).json();
    expect(list.data).toEqual([expect.objectContaining({ id: group.id, memberCount: 2, caseCount: 1 })]);
  });

  it("shows members' e-mail and role, and cases, only to callers who may see them", async () => {
    const member = await createTestUser(t, 'investigator');
    const group = await createGroup(admin, { userIds: [member.id] });
    await addCase(group.id);
    const { client: viewer } = await signedIn(t, 'viewer');
    const { client: outsider } = await signedIn(t, 'investigator');
    const { caller: key } = await automationWithKey(t, admin, [
      'group.view',
      'team_member.view',
      'case.view',
    ]);
    const { caller: caseless } = await automationWithKey(t, admin, ['group.view']);
    for (const reader of [viewer, outsider]) {
      const detail = (await reader.get(`/api/groups/${group.id}`)).json();
      expect(detail.caseCount).toBe(0);
      expect(detail.members).toEqual([expect.objectContaining({ userId: member.id })]);
      expect(detail.members[0]).not.toHaveProperty('email');
      expect(detail.members[0]).not.toHaveProperty('role');
      const list = (await reader.get(`/api/groups?search=${group.name}`)).json();
      expect(list.data[0].caseCount).toBe(0);
    }
    // team_member.view shows the contact, and a key sees no grouped case.
    const seen = (await key.get(`/api/groups/${group.id}`)).json();
    expect(seen).toMatchObject({ caseCount: 0, members: [{ email: member.email, role: 'investigator' }] });
    // Without case.view the cases are not counted: the count is left out, not 0.
    expect((await caseless.get(`/api/groups/${group.id}`)).json()).not.toHaveProperty('caseCount');
    const caselessList = (await caseless.get(`/api/groups?search=${group.name}`)).json();
    expect(caselessList.data[0]).toMatchObject({ id: group.id, memberCount: 1 });
    expect(caselessList.data[0]).not.toHaveProperty('caseCount');
    const insider = await login(t, member.email);
    expect((await insider.get(`/api/groups/${group.id}`)).json().caseCount).toBe(1);
  });

  it("shows each member's status: invited until their first sign-in", async () => {
    const invited = await createTestUser(t, 'viewer');
    const { user: active } = await signedIn(t, 'investigator');
    const group = await createGroup(admin, { userIds: [invited.id, active.id] });
    const statuses = Object.fromEntries(
      group.members.map((m: { userId: string; status: string }) => [m.userId, m.status]),
    );
    expect(statuses).toEqual({ [invited.id]: 'invited', [active.id]: 'active' });
  });

  it('renames, refusing a name taken in another case', async () => {
    const first = await createGroup(admin);
    const second = await createGroup(admin);
    const clash = await admin.patch(`/api/groups/${second.id}`, { name: first.name.toUpperCase() });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.details.fields[0].field).toBe('name');
    const ok = await admin.patch(`/api/groups/${second.id}`, { name: unique('Renamed'), description: 'new' });
    expect(ok.json().description).toBe('new');
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 'ok', userIds: ['nope'] }, 'userIds.0'],
    [{ name: 'ok', userIds: 'nope' }, 'userIds'],
  ])('refuses %j naming %s', async (body, field) => {
    const res = await admin.post('/api/groups', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe(field);
  });

  it('refuses unknown users by position and saves nothing', async () => {
    const user = await createTestUser(t, 'viewer');
    const name = unique('Ghosts');
    const res = await admin.post('/api/groups', { name, userIds: [user.id, crypto.randomUUID()] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([
      { field: 'userIds.1', message: 'No user with this id' },
    ]);
    expect((await admin.get(`/api/groups?search=${name}`)).json().data).toEqual([]);
  });

  it('replaces, adds and removes members', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createTestUser(t, 'investigator')));
    const group = await createGroup(admin, { userIds: [a.id] });
    const replaced = await admin.put(`/api/groups/${group.id}/members`, { userIds: [b.id, c.id] });
    expect(
      replaced
        .json()
        .members.map((m: { userId: string }) => m.userId)
        .sort(),
    ).toEqual([b.id, c.id].sort());
    const added = await admin.post(`/api/groups/${group.id}/members`, { userId: a.id });
    expect(added.json().memberCount).toBe(3);
    const removed = await admin.delete(`/api/groups/${group.id}/members/${b.id}`);
    expect(
      removed
        .json()
        .members.map((m: { userId: string }) => m.userId)
        .sort(),
    ).toEqual([a.id, c.id].sort());
    expect((await admin.delete(`/api/groups/${group.id}/members/${b.id}`)).statusCode).toBe(404);
    const cleared = await admin.put(`/api/groups/${group.id}/members`, { userIds: [] });
    expect(cleared.json().members).toEqual([]);
  });

  it('refuses to delete a group that has cases, then deletes it once they are gone', async () => {
    const group = await createGroup(admin);
    const c = await addCase(group.id);
    const refused = await admin.delete(`/api/groups/${group.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'IN_USE',
      message: 'Group has 1 case; move it to another group first',
    });
    // A member's device token without case.view is not told how many cases the group holds.
    const { client: member, user } = await signedIn(t, 'investigator');
    expect((await admin.post(`/api/groups/${group.id}/members`, { userId: user.id })).statusCode).toBe(200);
    const token = await deviceSignedIn(t, member, ['group.view', 'group.delete']);
    expect((await token.delete(`/api/groups/${group.id}`)).json().error).toEqual({
      code: 'IN_USE',
      message: 'Group has cases you may not see; move them to another group first',
      details: { caseCount: 0 },
    });
    await t.database.db.update(cases).set({ groupId: null }).where(eq(cases.id, c.id));
    expect((await admin.delete(`/api/groups/${group.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/groups/${group.id}`)).statusCode).toBe(404);
  });

  it('a non-administrator who creates a group becomes its member', async () => {
    const { client, user } = await signedIn(t, 'investigator');
    const group = await createGroup(client);
    expect(group.members.map((m: { userId: string }) => m.userId)).toEqual([user.id]);
  });

  it('an investigator cannot join or change a group they are not in', async () => {
    const { client, user } = await signedIn(t, 'investigator');
    const group = await createGroup(admin);
    const join = await client.post(`/api/groups/${group.id}/members`, { userId: user.id });
    expect(join.statusCode).toBe(403);
    expect(join.json().error.message).toBe('Only members of this group and administrators can change it');
    expect((await client.put(`/api/groups/${group.id}/members`, { userIds: [user.id] })).statusCode).toBe(
      403,
    );
    expect((await client.patch(`/api/groups/${group.id}`, { name: unique('mine') })).statusCode).toBe(403);
    expect((await client.delete(`/api/groups/${group.id}`)).statusCode).toBe(403);
    const rows = await t.database.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
    expect(rows).toEqual([]);
  });

  it('a member investigator can manage their own group', async () => {
    const { client, user } = await signedIn(t, 'investigator');
    const other = await createTestUser(t, 'viewer');
    const group = await createGroup(admin, { userIds: [user.id] });
    const res = await client.post(`/api/groups/${group.id}/members`, { userId: other.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().memberCount).toBe(2);
  });

  it('a viewer can list groups but cannot create one', async () => {
    const { client } = await signedIn(t, 'viewer');
    expect((await client.get('/api/groups')).statusCode).toBe(200);
    expect((await client.post('/api/groups', { name: unique('v') })).statusCode).toBe(403);
  });

  it('an API key cannot change group membership', async () => {
    const group = await createGroup(admin);
    const user = await createTestUser(t, 'viewer');
    const { caller } = await automationWithKey(t, admin, ['group.view', 'group.edit']);
    expect((await caller.get(`/api/groups/${group.id}`)).statusCode).toBe(200);
    expect((await caller.post(`/api/groups/${group.id}/members`, { userId: user.id })).statusCode).toBe(403);
  });
});
