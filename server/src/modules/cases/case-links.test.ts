import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CASE_LINK_NOTE_MAX_LENGTH,
  type AuditEvent,
  type Case,
  type CaseLink,
} from '@scamtrail/domain/cases';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { ARCHIVED_MESSAGE } from './case.preconditions';
import { countCaseEvents, createCaseVia, insertGroup, patchCaseVia } from './case-test-fixtures';
import { ALREADY_LINKED_MESSAGE, OTHER_CASE_ARCHIVED_MESSAGE } from './case-links.service';

let t: TestApp;
let investigator: Client;
let admin: Client;
let investigatorName: string;
/** A case only administrators see: its group has no members. */
let hidden: Case;

beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'investigator');
  investigator = signed.client;
  investigatorName = `${signed.user.firstName} ${signed.user.lastName}`;
  admin = (await signedIn(t, 'admin')).client;
  hidden = await createCaseVia(admin, { title: 'Hidden', groupId: await insertGroup(t.database.db) });
});
afterAll(async () => {
  await t.close();
});

async function links(client: Client, caseId: string, query = '') {
  const res = await client.get(`/api/cases/${caseId}/links${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: CaseLink[]; pagination: { totalItems: number; totalPages: number } };
}

async function linkVia(client: Client, caseId: string, body: Record<string, unknown>): Promise<CaseLink> {
  const res = await client.post(`/api/cases/${caseId}/links`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CaseLink;
}

async function history(caseId: string): Promise<AuditEvent[]> {
  const res = await investigator.get(`/api/cases/${caseId}/history?pageSize=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AuditEvent[];
}

const fieldsOf = (body: string) =>
  (JSON.parse(body).error.details.fields as { field: string; message: string }[]).map((f) => f.field);

describe('cases linked by hand', () => {
  it('a link goes both ways: listed on both cases, with the note, who linked them and when', async () => {
    const [a, b] = await Promise.all(
      ['Victim report', 'Same mule'].map((title) => createCaseVia(investigator, { title })),
    );
    const link = await linkVia(investigator, a.id, { caseId: b.id, note: 'Same mule account\nat Acme Bank' });
    expect(link).toMatchObject({
      case: { id: b.id, number: b.number, title: 'Same mule', status: 'open' },
      note: 'Same mule account\nat Acme Bank',
      linkedBy: { name: investigatorName, type: 'team_member' },
    });
    expect(Date.parse(link.createdAt)).not.toBeNaN();

    expect((await links(investigator, a.id)).data).toEqual([link]);
    const fromB = await links(investigator, b.id);
    expect(fromB.data).toEqual([
      { ...link, case: { id: a.id, number: a.number, title: 'Victim report', status: 'open' } },
    ]);
    expect(fromB.pagination.totalItems).toBe(1);
  });

  it('records the link in both cases’ History, naming the other case', async () => {
    const [a, b] = await Promise.all([createCaseVia(investigator), createCaseVia(investigator)]);
    await linkVia(investigator, a.id, { caseId: b.id, note: 'One victim, two reports' });
    for (const [one, other] of [
      [a, b],
      [b, a],
    ]) {
      const [latest] = await history(one.id);
      expect(latest).toMatchObject({
        action: 'case.linked',
        subjectId: one.id,
        before: null,
        after: { linkedCaseId: other.id, note: 'One victim, two reports' },
        actor: { kind: 'user', name: investigatorName },
      });
    }
  });

  it('a second link of the same pair, from either side, is a 409 naming caseId; nothing is added', async () => {
    const [a, b] = await Promise.all([createCaseVia(investigator), createCaseVia(investigator)]);
    await linkVia(investigator, a.id, { caseId: b.id });
    const before = await countCaseEvents(t.database.db);
    for (const [from, to] of [
      [a, b],
      [b, a],
    ]) {
      const res = await investigator.post(`/api/cases/${from.id}/links`, { caseId: to.id, note: 'again' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        message: ALREADY_LINKED_MESSAGE,
        details: { fields: [{ field: 'caseId', message: ALREADY_LINKED_MESSAGE }] },
      });
    }
    expect(await countCaseEvents(t.database.db)).toBe(before);
    expect((await links(investigator, a.id)).data.map((l) => l.note)).toEqual(['']);
  });

  it('two links of one pair made at once from opposite sides: one is made, the other is a 409', async () => {
    const [a, b] = await Promise.all([createCaseVia(investigator), createCaseVia(investigator)]);
    const answers = await Promise.all([
      investigator.post(`/api/cases/${a.id}/links`, { caseId: b.id }),
      investigator.post(`/api/cases/${b.id}/links`, { caseId: a.id }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await links(investigator, a.id)).pagination.totalItems).toBe(1);
  });

  it('refuses bad input with a 400 naming the field, and saves nothing', async () => {
    const a = await createCaseVia(investigator);
    const b = await createCaseVia(investigator);
    const before = await countCaseEvents(t.database.db);
    const refusals: [Record<string, unknown>, string, string?][] = [
      [{ caseId: a.id }, 'caseId', 'A case cannot be linked to itself'],
      [{ caseId: '7d9e4c1a-0000-4000-8000-000000000000' }, 'caseId', 'No case with this id'],
      [{ caseId: hidden.id }, 'caseId', 'No case with this id'],
      [{ caseId: 'not-a-uuid' }, 'caseId'],
      [{}, 'caseId'],
      [{ caseId: b.id, note: 'x'.repeat(CASE_LINK_NOTE_MAX_LENGTH + 1) }, 'note'],
      [{ caseId: b.id, note: 'nul\u0000byte' }, 'note'],
      [{ caseId: b.id, note: 'lone \ud800 surrogate' }, 'note'],
      [{ caseId: b.id, note: 42 }, 'note'],
    ];
    for (const [body, field, message] of refusals) {
      const res = await investigator.post(`/api/cases/${a.id}/links`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res.body), JSON.stringify(body)).toEqual([field]);
      if (message) expect(res.json().error.details.fields[0].message).toBe(message);
    }
    expect(await countCaseEvents(t.database.db)).toBe(before);
    expect((await links(investigator, a.id)).pagination.totalItems).toBe(0);
    expect((await links(admin, hidden.id)).pagination.totalItems).toBe(0);
  });

  it('a note at its limit is kept whole', async () => {
    const [a, b] = await Promise.all([createCaseVia(investigator), createCaseVia(investigator)]);
    const note = 'n'.repeat(CASE_LINK_NOTE_MAX_LENGTH);
    expect((await linkVia(investigator, a.id, { caseId: b.id, note })).note).toBe(note);
  });

  describe('group visibility', () => {
    it('an investigator outside the group gets 404 for the hidden case’s links, and never sees it linked', async () => {
      const seen = await createCaseVia(investigator, { title: 'Seen by both' });
      const other = await createCaseVia(investigator, { title: 'Also seen' });
      await linkVia(admin, seen.id, { caseId: hidden.id, note: 'Admin knows why' });
      await linkVia(admin, seen.id, { caseId: other.id });

      expect((await links(admin, seen.id)).data.map((l) => l.case.title)).toEqual(['Also seen', 'Hidden']);
      const visible = await links(investigator, seen.id);
      expect(visible.data.map((l) => l.case.title)).toEqual(['Also seen']);
      expect(visible.pagination.totalItems).toBe(1);

      expect((await investigator.get(`/api/cases/${hidden.id}/links`)).statusCode).toBe(404);
      const fromHidden = await investigator.post(`/api/cases/${hidden.id}/links`, { caseId: seen.id });
      expect(fromHidden.statusCode).toBe(404);
      // Neither side of a link to a case the caller cannot see can be removed by them.
      expect((await investigator.delete(`/api/cases/${seen.id}/links/${hidden.id}`)).statusCode).toBe(404);
      expect((await investigator.delete(`/api/cases/${hidden.id}/links/${seen.id}`)).statusCode).toBe(404);
      expect((await links(admin, seen.id)).pagination.totalItems).toBe(2);
    });
  });

  it('unlinking removes the link from both cases and records it in both histories', async () => {
    const [a, b] = await Promise.all([createCaseVia(investigator), createCaseVia(investigator)]);
    await linkVia(investigator, a.id, { caseId: b.id, note: 'Wrong guess' });
    // Either side may remove it.
    const res = await investigator.delete(`/api/cases/${b.id}/links/${a.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await links(investigator, a.id)).data).toEqual([]);
    expect((await links(investigator, b.id)).data).toEqual([]);
    for (const [one, other] of [
      [a, b],
      [b, a],
    ]) {
      expect((await history(one.id))[0]).toMatchObject({
        action: 'case.unlinked',
        before: { linkedCaseId: other.id, note: 'Wrong guess' },
        after: null,
      });
    }
    const again = await investigator.delete(`/api/cases/${a.id}/links/${b.id}`);
    expect(again.statusCode).toBe(404);
    // The pair can be linked again.
    await linkVia(investigator, a.id, { caseId: b.id });
  });

  it('unlinking with a bad id is a 400 naming it', async () => {
    const a = await createCaseVia(investigator);
    const res = await investigator.delete(`/api/cases/${a.id}/links/nope`);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['linkedCaseId']);
  });

  it('an archived case neither links nor unlinks (409) until it is reopened', async () => {
    const [a, b, c] = await Promise.all([
      createCaseVia(investigator),
      createCaseVia(investigator),
      createCaseVia(investigator),
    ]);
    await linkVia(investigator, a.id, { caseId: b.id });
    await patchCaseVia(investigator, a.id, { status: 'archived' });
    const link = await investigator.post(`/api/cases/${a.id}/links`, { caseId: c.id });
    expect(link.statusCode).toBe(409);
    expect(link.json().error.message).toBe(ARCHIVED_MESSAGE);
    const unlink = await investigator.delete(`/api/cases/${a.id}/links/${b.id}`);
    expect(unlink.statusCode).toBe(409);
    expect((await links(investigator, a.id)).pagination.totalItems).toBe(1);
    await patchCaseVia(investigator, a.id, { status: 'open' });
    expect((await investigator.delete(`/api/cases/${a.id}/links/${b.id}`)).statusCode).toBe(204);
  });

  it('nor is an archived case linked or unlinked from the other side (409 naming caseId)', async () => {
    const [a, b, c] = await Promise.all([
      createCaseVia(investigator),
      createCaseVia(investigator),
      createCaseVia(investigator),
    ]);
    await linkVia(investigator, b.id, { caseId: a.id });
    await patchCaseVia(investigator, a.id, { status: 'archived' });
    const link = await investigator.post(`/api/cases/${c.id}/links`, { caseId: a.id });
    expect(link.statusCode).toBe(409);
    expect(link.json().error.message).toBe(OTHER_CASE_ARCHIVED_MESSAGE);
    expect(fieldsOf(link.body)).toEqual(['caseId']);
    const unlink = await investigator.delete(`/api/cases/${b.id}/links/${a.id}`);
    expect(unlink.statusCode).toBe(409);
    expect((await links(investigator, a.id)).pagination.totalItems).toBe(1);
    expect((await links(investigator, c.id)).pagination.totalItems).toBe(0);
    await patchCaseVia(investigator, a.id, { status: 'open' });
    expect((await investigator.post(`/api/cases/${c.id}/links`, { caseId: a.id })).statusCode).toBe(201);
    expect((await investigator.delete(`/api/cases/${b.id}/links/${a.id}`)).statusCode).toBe(204);
  });

  it('pages the links, the latest first', async () => {
    const hub = await createCaseVia(investigator, { title: 'Hub' });
    const spokes: Case[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      const spoke = await createCaseVia(investigator, { title });
      await linkVia(investigator, spoke.id, { caseId: hub.id });
      spokes.push(spoke);
    }
    const first = await links(investigator, hub.id, '?pageSize=2');
    expect(first.data.map((l) => l.case.title)).toEqual(['Third', 'Second']);
    expect(first.pagination).toMatchObject({ totalItems: 3, totalPages: 2 });
    const second = await links(investigator, hub.id, '?pageSize=2&page=2');
    expect(second.data.map((l) => l.case.title)).toEqual(['First']);
    // A page past the end is empty and still says how many there are.
    const past = await links(investigator, hub.id, '?pageSize=2&page=5');
    expect(past.data).toEqual([]);
    expect(past.pagination.totalItems).toBe(3);
    const bad = await investigator.get(`/api/cases/${hub.id}/links?pageSize=51`);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['pageSize']);
  });

  it('a viewer reads links but cannot make or remove them', async () => {
    const [a, b] = await Promise.all([createCaseVia(investigator), createCaseVia(investigator)]);
    await linkVia(investigator, a.id, { caseId: b.id });
    const { client: viewer } = await signedIn(t, 'viewer');
    expect((await links(viewer, a.id)).pagination.totalItems).toBe(1);
    expect((await viewer.post(`/api/cases/${b.id}/links`, { caseId: a.id })).statusCode).toBe(403);
    expect((await viewer.delete(`/api/cases/${a.id}/links/${b.id}`)).statusCode).toBe(403);
    expect((await links(viewer, a.id)).pagination.totalItems).toBe(1);
  });
});
