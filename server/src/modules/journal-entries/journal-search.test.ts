import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalSearchResult } from '@scamtrail/domain/journal-entries';
import { JOURNAL_EXCERPT_LENGTH } from '@scamtrail/domain/journal-entries';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { automationWithKey } from '../../../test/originator-helpers';
import { insertCase, insertGroup } from './journal-entry-test-fixtures';

/** GET /api/journal-entries?search=: a text looked for across the journals of the cases one may see. */

let t: TestApp;
let member: Client;
let outsider: Client;
let admin: Client;
let memberName: string;
let openCase: string;
let groupCase: string;
/** A word no other test writes, so every search here finds only this file's entries. */
const word = `wirefraud${randomBytes(3).toString('hex')}`;

async function addEntry(client: Client, caseId: string | null, description: string, extra: object = {}) {
  const res = await client.post('/api/journal-entries', {
    ...(caseId ? { caseId } : {}),
    type: 'note',
    description,
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

async function search(client: Client, query: string) {
  const res = await client.get(`/api/journal-entries?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JournalSearchResult;
}

const ids = (result: JournalSearchResult) => result.data.map((hit) => hit.id);

let callNote: string;
let emailNote: string;
let groupNote: string;

beforeAll(async () => {
  t = await buildTestApp();
  const signedMember = await signedIn(t, 'investigator');
  member = signedMember.client;
  memberName = `${signedMember.user.firstName} ${signedMember.user.lastName}`;
  outsider = (await signedIn(t, 'investigator')).client;
  admin = (await signedIn(t, 'admin')).client;
  const db = t.database.db;
  openCase = await insertCase(db, signedMember.user.originatorId);
  const group = await insertGroup(db, [signedMember.user.id]);
  groupCase = await insertCase(db, signedMember.user.originatorId, { groupId: group });

  callNote = await addEntry(member, openCase, `Victim called: sent the ${word} payment from her savings`, {
    type: 'call',
    performedAt: '2026-03-01T10:00:00.000Z',
  });
  emailNote = await addEntry(
    member,
    openCase,
    `Bank confirms the ${word.toUpperCase()} transfer was recalled`,
    {
      type: 'email',
      performedAt: '2026-03-02T10:00:00.000Z',
    },
  );
  groupNote = await addEntry(member, groupCase, `Same ${word} mule account in the group's case`, {
    performedAt: '2026-03-03T10:00:00.000Z',
  });
});
afterAll(async () => {
  await t.close();
});

describe('searching the journals of every case', () => {
  it('finds the text in any case, whatever its case, latest performed first, with its case and originator', async () => {
    const result = await search(member, `search=${word}`);
    expect(ids(result)).toEqual([groupNote, emailNote, callNote]);
    expect(result.pagination).toEqual({ page: 1, pageSize: 25, totalItems: 3, totalPages: 1 });
    expect(result.totalIsCapped).toBe(false);
    expect(result.data[2]).toMatchObject({
      type: 'call',
      performedAt: '2026-03-01T10:00:00.000Z',
      excerpt: `Victim called: sent the ${word} payment from her savings`,
      case: { id: openCase, status: 'open' },
      originator: { type: 'team_member', name: memberName },
    });
    expect(result.data[2].case.title).toMatch(/^Case /);
    expect(typeof result.data[2].case.number).toBe('number');
  });

  it('leaves out the cases of groups the caller is not in, and shows an administrator every case', async () => {
    expect(ids(await search(outsider, `search=${word}`))).toEqual([emailNote, callNote]);
    expect((await search(outsider, `search=${word}`)).pagination.totalItems).toBe(2);
    expect(ids(await search(admin, `search=${word}`))).toEqual([groupNote, emailNote, callNote]);
  });

  it('leaves out removed entries and entries not yet in a case', async () => {
    const removed = await addEntry(member, openCase, `A ${word} note entered twice`);
    const loose = await addEntry(member, null, `A ${word} note not in any case yet`);
    expect(ids(await search(member, `search=${word}`))).toEqual(expect.arrayContaining([removed]));
    const res = await member.request({
      method: 'DELETE',
      url: `/api/journal-entries/${removed}`,
      payload: { reason: 'Duplicate' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = ids(await search(member, `search=${word}`));
    expect(after).not.toContain(removed);
    expect(after).not.toContain(loose);
  });

  it('filters by type, and pages', async () => {
    expect(ids(await search(member, `search=${word}&type=email`))).toEqual([emailNote]);
    const second = await search(member, `search=${word}&pageSize=2&page=2`);
    expect(ids(second)).toEqual([callNote]);
    expect(second.pagination).toEqual({ page: 2, pageSize: 2, totalItems: 3, totalPages: 2 });
  });

  it('matches % and _ as themselves', async () => {
    const percent = await addEntry(member, openCase, `Fee of 5% (${word}) asked for the refund_fee`);
    expect(ids(await search(member, `search=${encodeURIComponent(`5% (${word}`)}`))).toEqual([percent]);
    expect(
      ids(await search(member, `search=${encodeURIComponent(`${word}) asked for the refund_`)}`)),
    ).toEqual([percent]);
    expect(ids(await search(member, `search=${encodeURIComponent(`${word}%`)}`))).toEqual([]);
  });

  it('cuts a long description to an excerpt around the first match', async () => {
    const before = 'The victim described the first contact at length. '.repeat(20);
    const after = ' Then the scammer asked for gift cards, again and again. '.repeat(20);
    const long = await addEntry(member, openCase, `${before}MARKER${word}${after}`);
    const [hit] = (await search(member, `search=marker${word}`)).data;
    expect(hit.id).toBe(long);
    expect(hit.excerpt.startsWith('…')).toBe(true);
    expect(hit.excerpt.endsWith('…')).toBe(true);
    expect(hit.excerpt).toContain(`MARKER${word}`);
    expect(hit.excerpt.length).toBe(JOURNAL_EXCERPT_LENGTH + 2);
    // The match sits near the start of the excerpt, after a little of what comes before it.
    expect(hit.excerpt.indexOf('MARKER')).toBeLessThanOrEqual(61);
  });

  it('refuses a missing, blank or malformed search with a 400 naming the field', async () => {
    for (const query of ['', 'search=', 'search=%20%20', 'search=a%00b', `search=${'x'.repeat(201)}`]) {
      const res = await member.get(`/api/journal-entries?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual(['search']);
    }
    const badType = await member.get(`/api/journal-entries?search=${word}&type=letter`);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual(['type']);
  });

  it('needs journal_entry.view and case.view; an API key sees only cases outside groups', async () => {
    const onlyJournal = await automationWithKey(t, admin, ['journal_entry.view']);
    expect((await onlyJournal.caller.get(`/api/journal-entries?search=${word}`)).statusCode).toBe(403);
    const onlyCases = await automationWithKey(t, admin, ['case.view']);
    expect((await onlyCases.caller.get(`/api/journal-entries?search=${word}`)).statusCode).toBe(403);
    const both = await automationWithKey(t, admin, ['journal_entry.view', 'case.view']);
    const result = await search(both.caller, `search=${word}&type=call`);
    expect(ids(result)).toEqual([callNote]);
    expect(ids(await search(both.caller, `search=${encodeURIComponent('mule account')}`))).toEqual([]);
  });
});
