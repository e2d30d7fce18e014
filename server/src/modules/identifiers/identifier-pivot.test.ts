import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  evidence,
  evidenceIdentifiers,
  identifierCaseSightings,
  identifiers,
  journalEntries,
  journalEntryIdentifiers,
} from '../../db/schema/index';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { insertCase, insertCommunityMember, insertGroup } from './identifier-test-fixtures';

/**
 * The pivot of the identifier detail (cases, entries, evidence, first and last seen, distinct
 * sources) and the list's "seen in most cases" order, each counted over what the viewer may see.
 */

let t: TestApp;
let admin: Client;
let investigator: Client;
let viewer: Client;
let by: string;
let investigatorBy: string;
const cases = {} as Record<'open' | 'open2' | 'mine' | 'theirs' | 'theirs2', string>;
const ids = {} as Record<'hub' | 'wide' | 'hidden' | 'none', string>;

async function entry(db: Db, identifierId: string, caseId: string, at: string, originatorId: string) {
  const [row] = await db
    .insert(journalEntries)
    .values({ type: 'note', description: 'Seen', caseId, originatorId, performedAt: new Date(at) })
    .returning({ id: journalEntries.id });
  await db.insert(journalEntryIdentifiers).values({ journalEntryId: row.id, identifierId });
}

async function item(
  db: Db,
  identifierId: string,
  caseId: string,
  at: string,
  originatorId: string,
  proxyOriginatorId: string | null = null,
) {
  const [row] = await db
    .insert(evidence)
    .values({
      title: 'Screenshot',
      kind: 'written',
      caseId,
      originatorId,
      proxyOriginatorId,
      createdAt: new Date(at),
    })
    .returning({ id: evidence.id });
  await db.insert(evidenceIdentifiers).values({ evidenceId: row.id, identifierId });
}

const email = async (local: string) =>
  (
    await admin.post('/api/identifiers', { type: 'email', data: { address: `${local}@pivot.example` } })
  ).json().id as string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const a = await signedIn(t, 'admin');
  admin = a.client;
  by = a.user.originatorId!;
  const inv = await signedIn(t, 'investigator');
  investigator = inv.client;
  investigatorBy = inv.user.originatorId!;
  viewer = (await signedIn(t, 'viewer')).client;
  const victim = await insertCommunityMember(db, 50);
  const otherVictim = await insertCommunityMember(db, 50);

  cases.open = (await insertCase(db, by)).id;
  cases.open2 = (await insertCase(db, by)).id;
  cases.mine = (await insertCase(db, by, await insertGroup(db, [inv.user.id]))).id;
  const hiddenGroup = await insertGroup(db);
  cases.theirs = (await insertCase(db, by, hiddenGroup)).id;
  cases.theirs2 = (await insertCase(db, by, hiddenGroup)).id;

  ids.none = await email('none');
  ids.hidden = await email('hidden');
  ids.wide = await email('wide');
  ids.hub = await email('hub');

  // hub: an open case (entry + evidence on behalf of a victim), the investigator's group case, and a
  // hidden case with the earliest and latest sightings and a source of its own.
  await entry(db, ids.hub, cases.open, '2026-03-10T10:00:00Z', by);
  await item(db, ids.hub, cases.open, '2026-03-12T10:00:00Z', by, victim);
  await entry(db, ids.hub, cases.mine, '2026-04-01T10:00:00Z', investigatorBy);
  await entry(db, ids.hub, cases.theirs, '2026-01-01T10:00:00Z', by);
  await item(db, ids.hub, cases.theirs, '2026-06-01T10:00:00Z', by, otherVictim);
  // wide: two open cases.
  await entry(db, ids.wide, cases.open, '2026-02-01T10:00:00Z', by);
  await entry(db, ids.wide, cases.open2, '2026-02-02T10:00:00Z', by);
  // hidden: three cases, two of them in the hidden group.
  await entry(db, ids.hidden, cases.theirs, '2026-05-01T10:00:00Z', by);
  await entry(db, ids.hidden, cases.theirs2, '2026-05-02T10:00:00Z', by);
  await item(db, ids.hidden, cases.open, '2026-05-03T10:00:00Z', by);
});
afterAll(async () => {
  await t.close();
});

const pivotOf = async (client: Client, id: string) => {
  const res = await client.get(`/api/identifiers/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json().pivot;
};

describe('identifier pivot', () => {
  it('counts every case, entry, item and source for an administrator', async () => {
    expect(await pivotOf(admin, ids.hub)).toEqual({
      caseCount: 3,
      journalEntryCount: 3,
      evidenceCount: 2,
      firstSeenAt: '2026-01-01T10:00:00.000Z',
      lastSeenAt: '2026-06-01T10:00:00.000Z',
      // The admin (identifier, entries), the investigator, and the two victims reported through proxies.
      originatorCount: 4,
    });
  });

  it('leaves out what a group-restricted case holds for a user outside the group', async () => {
    expect(await pivotOf(investigator, ids.hub)).toEqual({
      caseCount: 2,
      journalEntryCount: 2,
      evidenceCount: 1,
      firstSeenAt: '2026-03-10T10:00:00.000Z',
      lastSeenAt: '2026-04-01T10:00:00.000Z',
      originatorCount: 3,
    });
    expect(await pivotOf(viewer, ids.hub)).toEqual({
      caseCount: 1,
      journalEntryCount: 1,
      evidenceCount: 1,
      firstSeenAt: '2026-03-10T10:00:00.000Z',
      lastSeenAt: '2026-03-12T10:00:00.000Z',
      originatorCount: 2,
    });
  });

  it('is empty for an identifier seen nowhere, its own source still counted', async () => {
    expect(await pivotOf(viewer, ids.none)).toEqual({
      caseCount: 0,
      journalEntryCount: 0,
      evidenceCount: 0,
      firstSeenAt: null,
      lastSeenAt: null,
      originatorCount: 1,
    });
  });
});

describe('identifier list sorted by cases', () => {
  const order = async (client: Client, query = '') => {
    const res = await client.get(`/api/identifiers?search=pivot.example&sort=most_cases${query}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    return { ids: body.data.map((i: { id: string }) => i.id), total: body.pagination.totalItems };
  };

  it('puts the identifiers seen in the most cases the viewer may see first', async () => {
    expect((await order(admin)).ids).toEqual([ids.hub, ids.hidden, ids.wide, ids.none]);
    // Outside the hidden group, "hidden" is seen in one case only; newest first among equals.
    expect((await order(investigator)).ids).toEqual([ids.hub, ids.wide, ids.hidden, ids.none]);
    expect((await order(viewer)).ids).toEqual([ids.wide, ids.hub, ids.hidden, ids.none]);
  });

  it('pages and totals in that order, and newest first stays the default', async () => {
    expect(await order(investigator, '&pageSize=10&page=1')).toMatchObject({ total: 4 });
    const second = await admin.get('/api/identifiers?search=pivot.example&sort=most_cases&pageSize=2&page=2');
    expect(second.json().data.map((i: { id: string }) => i.id)).toEqual([ids.wide, ids.none]);
    const newest = (await admin.get('/api/identifiers?search=pivot.example')).json();
    expect(newest.data.map((i: { id: string }) => i.id)).toEqual([ids.hub, ids.wide, ids.hidden, ids.none]);
  });

  it('refuses an unknown order, naming the field', async () => {
    const res = await admin.get('/api/identifiers?sort=loudest');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('sort');
  });
});

describe('identifier enrichment', () => {
  it('answers what the value tells offline in the detail, and uses it in the confidence', async () => {
    const account = (
      await admin.post('/api/identifiers', {
        type: 'bank_account',
        data: { bankName: 'West', accountName: 'Mule', accountNumber: 'GB82 WEST 1234 5698 7654 32' },
      })
    ).json();
    expect((await admin.get(`/api/identifiers/${account.id}`)).json().enrichment).toEqual([
      { label: 'IBAN country', value: 'United Kingdom (GB)' },
      { label: 'Bank code', value: 'WEST' },
      { label: 'Branch code', value: '123456' },
      { label: 'SEPA', value: 'Yes' },
    ]);
    const wallet = (
      await admin.post('/api/identifiers', {
        type: 'crypto_wallet',
        data: { network: 'bitcoin', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      })
    ).json();
    const report = (await admin.post(`/api/identifiers/${wallet.id}/validate`)).json();
    expect(report.reasons).toContain(
      'Failed: Address format: TRON account (base58check), a tron address, not a bitcoin one',
    );
    expect((await admin.get(`/api/identifiers/${wallet.id}`)).json().enrichment).toEqual([
      { label: 'Address network', value: 'TRON' },
      { label: 'Address format', value: 'TRON account (base58check)' },
    ]);
  });
});

describe('the cases each identifier is seen in, kept by the database', () => {
  const caseCounts = async () => {
    const rows = await t.database.db
      .select({ id: identifiers.id, caseCount: identifiers.caseCount })
      .from(identifiers)
      .where(inArray(identifiers.id, Object.values(ids)));
    return Object.fromEntries(
      Object.entries(ids).map(([name, id]) => [name, rows.find((row) => row.id === id)!.caseCount]),
    );
  };

  it('counts distinct cases over entries and evidence, whoever may see them', async () => {
    expect(await caseCounts()).toEqual({ hub: 3, wide: 2, hidden: 3, none: 0 });
    const hub = await t.database.db
      .select({ caseId: identifierCaseSightings.caseId, links: identifierCaseSightings.links })
      .from(identifierCaseSightings)
      .where(eq(identifierCaseSightings.identifierId, ids.hub));
    expect(hub.map((row) => [row.caseId, row.links]).sort()).toEqual(
      [
        [cases.open, 2],
        [cases.mine, 1],
        [cases.theirs, 2],
      ].sort(),
    );
  });

  it('follows an entry nullified and restored, moved out of its case, and a link removed', async () => {
    const db = t.database.db;
    const [wideOpen2] = await db
      .select({ entryId: journalEntryIdentifiers.journalEntryId })
      .from(journalEntryIdentifiers)
      .where(eq(journalEntryIdentifiers.identifierId, ids.wide))
      .innerJoin(journalEntries, eq(journalEntries.id, journalEntryIdentifiers.journalEntryId));
    const entryOf = async (caseId: string) =>
      (
        await db
          .select({ id: journalEntries.id })
          .from(journalEntries)
          .innerJoin(journalEntryIdentifiers, eq(journalEntryIdentifiers.journalEntryId, journalEntries.id))
          .where(eq(journalEntries.caseId, caseId))
      ).find(Boolean)!.id;
    expect(wideOpen2).toBeDefined();

    // "wide" nullified in open2: one case left, so the viewer now puts "hub" first (newer among equals).
    const open2Entry = await entryOf(cases.open2);
    await db.update(journalEntries).set({ isNullified: true }).where(eq(journalEntries.id, open2Entry));
    expect((await caseCounts()).wide).toBe(1);
    await db.update(journalEntries).set({ isNullified: false }).where(eq(journalEntries.id, open2Entry));
    expect((await caseCounts()).wide).toBe(2);

    // Out of its case: not counted; back in another case: counted there.
    await db.update(journalEntries).set({ caseId: null }).where(eq(journalEntries.id, open2Entry));
    expect((await caseCounts()).wide).toBe(1);
    await db.update(journalEntries).set({ caseId: cases.open2 }).where(eq(journalEntries.id, open2Entry));
    expect((await caseCounts()).wide).toBe(2);

    // "hub" in the open case through an entry and an item: one link removed keeps the case.
    const [hubItem] = await db
      .select({ evidenceId: evidenceIdentifiers.evidenceId })
      .from(evidenceIdentifiers)
      .where(eq(evidenceIdentifiers.identifierId, ids.hub))
      .innerJoin(evidence, eq(evidence.id, evidenceIdentifiers.evidenceId))
      .orderBy(evidence.createdAt);
    await db.delete(evidenceIdentifiers).where(eq(evidenceIdentifiers.evidenceId, hubItem.evidenceId));
    expect((await caseCounts()).hub).toBe(3);
    await db.insert(evidenceIdentifiers).values({ evidenceId: hubItem.evidenceId, identifierId: ids.hub });
    expect(await caseCounts()).toEqual({ hub: 3, wide: 2, hidden: 3, none: 0 });
  });

  it('orders a page past the walk the same as counting every link would', async () => {
    // Page 2 of 1 for the viewer: "hidden" (one open case), then "none", seen in no case.
    const res = await viewer.get('/api/identifiers?search=pivot.example&sort=most_cases&pageSize=2&page=2');
    expect(res.json().data.map((i: { id: string }) => i.id)).toEqual([ids.hidden, ids.none]);
  });
});
