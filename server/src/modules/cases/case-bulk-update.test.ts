import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_CASES_MAX, type AuditEvent, type Case } from '@scamtrail/domain/cases';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { ARCHIVED_MESSAGE } from './case.preconditions';
import { countCaseEvents, createCaseVia, insertGroup, patchCaseVia } from './case-test-fixtures';

let t: TestApp;
let investigator: Client;
let admin: Client;
let me: { id: string; firstName: string; lastName: string };
let colleagueId: string;
let tagId: string;
let otherTagId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'investigator');
  investigator = signed.client;
  me = signed.user;
  colleagueId = (await signedIn(t, 'investigator')).user.id;
  admin = (await signedIn(t, 'admin')).client;
  tagId = (await admin.post('/api/tags', { name: 'Elderly victim', color: 'red' })).json().id;
  otherTagId = (await admin.post('/api/tags', { name: 'Crypto', color: 'blue' })).json().id;
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/cases/bulk-update';

async function bulk(body: Record<string, unknown>): Promise<Case[]> {
  const res = await investigator.post(URL, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Case[];
}

async function history(caseId: string): Promise<AuditEvent[]> {
  return (await investigator.get(`/api/cases/${caseId}/history?pageSize=100`)).json().data as AuditEvent[];
}

const read = async (id: string) => (await investigator.get(`/api/cases/${id}`)).json() as Case;
const fieldsOf = (body: string) =>
  (JSON.parse(body).error.details.fields as { field: string; message: string }[]).map((f) => f.field);

describe('changing several cases at once', () => {
  it('sets the priority, adds an assignee and a tag to each, answering them in the order asked', async () => {
    const [a, b, c] = await Promise.all(
      ['A', 'B', 'C'].map((title) => createCaseVia(investigator, { title })),
    );
    await patchCaseVia(investigator, b.id, { assigneeIds: [colleagueId], tagIds: [otherTagId] });
    const changed = await bulk({
      ids: [c.id, a.id, b.id],
      priority: 'critical',
      addAssigneeIds: [me.id],
      addTagIds: [tagId],
    });
    expect(changed.map((item) => item.title)).toEqual(['C', 'A', 'B']);
    for (const item of changed) expect(item.priority).toBe('critical');
    expect(changed[1].assignees.map((u) => u.id)).toEqual([me.id]);
    // What b had is kept: assignees and tags are added to, not replaced.
    expect(changed[2].assignees.map((u) => u.id).sort()).toEqual([colleagueId, me.id].sort());
    expect(changed[2].tags.map((tag) => tag.id).sort()).toEqual([tagId, otherTagId].sort());
    expect((await read(a.id)).tags.map((tag) => tag.name)).toEqual(['Elderly victim']);

    // Each case has its own History row, with only what changed for it.
    const [latestOfB] = await history(b.id);
    expect(latestOfB).toMatchObject({
      action: 'case.updated',
      before: { priority: 'medium', assigneeIds: [colleagueId] },
      actor: { kind: 'user', name: `${me.firstName} ${me.lastName}` },
    });
    expect((latestOfB.after as { assigneeIds: string[] }).assigneeIds.sort()).toEqual(
      [colleagueId, me.id].sort(),
    );
  });

  it('removes an assignee and a tag where the case has them, and leaves the others alone', async () => {
    const [a, b] = await Promise.all([createCaseVia(investigator), createCaseVia(investigator)]);
    await patchCaseVia(investigator, a.id, { assigneeIds: [me.id, colleagueId], tagIds: [tagId] });
    const eventsOfB = (await history(b.id)).length;
    const [changedA, changedB] = await bulk({
      ids: [a.id, b.id],
      removeAssigneeIds: [colleagueId],
      removeTagIds: [tagId],
    });
    expect(changedA.assignees.map((u) => u.id)).toEqual([me.id]);
    expect(changedA.tags).toEqual([]);
    // Nothing to remove from b: nothing written.
    expect(changedB.updatedAt).toBe(b.updatedAt);
    expect((await history(b.id)).length).toBe(eventsOfB);
  });

  it('closes several with one resolution and closure notes; each History says Closed', async () => {
    const [a, b] = await Promise.all([createCaseVia(investigator), createCaseVia(investigator)]);
    const closed = await bulk({
      ids: [a.id, b.id],
      status: 'closed',
      resolution: 'unresolved',
      closureNotes: 'Spam reports with no loss',
    });
    for (const item of closed) {
      expect(item).toMatchObject({ status: 'closed', resolution: 'unresolved' });
      expect((await history(item.id))[0].action).toBe('case.closed');
    }
  });

  it('is all or none: one case refused (an archived one) leaves every case as it was', async () => {
    const [a, b] = await Promise.all([createCaseVia(investigator), createCaseVia(investigator)]);
    const archived = await patchCaseVia(investigator, (await createCaseVia(investigator)).id, {
      status: 'archived',
    });
    const before = await countCaseEvents(t.database.db);
    const res = await investigator.post(URL, { ids: [a.id, archived.id, b.id], priority: 'high' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'CONFLICT',
      message: `#${archived.number}: ${ARCHIVED_MESSAGE}`,
      details: { caseId: archived.id },
    });
    expect(await countCaseEvents(t.database.db)).toBe(before);
    for (const id of [a.id, b.id]) expect((await read(id)).priority).toBe('medium');
  });

  it('closing without notes is a 400 naming closureNotes, and changes nothing', async () => {
    const [a, b] = await Promise.all([createCaseVia(investigator), createCaseVia(investigator)]);
    const before = await countCaseEvents(t.database.db);
    const res = await investigator.post(URL, { ids: [a.id, b.id], status: 'closed', resolution: 'resolved' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['closureNotes']);
    expect(await countCaseEvents(t.database.db)).toBe(before);
    expect((await read(a.id)).status).toBe('open');
  });

  it('a case the caller may not see is refused as a missing one, naming ids; nothing changes', async () => {
    const seen = await createCaseVia(investigator);
    const hidden = await createCaseVia(admin, { groupId: await insertGroup(t.database.db) });
    const before = await countCaseEvents(t.database.db);
    for (const id of [hidden.id, '7d9e4c1a-0000-4000-8000-000000000000']) {
      const res = await investigator.post(URL, { ids: [seen.id, id], priority: 'low' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields).toEqual([
        { field: 'ids', message: `No case with the id ${id}` },
      ]);
    }
    expect(await countCaseEvents(t.database.db)).toBe(before);
    expect((await read(seen.id)).priority).toBe('medium');
    expect((await admin.get(`/api/cases/${hidden.id}`)).json().priority).toBe('medium');
  });

  it('refuses bad input with a 400 naming the field, and saves nothing', async () => {
    const a = await createCaseVia(investigator);
    const tooMany = Array.from(
      { length: BULK_CASES_MAX + 1 },
      (_, i) => `7d9e4c1a-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const before = await countCaseEvents(t.database.db);
    const refusals: [unknown, string, string?][] = [
      [{ ids: [], priority: 'low' }, 'ids', 'Choose at least one case'],
      [{ ids: tooMany, priority: 'low' }, 'ids', `At most ${BULK_CASES_MAX} cases at once`],
      [{ ids: ['nope'], priority: 'low' }, 'ids.0'],
      [{ priority: 'low' }, 'ids'],
      [{ ids: [a.id], priority: 'urgent' }, 'priority'],
      [{ ids: [a.id], status: 'deleted' }, 'status'],
      [{ ids: [a.id], addTagIds: ['nope'] }, 'addTagIds.0'],
      [{ ids: [a.id], addTagIds: ['7d9e4c1a-0000-4000-8000-000000000000'] }, 'addTagIds'],
      [{ ids: [a.id], addAssigneeIds: ['7d9e4c1a-0000-4000-8000-000000000000'] }, 'addAssigneeIds'],
      [{ ids: [a.id], status: 'closed', resolution: 'resolved', closureNotes: 'a\u0000b' }, 'closureNotes'],
    ];
    for (const [body, field, message] of refusals) {
      const res = await investigator.post(URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res.body), JSON.stringify(body)).toEqual([field]);
      if (message) expect(res.json().error.details.fields[0].message).toBe(message);
    }
    const nothing = await investigator.post(URL, { ids: [a.id] });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.message).toContain('Nothing to change');
    expect(await countCaseEvents(t.database.db)).toBe(before);
    expect(await read(a.id)).toMatchObject({ priority: 'medium', tags: [], assignees: [] });
  });

  it('a viewer cannot change cases at once', async () => {
    const a = await createCaseVia(investigator);
    const { client: viewer } = await signedIn(t, 'viewer');
    expect((await viewer.post(URL, { ids: [a.id], priority: 'low' })).statusCode).toBe(403);
    expect((await read(a.id)).priority).toBe('medium');
  });
});
