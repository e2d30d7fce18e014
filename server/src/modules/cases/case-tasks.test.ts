import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_TASK_TITLE_MAX_LENGTH, type CaseTask, type CaseTaskList } from '@scamtrail/domain/case-tasks';
import type { AuditEvent, Case } from '@scamtrail/domain/cases';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { ARCHIVED_MESSAGE } from './case.preconditions';
import { countCaseEvents, createCaseVia, insertGroup, patchCaseVia } from './case-test-fixtures';

let t: TestApp;
let investigator: Client;
let admin: Client;
let me: { id: string; firstName: string; lastName: string };
let colleague: { id: string; firstName: string; lastName: string };

beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'investigator');
  investigator = signed.client;
  me = signed.user;
  colleague = (await signedIn(t, 'investigator')).user;
  admin = (await signedIn(t, 'admin')).client;
});
afterAll(async () => {
  await t.close();
});

const tasksOf = (caseId: string) => `/api/cases/${caseId}/tasks`;

async function addTask(caseId: string, body: Record<string, unknown>, client = investigator) {
  const res = await client.post(tasksOf(caseId), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CaseTask;
}

async function list(caseId: string, query = '', client = investigator): Promise<CaseTaskList> {
  const res = await client.get(`${tasksOf(caseId)}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CaseTaskList;
}

async function change(caseId: string, taskId: string, body: Record<string, unknown>) {
  const res = await investigator.patch(`${tasksOf(caseId)}/${taskId}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CaseTask;
}

async function history(caseId: string): Promise<AuditEvent[]> {
  return (await investigator.get(`/api/cases/${caseId}/history?pageSize=100`)).json().data as AuditEvent[];
}

const fieldsOf = (body: string) =>
  (JSON.parse(body).error.details.fields as { field: string }[]).map((f) => f.field);

describe('case tasks', () => {
  it('a new task is to do, with its assignee, due date and who added it, and in the case’s History', async () => {
    const item = await createCaseVia(investigator);
    const task = await addTask(item.id, {
      title: 'Ask Acme Bank to freeze the mule account',
      description: 'Account ending 4421',
      assigneeId: colleague.id,
      dueAt: '2026-12-01T09:00:00+01:00',
    });
    expect(task).toMatchObject({
      caseId: item.id,
      title: 'Ask Acme Bank to freeze the mule account',
      description: 'Account ending 4421',
      status: 'todo',
      assignee: { id: colleague.id, fullName: `${colleague.firstName} ${colleague.lastName}` },
      dueAt: '2026-12-01T08:00:00.000Z',
      createdBy: { name: `${me.firstName} ${me.lastName}`, type: 'team_member' },
      completedAt: null,
    });
    const [latest] = await history(item.id);
    expect(latest).toMatchObject({
      action: 'case.task_added',
      before: null,
      after: { taskId: task.id, taskTitle: task.title, taskStatus: 'todo', assigneeId: colleague.id },
    });
    // Adding a task is activity on the case.
    const after = (await investigator.get(`/api/cases/${item.id}`)).json() as Case;
    expect(Date.parse(after.lastActivityAt)).toBeGreaterThan(Date.parse(item.lastActivityAt));
  });

  it('lists open tasks first, the soonest due first, then the finished ones; counts the open ones', async () => {
    const item = await createCaseVia(investigator);
    await addTask(item.id, { title: 'Later', dueAt: '2026-12-20T00:00:00Z' });
    const undated = await addTask(item.id, { title: 'Undated' });
    await addTask(item.id, { title: 'Sooner', dueAt: '2026-12-02T00:00:00Z' });
    const finished = await addTask(item.id, { title: 'Finished', dueAt: '2026-11-01T00:00:00Z' });
    await change(item.id, finished.id, { status: 'done' });
    const all = await list(item.id);
    expect(all.data.map((task) => task.title)).toEqual(['Sooner', 'Later', 'Undated', 'Finished']);
    expect(all.openCount).toBe(3);
    expect(all.pagination.totalItems).toBe(4);

    const page = await list(item.id, '?pageSize=2&page=2');
    expect(page.data.map((task) => task.id)).toEqual([undated.id, finished.id]);
    const past = await list(item.id, '?pageSize=2&page=9');
    expect(past).toMatchObject({ data: [], openCount: 3, pagination: { totalItems: 4 } });
  });

  it('done stamps completedAt, reopening clears it; History keeps only what changed, naming the task', async () => {
    const item = await createCaseVia(investigator);
    const task = await addTask(item.id, { title: 'Call the victim back' });
    const done = await change(item.id, task.id, { status: 'done' });
    expect(done.status).toBe('done');
    expect(Date.parse(done.completedAt!)).not.toBeNaN();
    const [latest] = await history(item.id);
    expect(latest).toMatchObject({
      action: 'case.task_updated',
      before: { taskId: task.id, taskTitle: 'Call the victim back', taskStatus: 'todo' },
      after: { taskId: task.id, taskTitle: 'Call the victim back', taskStatus: 'done' },
    });
    expect(Object.keys(latest.after as object).sort()).toEqual(['taskId', 'taskStatus', 'taskTitle']);

    const reopened = await change(item.id, task.id, { status: 'in_progress', assigneeId: me.id });
    expect(reopened).toMatchObject({ status: 'in_progress', completedAt: null, assignee: { id: me.id } });
    const unassigned = await change(item.id, task.id, { assigneeId: null, dueAt: null });
    expect(unassigned.assignee).toBeNull();

    // The same values again change nothing and write nothing.
    const events = await countCaseEvents(t.database.db);
    await change(item.id, task.id, { status: 'in_progress', title: 'Call the victim back' });
    expect(await countCaseEvents(t.database.db)).toBe(events);
  });

  it('removing a task keeps what it was in the History', async () => {
    const item = await createCaseVia(investigator);
    const task = await addTask(item.id, { title: 'Mistake' });
    const res = await investigator.delete(`${tasksOf(item.id)}/${task.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await list(item.id)).data).toEqual([]);
    expect((await history(item.id))[0]).toMatchObject({
      action: 'case.task_removed',
      before: { taskId: task.id, taskTitle: 'Mistake' },
      after: null,
    });
    expect((await investigator.delete(`${tasksOf(item.id)}/${task.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with a 400 naming the field, and saves nothing', async () => {
    const item = await createCaseVia(investigator);
    const task = await addTask(item.id, { title: 'Kept as it is' });
    const before = await countCaseEvents(t.database.db);
    const creates: [unknown, string][] = [
      [{}, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(CASE_TASK_TITLE_MAX_LENGTH + 1) }, 'title'],
      [{ title: 'a\u0000b' }, 'title'],
      [{ title: 'ok', description: 'lone \ud800' }, 'description'],
      [{ title: 'ok', assigneeId: 'bob' }, 'assigneeId'],
      [{ title: 'ok', assigneeId: '7d9e4c1a-0000-4000-8000-000000000000' }, 'assigneeId'],
      [{ title: 'ok', dueAt: 'tomorrow' }, 'dueAt'],
      // Well-formed, but no year PostgreSQL stores: year 0, and year 10000 once in UTC (a 500 before).
      [{ title: 'ok', dueAt: '0000-01-01T00:00:00Z' }, 'dueAt'],
      [{ title: 'ok', dueAt: '0001-01-01T00:00:00+01:00' }, 'dueAt'],
      [{ title: 'ok', dueAt: '9999-12-31T23:59:59-14:00' }, 'dueAt'],
    ];
    for (const [body, field] of creates) {
      const res = await investigator.post(tasksOf(item.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res.body), JSON.stringify(body)).toEqual([field]);
    }
    const changes: [unknown, string | null][] = [
      [{ status: 'finished' }, 'status'],
      [{ title: '' }, 'title'],
      [{ assigneeId: '7d9e4c1a-0000-4000-8000-000000000000' }, 'assigneeId'],
      [{ dueAt: '9999-12-31T23:59:59-14:00' }, 'dueAt'],
      [{}, null],
    ];
    for (const [body, field] of changes) {
      const res = await investigator.patch(`${tasksOf(item.id)}/${task.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(fieldsOf(res.body), JSON.stringify(body)).toEqual([field]);
    }
    expect(await countCaseEvents(t.database.db)).toBe(before);
    expect((await list(item.id)).data).toEqual([task]);
  });

  it('a task of another case is not found through this one', async () => {
    const [one, other] = await Promise.all([createCaseVia(investigator), createCaseVia(investigator)]);
    const task = await addTask(other.id, { title: 'Belongs to the other case' });
    expect((await investigator.patch(`${tasksOf(one.id)}/${task.id}`, { status: 'done' })).statusCode).toBe(
      404,
    );
    expect((await investigator.delete(`${tasksOf(one.id)}/${task.id}`)).statusCode).toBe(404);
    expect((await list(other.id)).data[0].status).toBe('todo');
  });

  it('an archived case’s tasks are read-only (409) until it is reopened', async () => {
    const item = await createCaseVia(investigator);
    const task = await addTask(item.id, { title: 'Before archiving' });
    await patchCaseVia(investigator, item.id, { status: 'archived' });
    for (const res of [
      await investigator.post(tasksOf(item.id), { title: 'After archiving' }),
      await investigator.patch(`${tasksOf(item.id)}/${task.id}`, { status: 'done' }),
      await investigator.delete(`${tasksOf(item.id)}/${task.id}`),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(ARCHIVED_MESSAGE);
    }
    expect((await list(item.id)).data.map((t) => t.status)).toEqual(['todo']);
  });

  it('an investigator outside the case’s group gets 404 for its tasks, whatever the call', async () => {
    const hidden = await createCaseVia(admin, { groupId: await insertGroup(t.database.db) });
    const task = await addTask(hidden.id, { title: 'Secret work' }, admin);
    expect((await investigator.get(tasksOf(hidden.id))).statusCode).toBe(404);
    expect((await investigator.post(tasksOf(hidden.id), { title: 'x' })).statusCode).toBe(404);
    expect(
      (await investigator.patch(`${tasksOf(hidden.id)}/${task.id}`, { status: 'done' })).statusCode,
    ).toBe(404);
    expect((await investigator.delete(`${tasksOf(hidden.id)}/${task.id}`)).statusCode).toBe(404);
    expect((await list(hidden.id, '', admin)).data.map((t) => t.status)).toEqual(['todo']);
  });

  it('a viewer reads tasks but cannot add, change or remove them', async () => {
    const item = await createCaseVia(investigator);
    const task = await addTask(item.id, { title: 'Visible to viewers' });
    const { client: viewer } = await signedIn(t, 'viewer');
    expect((await list(item.id, '', viewer)).data).toHaveLength(1);
    expect((await viewer.post(tasksOf(item.id), { title: 'x' })).statusCode).toBe(403);
    expect((await viewer.patch(`${tasksOf(item.id)}/${task.id}`, { status: 'done' })).statusCode).toBe(403);
    expect((await viewer.delete(`${tasksOf(item.id)}/${task.id}`)).statusCode).toBe(403);
  });
});
