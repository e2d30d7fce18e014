import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList, UnreadNotifications } from '@scamtrail/domain/notifications';
import { caseAssignees } from '../../db/schema/index';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { insertCase, insertGroup } from '../../../test/case-fixtures';

let t: TestApp;
let assignee: Client;
let assigneeId: string;
let colleague: Client;
let colleagueName: string;

beforeAll(async () => {
  t = await buildTestApp();
  const a = await signedIn(t, 'investigator');
  assignee = a.client;
  assigneeId = a.user.id;
  const b = await signedIn(t, 'investigator');
  colleague = b.client;
  colleagueName = `${b.user.firstName} ${b.user.lastName}`;
});
afterAll(async () => {
  await t.close();
});

async function newCase(client: Client, body: object = {}) {
  const res = await client.post('/api/cases', {
    title: `Case ${Math.random().toString(36).slice(2)}`,
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; number: number; title: string };
}

async function addEntry(client: Client, caseId: string, description: string) {
  const res = await client.post('/api/journal-entries', { caseId, type: 'note', description });
  if (res.statusCode !== 201) throw new Error(`entry failed: ${res.statusCode} ${res.body}`);
}

async function notifications(client: Client, query = '') {
  const res = await client.get(`/api/notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NotificationList;
}

async function unread(client: Client) {
  const res = await client.get('/api/notifications/unread');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UnreadNotifications;
}

const seen = (client: Client, upTo: number) => client.post('/api/notifications/seen', { upTo });

/** A case of a group the colleague is in and the assignee is not. */
async function caseOfColleaguesGroup() {
  const colleagueUser = (await colleague.get('/api/auth/me')).json() as { id: string; originatorId: string };
  const group = await insertGroup(t.database.db, [colleagueUser.id]);
  return insertCase(t.database.db, colleagueUser.originatorId, { groupId: group });
}

describe('notifications', () => {
  it("lists what others did on the user's cases, newest first, and nothing of their own or of other cases", async () => {
    const mine = await newCase(colleague, { assigneeIds: [assigneeId] });
    await addEntry(colleague, mine.id, 'Called the bank');
    await addEntry(assignee, mine.id, 'My own note');
    const other = await newCase(colleague);
    await addEntry(colleague, other.id, 'Not about your case');

    const list = await notifications(assignee);
    expect(list.data.map((n) => [n.case.id, n.event.action])).toEqual([
      [mine.id, 'journal_entry.created'],
      [mine.id, 'case.created'],
    ]);
    expect(list.data[0]).toMatchObject({
      case: { id: mine.id, number: mine.number, title: mine.title, status: 'open' },
      event: { actor: { kind: 'user', name: colleagueName }, after: { description: 'Called the bank' } },
      unread: true,
    });
    expect(list.pagination.totalItems).toBe(2);
    expect(list.totalIsCapped).toBe(false);
    // The colleague sees none of it: their own actions, on a case they are not assigned to.
    expect((await notifications(colleague)).data).toEqual([]);
  });

  it('counts the unread, marks them seen up to an event, and never moves the mark back', async () => {
    const before = (await notifications(assignee)).data;
    if (before.length > 0) expect((await seen(assignee, before[0].event.id)).statusCode).toBe(204);
    expect(await unread(assignee)).toEqual({ unread: 0, isCapped: false });

    const item = await newCase(colleague, { assigneeIds: [assigneeId] });
    await addEntry(colleague, item.id, 'First');
    await addEntry(colleague, item.id, 'Second');
    expect(await unread(assignee)).toEqual({ unread: 3, isCapped: false });

    const [newest, middle] = (await notifications(assignee)).data;
    expect((await seen(assignee, middle.event.id)).statusCode).toBe(204);
    expect(await unread(assignee)).toEqual({ unread: 1, isCapped: false });
    const list = await notifications(assignee);
    expect(list.data.slice(0, 3).map((n) => n.unread)).toEqual([true, false, false]);

    // A stale tab marking an older event changes nothing.
    expect((await seen(assignee, 1)).statusCode).toBe(204);
    expect((await unread(assignee)).unread).toBe(1);
    expect((await seen(assignee, newest.event.id)).statusCode).toBe(204);
    expect((await unread(assignee)).unread).toBe(0);
  });

  it("starts at the assignment: a case's earlier history is not news to someone assigned later", async () => {
    const item = await newCase(colleague);
    await addEntry(colleague, item.id, 'Before the assignment');
    const assigned = await colleague.patch(`/api/cases/${item.id}`, { assigneeIds: [assigneeId] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await addEntry(colleague, item.id, 'After the assignment');
    const ofItem = (await notifications(assignee, '?pageSize=50')).data.filter((n) => n.case.id === item.id);
    expect(ofItem.map((n) => n.event.action)).toEqual(['journal_entry.created', 'case.updated']);
    expect(ofItem[0].event.after).toMatchObject({ description: 'After the assignment' });
  });

  it('leaves out an assigned case of a group the user is not in', async () => {
    const hidden = await caseOfColleaguesGroup();
    await t.database.db.insert(caseAssignees).values({ caseId: hidden, userId: assigneeId });
    await addEntry(colleague, hidden, 'In the group only');
    expect((await notifications(assignee)).data.map((n) => n.case.id)).not.toContain(hidden);
  });

  it('brings the events of a task given to the user on a case they are not assigned to, once each', async () => {
    const item = await newCase(colleague);
    await addEntry(colleague, item.id, 'Not news to a task assignee');
    const added = await colleague.post(`/api/cases/${item.id}/tasks`, {
      title: 'Call the bank',
      assigneeId,
    });
    expect(added.statusCode, added.body).toBe(201);
    const taskId = (added.json() as { id: string }).id;
    const started = await colleague.patch(`/api/cases/${item.id}/tasks/${taskId}`, { status: 'in_progress' });
    expect(started.statusCode, started.body).toBe(200);
    const done = await assignee.patch(`/api/cases/${item.id}/tasks/${taskId}`, { status: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    const other = await colleague.post(`/api/cases/${item.id}/tasks`, { title: 'Not theirs' });
    expect(other.statusCode, other.body).toBe(201);

    const ofItem = (await notifications(assignee, '?pageSize=50')).data.filter((n) => n.case.id === item.id);
    expect(ofItem.map((n) => n.event.action)).toEqual(['case.task_updated', 'case.task_added']);
    expect(ofItem[0].event).toMatchObject({
      actor: { kind: 'user', name: colleagueName },
      after: { taskTitle: 'Call the bank', taskStatus: 'in_progress' },
    });
    expect(ofItem[1].case).toMatchObject({ id: item.id, number: item.number, title: item.title });

    // Assigned to the case as well: each event comes once, and the case's other events from then on.
    const assigned = await colleague.patch(`/api/cases/${item.id}`, { assigneeIds: [assigneeId] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const renamed = await colleague.patch(`/api/cases/${item.id}/tasks/${taskId}`, {
      title: 'Call the bank again',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = (await notifications(assignee, '?pageSize=50')).data.filter((n) => n.case.id === item.id);
    expect(after.map((n) => n.event.action)).toEqual([
      'case.task_updated',
      'case.updated',
      'case.task_updated',
      'case.task_added',
    ]);
    expect(new Set(after.map((n) => n.event.id)).size).toBe(after.length);
  });

  it('leaves out a task of a case the user may not see', async () => {
    const hidden = await caseOfColleaguesGroup();
    const res = await colleague.post(`/api/cases/${hidden}/tasks`, {
      title: 'In the group only',
      assigneeId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const ids = (await notifications(assignee, '?pageSize=50')).data.map((n) => n.case.id);
    expect(ids).not.toContain(hidden);
  });

  it('pages', async () => {
    const all = await notifications(assignee, '?pageSize=50');
    expect(all.data.length).toBeGreaterThanOrEqual(5);
    const second = await notifications(assignee, '?pageSize=2&page=2');
    expect(second.data.map((n) => n.event.id)).toEqual(all.data.slice(2, 4).map((n) => n.event.id));
    expect(second.pagination).toMatchObject({ page: 2, pageSize: 2, totalItems: all.data.length });
  });

  it('refuses a bad mark or page with a 400 naming the field', async () => {
    for (const [body, field] of [
      [{}, 'upTo'],
      [{ upTo: 'latest' }, 'upTo'],
      [{ upTo: 1.5 }, 'upTo'],
      [{ upTo: 0 }, 'upTo'],
    ] as const) {
      const res = await assignee.post('/api/notifications/seen', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual([field]);
    }
    const res = await assignee.get('/api/notifications?pageSize=500');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual(['pageSize']);
  });
});
