import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { insertCase, insertEvidence, insertIdentifier } from './journal-entry-test-fixtures';

/**
 * Changes that update an entry's or an item's identifier links (moved to a case, removed) update each
 * linked identifier's sightings and row (migration 0031's triggers). Two such changes naming the same
 * identifiers, their links met in crossing orders, must queue rather than deadlock (40P01 → 503).
 * PGlite runs one transaction at a time, so nothing there can deadlock: PostgreSQL only.
 */
const ROUNDS = 15;

let t: TestApp;
let investigator: Client;
let originatorId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'investigator');
  investigator = signed.client;
  originatorId = signed.user.originatorId;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;

/** Identifiers linked one call after another, so the table holds the links in this order. */
async function linkInOrder(path: string, identifierIds: string[]) {
  for (const identifierId of identifierIds) {
    const res = await investigator.post(`${path}/identifiers/${identifierId}`);
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function newEntry(identifierIds: string[]): Promise<string> {
  const res = await investigator.post('/api/journal-entries', { type: 'note', description: 'Crossing' });
  expect(res.statusCode, res.body).toBe(201);
  const id: string = res.json().id;
  await linkInOrder(`/api/journal-entries/${id}`, identifierIds);
  return id;
}

/** Each identifier's case count and sightings, as the triggers keep them. */
async function sightings(identifierIds: string[]) {
  const result = await db().execute(sql`select i.id, i.case_count,
      (select count(*)::int from identifier_case_sightings s where s.identifier_id = i.id) as cases
    from identifiers i where i.id = any(${sql.param(identifierIds)}::uuid[]) order by i.id`);
  return (result as unknown as { rows: { id: string; case_count: number; cases: number }[] }).rows;
}

/** Identifiers, in id order. */
async function newIdentifiers(count: number): Promise<string[]> {
  const ids = [];
  for (let i = 0; i < count; i++) ids.push(await insertIdentifier(db(), originatorId));
  return ids.sort();
}

async function newCases(count: number): Promise<string[]> {
  const ids = [];
  for (let i = 0; i < count; i++) ids.push(await insertCase(db(), originatorId));
  return ids;
}

/** The ids in id order for even `n`, backwards for odd: changes met in crossing orders. */
const crossing = (ids: string[], n: number) => (n % 2 === 0 ? ids : [...ids].reverse());

const seenIn = (ids: string[], cases: number) => ids.map((id) => ({ id, case_count: cases, cases }));

/** Four changes at a time (the test database's pool), all naming the same identifiers. */
const AT_ONCE = 4;
const IDENTIFIERS = 6;

describe.runIf(process.env.TEST_DB === 'postgres')('changes of links sharing identifiers', () => {
  it('entries moved to cases and removed while items naming the same identifiers move, all answer 200', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const ids = await newIdentifiers(IDENTIFIERS);
      const cases = await newCases(AT_ONCE * 3);
      // Half entries (in no case yet), half items (in a case), each linking the identifiers in the
      // order crossing its neighbour's: a move meets them in the table's order.
      const changes = [];
      for (let n = 0; n < AT_ONCE; n++) {
        if (n < AT_ONCE / 2) {
          changes.push({ entry: await newEntry(crossing(ids, n)) });
        } else {
          const item = await insertEvidence(db(), originatorId, { caseId: cases[n] });
          await linkInOrder(`/api/evidence/${item}`, crossing(ids, n));
          changes.push({ item });
        }
      }
      // Each change adds a sighting of every identifier in a new case: each identifier's row is updated.
      const moved = await Promise.all(
        changes.map(({ entry, item }, n) =>
          entry
            ? investigator.post(`/api/cases/${cases[AT_ONCE + n]}/journal-entries`, { journalEntryId: entry })
            : investigator.patch(`/api/evidence/${item}`, { caseId: cases[AT_ONCE + n] }),
        ),
      );
      statuses.push(...moved.map((res) => res.statusCode));
      expect(statuses, 'no change answered 503 (a deadlock)').not.toContain(503);
      expect(await sightings(ids)).toEqual(seenIn(ids, AT_ONCE));
      // The entries' removal takes the last link of every identifier in their cases away.
      const removed = await Promise.all(
        changes.map(({ entry, item }, n) =>
          entry
            ? investigator.delete(`/api/journal-entries/${entry}`, { reason: 'Crossing' })
            : investigator.patch(`/api/evidence/${item}`, { caseId: cases[2 * AT_ONCE + n] }),
        ),
      );
      statuses.push(...removed.map((res) => res.statusCode));
      expect(statuses, 'no change answered 503 (a deadlock)').not.toContain(503);
      expect(await sightings(ids)).toEqual(seenIn(ids, AT_ONCE / 2));
    }
    expect(statuses).toEqual(Array(ROUNDS * AT_ONCE * 2).fill(200));
  }, 120_000);
});
