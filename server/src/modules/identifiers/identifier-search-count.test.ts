import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { keyClient } from '../../../test/originator-helpers';
import {
  createIdentifierVia,
  createPhoneWrittenThreeWays,
  insertAutomationKey,
  insertCase,
  insertEvidence,
  insertGroup,
  insertJournalEntry,
} from './identifier-test-fixtures';

/**
 * How many identifiers a search shows (`totalWithMatches` of `GET /api/identifiers`): the list's
 * display-value matches and the identifiers the text is by normalised key however it was written
 * (`GET /api/identifiers/matches`), each once, under the list's type and tag; and the key matches
 * themselves under those filters.
 */

let t: TestApp;
let admin: Client;
let viewer: Client;
/** A reader holding identifier.view alone: no tag.view, no case, no group. */
let keyReader: Client;
let tagId: string;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'admin');
  admin = signed.client;
  viewer = (await signedIn(t, 'viewer')).client;
  keyReader = keyClient(t, (await insertAutomationKey(t.database.db, ['identifier.view'])).key);
  // Created one by one: the later is the newer.
  Object.assign(ids, await createPhoneWrittenThreeWays(admin));
  ids.email = await createIdentifierVia(admin, 'email', { address: 'refunds@scam.example' });
  ids.emailZelle = await createIdentifierVia(admin, 'zelle', {
    identifierType: 'email',
    identifier: 'refunds@scam.example',
  });
  tagId = (await admin.post('/api/tags', { name: 'Mule account', color: 'red' })).json().id;
  const tagged = await admin.put(`/api/identifiers/${ids.zelle}/tags`, { tagIds: [tagId] });
  if (tagged.statusCode !== 200) throw new Error(`tagging failed: ${tagged.statusCode} ${tagged.body}`);
  // The phone number is named in a case of a group no reader here is in.
  const owner = signed.user.originatorId!;
  const hidden = await insertCase(t.database.db, owner, await insertGroup(t.database.db));
  await insertJournalEntry(t.database.db, {
    identifierId: ids.phone,
    originatorId: owner,
    caseId: hidden.id,
  });
  await insertEvidence(t.database.db, { identifierId: ids.phone, originatorId: owner, caseId: hidden.id });
});
afterAll(async () => {
  await t.close();
});

interface Shown {
  listed: string[];
  matched: string[];
  totalItems: number;
  totalWithMatches: number;
}

/** What a reader is shown for a search: the list's rows (every one), the key matches, the totals. */
async function shownFor(client: Client, text: string, more = ''): Promise<Shown> {
  const value = encodeURIComponent(text);
  const list = await client.get(`/api/identifiers?search=${value}&pageSize=100${more}`);
  expect(list.statusCode, list.body).toBe(200);
  const matches = await client.get(`/api/identifiers/matches?value=${value}${more}`);
  expect(matches.statusCode, matches.body).toBe(200);
  const body = list.json() as {
    data: { id: string }[];
    pagination: { totalItems: number };
    totalIsEstimate: boolean;
    totalWithMatches: number;
  };
  expect(body.totalIsEstimate).toBe(false);
  return {
    listed: body.data.map((item) => item.id).sort(),
    matched: (matches.json() as { data: { id: string }[] }).data.map((item) => item.id).sort(),
    totalItems: body.pagination.totalItems,
    totalWithMatches: body.totalWithMatches,
  };
}

const union = (shown: Shown) => new Set([...shown.listed, ...shown.matched]).size;

describe('how many identifiers a search shows', () => {
  it('counts a key match the display-value search also finds once', async () => {
    // "+44 7700 900123" finds both written forms and the note in the list; the key matches are two of them.
    const shown = await shownFor(viewer, '+44 7700 900123');
    expect(shown.listed).toEqual([ids.phone, ids.zelle, ids.note].sort());
    expect(shown.matched).toEqual([ids.phone, ids.zelle].sort());
    expect(shown.totalWithMatches).toBe(3);
    expect(shown.totalWithMatches).toBe(union(shown));
  });

  it('adds the key matches the display-value search misses', async () => {
    const shown = await shownFor(viewer, '+44 (0) 7700 900123');
    expect(shown.listed).toEqual([]);
    expect(shown.matched).toEqual([ids.phone, ids.zelle].sort());
    expect(shown.totalItems).toBe(0);
    expect(shown.totalWithMatches).toBe(2);
  });

  it('counts the list alone when the text is no identifier, and without a search', async () => {
    const shown = await shownFor(viewer, 'after six');
    expect(shown).toMatchObject({ listed: [ids.note], matched: [], totalItems: 1, totalWithMatches: 1 });
    const all = (await viewer.get('/api/identifiers')).json() as {
      pagination: { totalItems: number };
      totalWithMatches: number;
    };
    expect(all.totalWithMatches).toBe(all.pagination.totalItems);
  });

  it('counts under the type and tag filters, as the key matches are then found', async () => {
    const zelle = await shownFor(viewer, '+44 (0) 7700 900123', '&type=zelle');
    expect(zelle).toMatchObject({ listed: [], matched: [ids.zelle], totalWithMatches: 1 });
    const email = await shownFor(viewer, '+44 (0) 7700 900123', '&type=email');
    expect(email).toMatchObject({ listed: [], matched: [], totalWithMatches: 0 });
    const tagged = await shownFor(viewer, '+44 (0) 7700 900123', `&tag=${tagId}`);
    expect(tagged).toMatchObject({ listed: [], matched: [ids.zelle], totalWithMatches: 1 });
    const phones = await shownFor(viewer, '+44 7700 900123', '&type=phone');
    expect(phones).toMatchObject({ listed: [ids.phone], matched: [ids.phone], totalWithMatches: 1 });
  });

  it('counts for a reader outside the case naming one and without tag.view what that reader is shown', async () => {
    // Identifiers belong to no case group: a reader outside the group of the case naming the phone
    // number still lists it and counts it, once.
    for (const client of [keyReader, viewer]) {
      const shown = await shownFor(client, '+44 (0) 7700 900123');
      expect(shown.matched).toEqual([ids.phone, ids.zelle].sort());
      expect(shown.totalWithMatches).toBe(union(shown));
      const overlapping = await shownFor(client, '+44 7700 900123');
      expect(overlapping.totalWithMatches).toBe(union(overlapping));
      expect(overlapping.totalWithMatches).toBe(3);
    }
    // A reader without tag.view may not narrow either by a tag.
    const value = encodeURIComponent('+44 (0) 7700 900123');
    expect((await keyReader.get(`/api/identifiers?search=${value}&tag=${tagId}`)).statusCode).toBe(403);
    expect((await keyReader.get(`/api/identifiers/matches?value=${value}&tag=${tagId}`)).statusCode).toBe(
      403,
    );
  });
});

describe('the key matches under the list filters', () => {
  it('leave out an identifier of another type than the filter', async () => {
    const matched = async (query: string) =>
      ((await viewer.get(`/api/identifiers/matches?${query}`)).json() as { data: { id: string }[] }).data
        .map((item) => item.id)
        .sort();
    const email = encodeURIComponent('Refunds@SCAM.example');
    expect(await matched(`value=${email}`)).toEqual([ids.email, ids.emailZelle].sort());
    expect(await matched(`value=${email}&type=email`)).toEqual([ids.email]);
    expect(await matched(`value=${email}&type=phone`)).toEqual([]);
    expect(await matched(`value=${encodeURIComponent('+44 (0) 7700 900123')}&type=email`)).toEqual([]);
    expect(await matched(`value=${encodeURIComponent('+44 (0) 7700 900123')}&tag=${tagId}`)).toEqual([
      ids.zelle,
    ]);
  });

  it('answers 400 for a type or tag the list refuses', async () => {
    for (const [query, field] of [
      ['&type=nonsense', 'type'],
      ['&tag=not-a-uuid', 'tag'],
    ]) {
      const res = await viewer.get(`/api/identifiers/matches?value=a%40b.example${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatch(field);
    }
  });
});
