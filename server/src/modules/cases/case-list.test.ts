import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case } from '@scamtrail/domain/cases';
import { tags, users } from '../../db/schema/index';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { createCaseVia, insertEntry, insertEvidence, insertGroup, patchCaseVia } from './case-test-fixtures';

let t: TestApp;
let admin: Client;
let investigator: Client;
let investigatorUser: { id: string; originatorId: string };
let tagId: string;
const made: Record<string, Case> = {};

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
  const signed = await signedIn(t, 'investigator');
  investigator = signed.client;
  investigatorUser = signed.user;
  tagId = (await admin.post('/api/tags', { name: 'Elderly victim', color: 'red' })).json().id;
  // Created in this order, so creation times ascend A..E.
  made.a = await createCaseVia(investigator, {
    title: 'Alpha romance',
    priority: 'low',
    scamType: 'romance',
  });
  made.b = await createCaseVia(investigator, {
    title: 'Bravo crypto',
    priority: 'critical',
    scamType: 'investment',
    assigneeIds: [investigatorUser.id],
    tagIds: [tagId],
  });
  made.c = await createCaseVia(investigator, {
    title: 'Charlie ROMANCE call',
    priority: 'high',
    scamType: 'romance',
  });
  made.d = await createCaseVia(investigator, { title: 'Delta parcel', priority: 'medium' });
  made.e = await createCaseVia(investigator, { title: '100%_sure invoice', priority: 'critical' });
  await patchCaseVia(investigator, made.d.id, { status: 'in_progress' });
  // The oldest case becomes the most recently active.
  await patchCaseVia(investigator, made.a.id, { description: 'Victim called again' });
});
afterAll(async () => {
  await t.close();
});

async function titles(query: string): Promise<string[]> {
  const res = await investigator.get(`/api/cases${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Case[]).map((c) => c.title);
}

describe('case list', () => {
  it('answers the most recently active first, as the case would', async () => {
    const res = await investigator.get('/api/cases');
    const body = res.json() as { data: Case[]; pagination: unknown };
    expect(body.data.map((c) => c.title)).toEqual([
      'Alpha romance',
      'Delta parcel',
      '100%_sure invoice',
      'Charlie ROMANCE call',
      'Bravo crypto',
    ]);
    expect(body.pagination).toEqual({ page: 1, pageSize: 25, totalItems: 5, totalPages: 1 });
    const bravo = body.data.find((c) => c.id === made.b.id);
    expect(bravo).toEqual((await investigator.get(`/api/cases/${made.b.id}`)).json());
    expect(bravo).toMatchObject({
      assignees: [{ id: investigatorUser.id }],
      tags: [{ id: tagId, name: 'Elderly victim', color: 'red' }],
      originator: { id: investigatorUser.originatorId, proxy: null },
    });
  });

  it('shows a tag whose stored colour is not in the palette as gray, in the case and the list alike', async () => {
    // Colours are checked on input; the database writes case answers, so it applies the fallback too.
    await t.database.db.update(tags).set({ color: 'chartreuse' }).where(eq(tags.id, tagId));
    try {
      const one = (await investigator.get(`/api/cases/${made.b.id}`)).json() as Case;
      const listed = ((await investigator.get(`/api/cases?tagId=${tagId}`)).json() as { data: Case[] }).data;
      expect(one.tags).toEqual([{ id: tagId, name: 'Elderly victim', color: 'gray' }]);
      expect(listed.map((c) => c.tags)).toEqual([one.tags]);
    } finally {
      await t.database.db.update(tags).set({ color: 'red' }).where(eq(tags.id, tagId));
    }
  });

  it('filters by status, priority, scam type, assignee and tag', async () => {
    expect(await titles('?status=in_progress')).toEqual(['Delta parcel']);
    expect(await titles('?priority=critical&sort=createdAt&direction=asc')).toEqual([
      'Bravo crypto',
      '100%_sure invoice',
    ]);
    expect(await titles('?scamType=romance&sort=createdAt')).toEqual([
      'Charlie ROMANCE call',
      'Alpha romance',
    ]);
    expect(await titles(`?assigneeId=${investigatorUser.id}`)).toEqual(['Bravo crypto']);
    expect(await titles(`?tagId=${tagId}`)).toEqual(['Bravo crypto']);
    expect(await titles(`?tagId=${crypto.randomUUID()}`)).toEqual([]);
  });

  it('searches titles case-insensitively, taking % and _ literally', async () => {
    expect(await titles('?search=romance&sort=createdAt&direction=asc')).toEqual([
      'Alpha romance',
      'Charlie ROMANCE call',
    ]);
    expect(await titles('?search=0%25_s')).toEqual(['100%_sure invoice']);
    expect(await titles('?search=%25')).toEqual(['100%_sure invoice']);
    expect(await titles('?search=_')).toEqual(['100%_sure invoice']);
  });

  it('searches descriptions too, where a summary names what the title does not', async () => {
    // Alpha's description is "Victim called again"; Charlie's title holds "call".
    expect(await titles('?search=VICTIM')).toEqual(['Alpha romance']);
    expect(await titles('?search=call&sort=createdAt&direction=asc')).toEqual([
      'Alpha romance',
      'Charlie ROMANCE call',
    ]);
    const res = await investigator.get('/api/cases?search=victim%20called');
    expect(res.json().pagination.totalItems).toBe(1);
  });

  it('puts title matches first when sorted by relevance, then by their description', async () => {
    // Alpha is the most recently active but matches "call" by its description only.
    expect(await titles('?search=call&sort=relevance')).toEqual(['Charlie ROMANCE call', 'Alpha romance']);
    expect(await titles('?search=call')).toEqual(['Alpha romance', 'Charlie ROMANCE call']);
    // Without a search: the most recently active first, whatever the direction.
    expect(await titles('?sort=relevance&direction=asc')).toEqual(await titles(''));
  });

  it('finds a case by its number, written "12" or "#12"', async () => {
    const { number } = made.b;
    expect(await titles(`?search=${encodeURIComponent(`#${number}`)}`)).toEqual(['Bravo crypto']);
    expect(await titles(`?search=${encodeURIComponent(`# ${number}`)}`)).toEqual(['Bravo crypto']);
    // A number is also a substring of titles ("100%_sure invoice" holds 1 and 0).
    expect(await titles(`?search=${number}`)).toContain('Bravo crypto');
    expect(await titles('?search=%23999999999')).toEqual([]);
  });

  it('sorts by priority, critical first, or by creation either way', async () => {
    const byPriority = await titles('?sort=priority');
    expect(byPriority.slice(0, 2).sort()).toEqual(['100%_sure invoice', 'Bravo crypto']);
    expect(byPriority.slice(2)).toEqual(['Charlie ROMANCE call', 'Delta parcel', 'Alpha romance']);
    expect((await titles('?sort=priority&direction=asc'))[0]).toBe('Alpha romance');
    expect(await titles('?sort=createdAt&direction=asc')).toEqual([
      'Alpha romance',
      'Bravo crypto',
      'Charlie ROMANCE call',
      'Delta parcel',
      '100%_sure invoice',
    ]);
  });

  it('pages with the total of the whole list', async () => {
    const page1 = (await investigator.get('/api/cases?sort=createdAt&direction=asc&pageSize=2')).json();
    const page3 = (
      await investigator.get('/api/cases?sort=createdAt&direction=asc&pageSize=2&page=3')
    ).json();
    const page9 = (await investigator.get('/api/cases?pageSize=2&page=9')).json();
    expect(page1.data.map((c: Case) => c.title)).toEqual(['Alpha romance', 'Bravo crypto']);
    expect(page1.pagination).toEqual({ page: 1, pageSize: 2, totalItems: 5, totalPages: 3 });
    expect(page3.data.map((c: Case) => c.title)).toEqual(['100%_sure invoice']);
    expect(page3.pagination.totalItems).toBe(5);
    expect(page9.data).toEqual([]);
    expect(page9.pagination.totalItems).toBe(5);
  });

  it('counts journal entries that are not nullified, and evidence', async () => {
    const db = t.database.db;
    const originatorId = investigatorUser.originatorId;
    await insertEntry(db, { caseId: made.c.id, originatorId });
    await insertEntry(db, { caseId: made.c.id, originatorId });
    await insertEntry(db, { caseId: made.c.id, originatorId, isNullified: true });
    await insertEntry(db, { caseId: null, originatorId });
    await insertEvidence(db, { caseId: made.c.id, originatorId });
    const row = ((await investigator.get('/api/cases?scamType=romance')).json().data as Case[]).find(
      (c) => c.id === made.c.id,
    );
    expect(row).toMatchObject({ entryCount: 2, evidenceCount: 1 });
    expect((await investigator.get(`/api/cases/${made.a.id}`)).json()).toMatchObject({
      entryCount: 0,
      evidenceCount: 0,
    });
  });
});

describe('assignable users', () => {
  it('lists enabled users by name, without e-mail or role, for an investigator', async () => {
    const { user: disabled } = await signedIn(t, 'viewer');
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, disabled.id));
    const res = await investigator.get('/api/cases/assignable-users?pageSize=100');
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((u: { id: string }) => u.id);
    expect(ids).toContain(investigatorUser.id);
    expect(ids).not.toContain(disabled.id);
    expect(Object.keys(res.json().data[0]).sort()).toEqual(['fullName', 'id']);
    const search = (await investigator.get('/api/cases/assignable-users?search=INVESTIG')).json();
    expect(search.data.map((u: { id: string }) => u.id)).toEqual([investigatorUser.id]);
    expect(search.pagination.totalItems).toBe(1);
  });

  it('a disabled user cannot be assigned', async () => {
    const { user } = await signedIn(t, 'investigator');
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    const res = await investigator.post('/api/cases', { title: 'Assigned away', assigneeIds: [user.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe('assigneeIds');
  });
});

describe('case list by group', () => {
  let outsider: Client;
  let groupA: string;
  let groupB: string;
  let inA: Case;

  beforeAll(async () => {
    const signedOutsider = await signedIn(t, 'investigator');
    outsider = signedOutsider.client;
    // A is the investigator's group, B the outsider's: each sees the cases of their own only.
    groupA = await insertGroup(t.database.db, [investigatorUser.id]);
    groupB = await insertGroup(t.database.db, [signedOutsider.user.id]);
    inA = await createCaseVia(investigator, { title: 'Echo group case' });
    await patchCaseVia(investigator, inA.id, { groupId: groupA });
    await createCaseVia(outsider, { title: 'Foxtrot other group', groupId: groupB });
  });

  async function listOf(client: Client, query: string) {
    const res = await client.get(`/api/cases${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Case[]; pagination: { totalItems: number } };
    return { titles: body.data.map((c) => c.title), total: body.pagination.totalItems };
  }

  it("lists a group's cases, and those of no group with groupId=none", async () => {
    expect(await listOf(investigator, `?groupId=${groupA}`)).toEqual({
      titles: ['Echo group case'],
      total: 1,
    });
    expect(await listOf(outsider, `?groupId=${groupB}`)).toEqual({
      titles: ['Foxtrot other group'],
      total: 1,
    });
    const ungrouped = await listOf(investigator, '?groupId=none&sort=createdAt&direction=asc');
    expect(ungrouped.titles).toEqual([
      'Alpha romance',
      'Bravo crypto',
      'Charlie ROMANCE call',
      'Delta parcel',
      '100%_sure invoice',
    ]);
    // With the other filters, as any filter.
    expect((await listOf(investigator, `?groupId=${groupA}&priority=critical`)).titles).toEqual([]);
  });

  it('answers a group whose cases the caller may not see as an unknown one: nothing', async () => {
    const unknown = await listOf(investigator, `?groupId=${crypto.randomUUID()}`);
    expect(unknown).toEqual({ titles: [], total: 0 });
    expect(await listOf(investigator, `?groupId=${groupB}`)).toEqual(unknown);
    expect(await listOf(outsider, `?groupId=${groupA}`)).toEqual(unknown);
    // Past the first page too, where the total is counted.
    expect(await listOf(outsider, `?groupId=${groupA}&page=2&pageSize=1`)).toEqual(unknown);
    // The ungrouped cases the outsider sees do not include the investigator's group.
    expect((await listOf(outsider, '?groupId=none')).titles).not.toContain('Echo group case');
    // An administrator sees every group's cases.
    expect((await listOf(admin, `?groupId=${groupB}`)).titles).toEqual(['Foxtrot other group']);
    expect((await listOf(admin, `?groupId=${groupA}`)).titles).toEqual(['Echo group case']);
  });

  it('downloads the same cases as CSV', async () => {
    const mine = await investigator.get(`/api/cases?groupId=${groupA}&format=csv`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.body).toContain('Echo group case');
    expect(mine.body).not.toContain('Alpha romance');
    const theirs = await investigator.get(`/api/cases?groupId=${groupB}&format=csv`);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.body).not.toContain('Foxtrot');
    expect(theirs.body.trim().split('\n')).toHaveLength(1);
  });

  it('refuses a groupId that is neither a UUID nor "none", naming it', async () => {
    for (const value of ['nope', 'NONE', '', '12']) {
      const res = await investigator.get(`/api/cases?groupId=${encodeURIComponent(value)}`);
      expect(res.statusCode, value).toBe(400);
      expect(res.json().error.details.fields).toEqual([
        { field: 'groupId', message: 'groupId must be a UUID or "none"' },
      ]);
    }
  });
});
