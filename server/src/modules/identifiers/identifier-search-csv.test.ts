import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { parseCsv } from '@scamtrail/domain/csv';
import type { KeysetPosition } from '../../db/keyset';
import type { Principal } from '../auth/principal';
import { identifierCsvPage } from './identifier-list-csv';
import { createPhoneWrittenThreeWays } from './identifier-test-fixtures';

/**
 * The CSV of an identifier search holds what the list screen and the search page show for it: the
 * identifiers the text is by normalised key, however written (`/matches`), first, then those the
 * display-value search finds, each once, on every page of the download.
 */

let t: TestApp;
let viewer: Client;
let reader: Principal;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp();
  const admin = (await signedIn(t, 'admin')).client;
  const signed = await signedIn(t, 'viewer');
  viewer = signed.client;
  reader = {
    kind: 'user',
    userId: signed.user.id,
    sessionId: 'test',
    originatorId: signed.user.originatorId,
    role: 'viewer',
    email: signed.user.email,
    firstName: 'Vi',
    lastName: 'Ewer',
    permissions: ['identifier.view'],
  };
  Object.assign(ids, await createPhoneWrittenThreeWays(admin));
});
afterAll(async () => {
  await t.close();
});

async function idsOf(url: string, format: 'csv' | 'json') {
  const res = await viewer.get(`${url}&format=${format}`);
  expect(res.statusCode, res.body).toBe(200);
  if (format === 'json') return (res.json() as { data: { id: string }[] }).data.map((item) => item.id);
  const [header, ...rows] = parseCsv(res.body);
  return rows.map((row) => row[header.indexOf('id')]);
}

const search = (text: string, more = '') => `/api/identifiers?search=${encodeURIComponent(text)}${more}`;

describe('the CSV of an identifier search', () => {
  it('holds the identifier the text is, written differently, that the display-value search misses', async () => {
    const text = '+44 (0) 7700 900123';
    expect(await idsOf(search(text), 'json')).toEqual([]);
    const matched = (
      await viewer.get(`/api/identifiers/matches?value=${encodeURIComponent(text)}`)
    ).json() as {
      data: { id: string }[];
    };
    const matchedIds = matched.data.map((item) => item.id);
    expect(matchedIds.sort()).toEqual([ids.phone, ids.zelle].sort());
    expect((await idsOf(search(text), 'csv')).sort()).toEqual(matchedIds);
    // Under the type filter only the phone number is left.
    expect(await idsOf(search(text, '&type=phone'), 'csv')).toEqual([ids.phone]);
    expect(await idsOf(search(text, '&type=email'), 'csv')).toEqual([]);
  });

  it('writes the key matches first, then the rest of the search, each once', async () => {
    const text = '+44 7700 900123';
    const csv = await idsOf(search(text), 'csv');
    expect(csv).toHaveLength(3);
    expect(csv.slice(0, 2).sort()).toEqual([ids.phone, ids.zelle].sort());
    expect(csv[2]).toBe(ids.note);
    expect(csv).not.toContain(ids.unrelated);
  });

  it('pages by keyset without writing a key match twice', async () => {
    const written: string[] = [];
    let after: KeysetPosition | undefined;
    for (let pages = 0; pages < 10; pages += 1) {
      const page = await identifierCsvPage(t.database.db, { search: '+44 7700 900123' }, reader, after, 1);
      written.push(...page.data.map((item) => (item as { id: string }).id));
      if (!page.next) break;
      after = page.next;
    }
    expect(written).toHaveLength(3);
    expect(new Set(written)).toEqual(new Set([ids.phone, ids.zelle, ids.note]));
    expect(written[2]).toBe(ids.note);
  });
});
