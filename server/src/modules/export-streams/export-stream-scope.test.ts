import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  signedIn,
  untilEveryEventReadable,
  type Client,
  type TestApp,
} from '../../../test/helpers';
import { automationWithKey, unique } from '../../../test/originator-helpers';
import { SCOPE_GROUP_HIDDEN_MESSAGE } from './export-streams.service';

/**
 * A stream carries the cases of no group and those of the groups chosen for it, as the cases are when
 * it is read; events of any other case, and events naming a record of one, never appear in it.
 */

const MARKER = `grouped-${Math.random().toString(36).slice(2, 10)}`;
const ALL_TOPICS = ['cases', 'journal', 'evidence', 'identifiers', 'organisation', 'access'];

let t: TestApp;
let admin: Client;
let groupId: string;

interface StreamEvent {
  id: string;
  type: string;
  subject: { type: string; id: string };
  caseId: string | null;
  data: Record<string, unknown>;
}
interface EventsPage {
  data: StreamEvent[];
  next: string;
  hasMore: boolean;
}

async function ok<T = { id: string }>(res: Promise<{ statusCode: number; body: string; json(): unknown }>) {
  const answer = await res;
  if (answer.statusCode >= 300) throw new Error(`${answer.statusCode} ${answer.body}`);
  return (answer.body ? answer.json() : null) as T;
}

async function read(client: Client, streamId: string, query: string): Promise<EventsPage> {
  return ok<EventsPage>(client.get(`/api/export-streams/${streamId}/events${query}`));
}

/** Every event of the stream after `after`, following `next` page by page, and the pages it took. */
async function readAll(streamId: string, after = '', limit = 1000) {
  await untilEveryEventReadable(t);
  const events: StreamEvent[] = [];
  let cursor = after;
  for (let pages = 1; ; pages += 1) {
    const page = await read(admin, streamId, `?limit=${limit}${cursor ? `&after=${cursor}` : ''}`);
    expect(page.data.length).toBeLessThanOrEqual(limit);
    events.push(...page.data);
    cursor = page.next;
    if (!page.hasMore) return { events, next: cursor, pages };
  }
}

async function createStream(groupIds: string[], client = admin) {
  return ok<{ id: string; groups: { id: string; name: string }[] }>(
    client.post('/api/export-streams', { name: unique('Scoped'), topics: ALL_TOPICS, groupIds }),
  );
}

const createCase = async (title: string, group: string | null = null) =>
  (await ok(admin.post('/api/cases', { title, groupId: group }))).id;

/** What a case's life writes: changed, an entry, evidence made in it and moved into it, a task. */
async function workOn(caseId: string) {
  await ok(admin.patch(`/api/cases/${caseId}`, { description: `Changed ${MARKER}` }));
  const entryId = (
    await ok(admin.post('/api/journal-entries', { caseId, type: 'note', description: `Entry ${MARKER}` }))
  ).id;
  const made = (await ok(admin.post('/api/evidence', { title: `Made ${MARKER}`, body: 'x', caseId }))).id;
  const moved = (await ok(admin.post('/api/evidence', { title: `Moved ${MARKER}`, body: 'x' }))).id;
  await ok(admin.patch(`/api/evidence/${moved}`, { caseId }));
  await ok(admin.post(`/api/journal-entries/${entryId}/evidence/${made}`));
  const taskId = (await ok(admin.post(`/api/cases/${caseId}/tasks`, { title: `Task ${MARKER}` }))).id;
  return { entryId, evidenceIds: [made, moved], taskId };
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
  groupId = (await ok(admin.post('/api/groups', { name: unique('Fraud desk') }))).id;
});
afterAll(async () => {
  await t.close();
});

describe('an export stream', () => {
  it('shows the groups it carries, and carries their cases and those of no group only', async () => {
    const ungrouped = await createStream([]);
    const scoped = await createStream([groupId]);
    expect(ungrouped.groups).toEqual([]);
    expect(scoped.groups).toEqual([{ id: groupId, name: expect.stringContaining('Fraud desk') }]);
    const [fromNone, fromGroup] = await Promise.all([readAll(ungrouped.id), readAll(scoped.id)]);

    const hidden = await createCase(`Case ${MARKER}`, groupId);
    const records = await workOn(hidden);
    const open = await createCase('Everyone may see it');
    // A link names the other case and says why: it is an event of both.
    await ok(admin.post(`/api/cases/${open}/links`, { caseId: hidden, note: `Link ${MARKER}` }));
    await ok(admin.patch(`/api/cases/${open}`, { priority: 'high' }));

    const none = await readAll(ungrouped.id, fromNone.next);
    const text = JSON.stringify(none.events);
    expect(text).not.toContain(MARKER);
    for (const id of [hidden, records.entryId, records.taskId, ...records.evidenceIds]) {
      expect(text).not.toContain(id);
    }
    expect(none.events.map((e) => [e.type, e.subject.id])).toEqual([
      ['case.created', open],
      ['case.updated', open],
    ]);

    const group = await readAll(scoped.id, fromGroup.next);
    expect(group.events.filter((e) => e.caseId === hidden).map((e) => e.type)).toEqual([
      'case.created',
      'case.updated',
      'journal_entry.created',
      'evidence.created',
      'evidence.linked',
      'journal_entry.evidence_linked',
      'case.task_added',
      'case.linked',
    ]);
    // The caseless evidence's creation, now that it is in the case, and the link on the open case.
    expect(group.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['evidence.created', 'case.linked']),
    );
    expect(JSON.stringify(group.events)).toContain(`Link ${MARKER}`);
  });

  it("judges a case's events by its group when read: moved into a group, they leave other streams", async () => {
    const ungrouped = await createStream([]);
    const scoped = await createStream([groupId]);
    const [fromNone, fromGroup] = await Promise.all([readAll(ungrouped.id), readAll(scoped.id)]);
    const moving = await createCase(`Moving ${MARKER}`);
    const records = await workOn(moving);
    const before = await readAll(ungrouped.id, fromNone.next);
    expect(before.events.filter((e) => e.caseId === moving)).toHaveLength(7);

    await ok(admin.patch(`/api/cases/${moving}`, { groupId }));
    const after = await readAll(ungrouped.id, fromNone.next);
    const text = JSON.stringify(after.events);
    expect(text).not.toContain(MARKER);
    for (const id of [moving, records.entryId, records.taskId, ...records.evidenceIds]) {
      expect(text).not.toContain(id);
    }
    const group = await readAll(scoped.id, fromGroup.next);
    expect(group.events.filter((e) => e.caseId === moving)).toHaveLength(8);
  });

  it('carries events of no case, but not one naming a record of a case outside it', async () => {
    const ungrouped = await createStream([]);
    const { next } = await readAll(ungrouped.id);
    const hidden = await createCase('Hidden', groupId);
    const entryId = (
      await ok(
        admin.post('/api/journal-entries', { caseId: hidden, type: 'note', description: 'Hidden entry' }),
      )
    ).id;
    const address = `${unique('scope')}@example.org`;
    const identifier = (await ok(admin.post('/api/identifiers', { type: 'email', data: { address } }))).id;
    await ok(admin.post(`/api/journal-entries/${entryId}/identifiers/${identifier}`));
    await ok(admin.delete(`/api/journal-entries/${entryId}/identifiers/${identifier}`));
    const loose = (
      await ok(admin.post('/api/identifiers', { type: 'email', data: { address: `x${address}` } }))
    ).id;
    await ok(admin.delete(`/api/identifiers/${loose}`));
    // Deleted while an entry of the hidden case names it: its deletion names that entry.
    const named = (
      await ok(admin.post('/api/identifiers', { type: 'email', data: { address: `y${address}` } }))
    ).id;
    await ok(admin.post(`/api/journal-entries/${entryId}/identifiers/${named}`));
    await ok(admin.delete(`/api/identifiers/${named}`));

    const { events } = await readAll(ungrouped.id, next);
    expect(events.map((e) => [e.type, e.subject.id])).toEqual([
      ['identifier.created', identifier],
      ['identifier.created', loose],
      ['identifier.deleted', loose],
      ['identifier.created', named],
    ]);
  });

  it('reads past the events it does not carry: the cursor moves on, page after page', async () => {
    const ungrouped = await createStream([]);
    const start = await readAll(ungrouped.id);
    for (let i = 0; i < 3; i += 1) await workOn(await createCase(`Busy ${i}`, groupId));

    const idle = await read(admin, ungrouped.id, `?after=${start.next}`);
    expect(idle.data).toEqual([]);
    expect(idle.hasMore).toBe(false);
    expect(idle.next).not.toBe(start.next);
    expect(await read(admin, ungrouped.id, `?after=${idle.next}`)).toEqual({
      data: [],
      next: idle.next,
      hasMore: false,
    });

    // One at a time, over more hidden events than one answer walks: it still gets through.
    const open = await createCase('After the busy ones');
    const paged = await readAll(ungrouped.id, start.next, 1);
    expect(paged.events.map((e) => e.subject.id)).toEqual([open]);
    expect(paged.pages).toBeGreaterThan(1);
    expect((await readAll(ungrouped.id, idle.next)).events.map((e) => e.subject.id)).toEqual([open]);
  });

  it('answers a waiting reader with the events it carries only', { timeout: 20_000 }, async () => {
    const ungrouped = await createStream([]);
    const { next } = await readAll(ungrouped.id);
    const waiting = read(admin, ungrouped.id, `?after=${next}&wait=30`);
    await createCase('Not for this stream', groupId);
    const open = await createCase('For this stream');
    const page = await waiting;
    expect(page.data.map((e) => e.subject.id)).toEqual([open]);
  });

  it('refuses groups that do not exist or that its author cannot see, naming groupIds', async () => {
    const name = unique('Bad scope');
    for (const [groupIds, field] of [
      [['not-a-group'], 'groupIds.0'],
      ['all', 'groupIds'],
      [[randomUUID()], 'groupIds'],
      [[groupId, randomUUID()], 'groupIds'],
    ] as const) {
      const res = await admin.post('/api/export-streams', { name, topics: ['cases'], groupIds });
      expect(res.statusCode, JSON.stringify(groupIds)).toBe(400);
      expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual([field]);
    }
    expect((await admin.get('/api/export-streams?pageSize=100')).body).not.toContain(name);

    // An API key sees no group's cases: it cannot give them to a stream's readers.
    const key = (await automationWithKey(t, admin, ['export.edit', 'export.view', 'group.view'])).caller;
    const refused = await key.post('/api/export-streams', { name, topics: ['cases'], groupIds: [groupId] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.fields).toEqual([
      { field: 'groupIds', message: SCOPE_GROUP_HIDDEN_MESSAGE },
    ]);
    const own = await createStream([], key);
    expect((await key.patch(`/api/export-streams/${own.id}`, { groupIds: [groupId] })).statusCode).toBe(400);
    expect((await admin.get(`/api/export-streams/${own.id}`)).json().groups).toEqual([]);

    // Keeping or narrowing what an administrator chose needs no more than the stream's other changes.
    const scoped = await createStream([groupId]);
    const renamed = await key.patch(`/api/export-streams/${scoped.id}`, {
      name: unique('Renamed'),
      groupIds: [groupId],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const narrowed = await key.patch(`/api/export-streams/${scoped.id}`, { groupIds: [] });
    expect(narrowed.json().groups).toEqual([]);
    const missing = await admin.patch(`/api/export-streams/${scoped.id}`, { groupIds: [randomUUID()] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.fields[0].field).toBe('groupIds');
  });
});
