import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case } from '@scamtrail/domain/cases';
import { identifiers } from '../../db/schema/index';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { automationWithKey } from '../../../test/originator-helpers';
import { GROUP_MEMBERSHIP_MESSAGE } from './case.preconditions';
import { caseEvents, countCases, createCaseVia, insertEntry, insertGroup } from './case-test-fixtures';

let t: TestApp;
let admin: Client;
let member: Client;
let outsider: Client;
let viewer: Client;
let memberOriginatorId: string;
let groupId: string;
let grouped: Case;
let open: Case;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
  const signedMember = await signedIn(t, 'investigator');
  member = signedMember.client;
  memberOriginatorId = signedMember.user.originatorId;
  outsider = (await signedIn(t, 'investigator')).client;
  viewer = (await signedIn(t, 'viewer')).client;
  groupId = await insertGroup(t.database.db, [signedMember.user.id]);
  grouped = await createCaseVia(member, { title: 'Grouped case', groupId });
  open = await createCaseVia(member, { title: 'Open case' });
  // Both cases name the same identifier, so each is related to the other.
  const [identifier] = await t.database.db
    .insert(identifiers)
    .values({
      type: 'email',
      data: { address: 'scammer@example.com' },
      displayValue: 'scammer@example.com',
      normalizedKey: 'scammer@example.com',
      originatorId: memberOriginatorId,
    })
    .returning({ id: identifiers.id });
  for (const caseId of [grouped.id, open.id]) {
    await insertEntry(t.database.db, {
      caseId,
      originatorId: memberOriginatorId,
      identifierIds: [identifier.id],
    });
  }
});
afterAll(async () => {
  await t.close();
});

const listIds = async (client: Client) =>
  ((await client.get('/api/cases?pageSize=100')).json().data as Case[]).map((c) => c.id);

describe('case group visibility', () => {
  it('a member of the group sees the case, its group and its links', async () => {
    expect((await member.get(`/api/cases/${grouped.id}`)).json().group).toMatchObject({ id: groupId });
    expect(await listIds(member)).toEqual(expect.arrayContaining([grouped.id, open.id]));
    const related = (await member.get(`/api/cases/${open.id}/related`)).json();
    expect(related.data.map((r: { case: { id: string } }) => r.case.id)).toEqual([grouped.id]);
    const named = (await member.get(`/api/cases/${open.id}/identifiers`)).json().data[0];
    expect(named).toMatchObject({
      otherCaseCount: 1,
      otherCases: [{ id: grouped.id, title: 'Grouped case' }],
    });
  });

  it('an investigator outside the group gets 404 for the case, exactly as for a missing one', async () => {
    const missing = await outsider.get(`/api/cases/${crypto.randomUUID()}`);
    for (const path of ['', '/related', '/identifiers', '/history']) {
      const res = await outsider.get(`/api/cases/${grouped.id}${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    const patch = await outsider.patch(`/api/cases/${grouped.id}`, { title: 'Mine now' });
    expect(patch.statusCode).toBe(404);
    expect((await member.get(`/api/cases/${grouped.id}`)).json().title).toBe('Grouped case');
  });

  it('an investigator outside the group never sees the case in lists, related cases or identifiers', async () => {
    const ids = await listIds(outsider);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(grouped.id);
    const search = (await outsider.get('/api/cases?search=Grouped')).json();
    expect(search).toMatchObject({ data: [], pagination: { totalItems: 0 } });
    const related = (await outsider.get(`/api/cases/${open.id}/related`)).json();
    expect(related).toMatchObject({ data: [], pagination: { totalItems: 0 } });
    const named = (await outsider.get(`/api/cases/${open.id}/identifiers`)).json().data;
    expect(named).toMatchObject([{ displayValue: 'scammer@example.com', otherCaseCount: 0, otherCases: [] }]);
  });

  it('an investigator can only put a case in a group they belong to', async () => {
    const before = await countCases(t.database.db);
    const res = await outsider.post('/api/cases', { title: 'Sneaky', groupId });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([
      { field: 'groupId', message: GROUP_MEMBERSHIP_MESSAGE },
    ]);
    const move = await outsider.patch(`/api/cases/${open.id}`, { groupId });
    expect(move.statusCode).toBe(400);
    expect(move.json().error.details.fields[0].field).toBe('groupId');
    expect(await countCases(t.database.db)).toBe(before);
  });

  it('an administrator sees every case and may put a case in any group', async () => {
    expect(await listIds(admin)).toEqual(expect.arrayContaining([grouped.id, open.id]));
    expect((await admin.get(`/api/cases/${grouped.id}`)).statusCode).toBe(200);
    const created = await createCaseVia(admin, { title: 'Admin filed', groupId });
    expect(created.group?.id).toBe(groupId);
    expect(await listIds(outsider)).not.toContain(created.id);
  });
});

describe('case permission boundaries', () => {
  it('a viewer can read cases but cannot create or edit one', async () => {
    expect((await viewer.get('/api/cases')).statusCode).toBe(200);
    expect((await viewer.get(`/api/cases/${open.id}`)).statusCode).toBe(200);
    const before = await countCases(t.database.db);
    expect((await viewer.post('/api/cases', { title: 'Viewer case' })).statusCode).toBe(403);
    expect((await viewer.patch(`/api/cases/${open.id}`, { title: 'Viewer edit' })).statusCode).toBe(403);
    expect(await countCases(t.database.db)).toBe(before);
    expect((await viewer.get(`/api/cases/${open.id}`)).json().title).toBe('Open case');
  });

  it('an anonymous caller gets 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/cases' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/cases/${open.id}` })).statusCode).toBe(401);
  });

  it('an API key with case.create opens a case originated by its automation', async () => {
    const { automation, apiKey, caller } = await automationWithKey(t, admin, ['case.view', 'case.create']);
    const created = await createCaseVia(caller, { title: 'Reported by the scanner', priority: 'high' });
    expect(created.status).toBe('open');
    expect(created.originator).toMatchObject({
      id: automation.id,
      type: 'automation',
      name: automation.systemName,
    });
    const [event] = await caseEvents(t.database.db, created.id);
    expect(event).toMatchObject({ type: 'case.created', actorApiKeyId: apiKey.id, actorUserId: null });
    const history = (await admin.get(`/api/cases/${created.id}/history`)).json().data;
    expect(history[0].actor).toEqual({ kind: 'api_key', name: automation.systemName, apiKeyId: apiKey.id });
    // It may not edit without case.edit, and never sees grouped cases.
    expect((await caller.patch(`/api/cases/${created.id}`, { title: 'x' })).statusCode).toBe(403);
    expect((await caller.get(`/api/cases/${grouped.id}`)).statusCode).toBe(404);
  });

  it('an API key cannot put a case in a group', async () => {
    // Holding group.view (naming a group needs it): the group is still one whose cases it cannot see.
    const { caller } = await automationWithKey(t, admin, ['case.view', 'case.create', 'group.view']);
    const before = await countCases(t.database.db);
    const res = await caller.post('/api/cases', { title: 'Grouped by a key', groupId });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe('groupId');
    expect(await countCases(t.database.db)).toBe(before);
  });
});
