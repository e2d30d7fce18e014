import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import {
  cases,
  evidence,
  evidenceIdentifiers,
  journalEntries,
  journalEntryEvidence,
  journalEntryIdentifiers,
} from '../../db/schema/index';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { keyClient } from '../../../test/originator-helpers';
import { insertAutomationKey, insertCase, insertGroup } from './identifier-test-fixtures';

/**
 * An identifier named by 60 live journal entries of cases an investigator may see, 6 of a case they may
 * not, and 2 removed ones; by 20 evidence items they may see (15 holding a file) and 5 they may not;
 * across 12 visible cases and 3 hidden ones. The detail answers a first page of 10 of each with the
 * counts, and the sub-resources page through the rest.
 */

const HOUR = 3_600_000;
const BASE = Date.UTC(2026, 0, 1);

let t: TestApp;
let admin: Client;
let investigator: Client;
let identifierId: string;
/** Newest first, as the pages answer them. */
const visible = {
  entries: [] as string[],
  evidence: [] as string[],
  media: [] as string[],
  cases: [] as string[],
};
const hidden = { entries: [] as string[], evidence: [] as string[], cases: [] as string[] };
/** The media attached to the newest visible entry. */
let newestEntryMedia: string[] = [];

async function addEntries(db: Db, by: string, specs: { caseId: string; at: number; removed?: boolean }[]) {
  const rows = await db
    .insert(journalEntries)
    .values(
      specs.map((spec, i) => ({
        type: 'note' as const,
        description: `Entry ${i}`,
        caseId: spec.caseId,
        originatorId: by,
        performedAt: new Date(spec.at),
        isNullified: spec.removed ?? false,
      })),
    )
    .returning({ id: journalEntries.id });
  await db
    .insert(journalEntryIdentifiers)
    .values(rows.map((row) => ({ journalEntryId: row.id, identifierId })));
  return rows.map((row) => row.id);
}

async function addEvidence(db: Db, by: string, specs: { caseId: string; at: number; file: boolean }[]) {
  const rows = await db
    .insert(evidence)
    .values(
      specs.map((spec, i) => ({
        title: `Evidence ${i}`,
        kind: spec.file ? ('screenshot' as const) : ('written' as const),
        caseId: spec.caseId,
        originatorId: by,
        createdAt: new Date(spec.at),
        ...(spec.file
          ? { fileName: `shot-${i}.png`, contentType: 'image/png', sizeBytes: 10, sha256: 'cd'.repeat(32) }
          : {}),
      })),
    )
    .returning({ id: evidence.id });
  await db.insert(evidenceIdentifiers).values(rows.map((row) => ({ evidenceId: row.id, identifierId })));
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const a = await signedIn(t, 'admin');
  admin = a.client;
  investigator = (await signedIn(t, 'investigator')).client;
  const by = a.user.originatorId!;
  identifierId = (
    await admin.post('/api/identifiers', { type: 'email', data: { address: 'busy@example.com' } })
  ).json().id;

  // Case i is created i hours after BASE, the hidden ones last: the newest cases are hidden.
  const open: string[] = [];
  for (let i = 0; i < 12; i++) open.push((await insertCase(db, by)).id);
  const closedGroup = await insertGroup(db);
  for (let i = 0; i < 3; i++) hidden.cases.push((await insertCase(db, by, closedGroup)).id);
  for (const [i, id] of [...open, ...hidden.cases].entries()) {
    await db
      .update(cases)
      .set({ createdAt: new Date(BASE + i * HOUR) })
      .where(eq(cases.id, id));
  }
  visible.cases = [...open].reverse();
  hidden.cases.reverse();

  // Entry i is performed i hours after BASE: the highest i is the newest.
  const entryIds = await addEntries(db, by, [
    ...Array.from({ length: 60 }, (_, i) => ({ caseId: open[i % 12], at: BASE + i * HOUR })),
    ...Array.from({ length: 6 }, (_, i) => ({ caseId: hidden.cases[i % 3], at: BASE + (i * 10 + 5) * HOUR })),
    ...Array.from({ length: 2 }, (_, i) => ({ caseId: open[0], at: BASE + 100 * HOUR + i, removed: true })),
  ]);
  visible.entries = entryIds.slice(0, 60).reverse();
  hidden.entries = entryIds.slice(60, 66);

  const evidenceIds = await addEvidence(db, by, [
    ...Array.from({ length: 20 }, (_, i) => ({
      caseId: open[i % 12],
      at: BASE + i * HOUR,
      file: i % 4 !== 0,
    })),
    ...Array.from({ length: 5 }, (_, i) => ({
      caseId: hidden.cases[0],
      at: BASE + i * HOUR + 1,
      file: true,
    })),
  ]);
  visible.evidence = evidenceIds.slice(0, 20).reverse();
  visible.media = evidenceIds
    .slice(0, 20)
    .filter((_, i) => i % 4 !== 0)
    .reverse();
  hidden.evidence = evidenceIds.slice(20);

  // The newest entry carries two media files and one item without a file (not media).
  newestEntryMedia = [visible.media[1], visible.media[0]];
  await db.insert(journalEntryEvidence).values(
    [...newestEntryMedia, visible.evidence.find((id) => !visible.media.includes(id))!].map((evidenceId) => ({
      journalEntryId: visible.entries[0],
      evidenceId,
    })),
  );
});
afterAll(async () => {
  await t.close();
});

const get = async (client: Client, url: string, status = 200) => {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const idsOf = (list: { id: string }[]) => list.map((item) => item.id);

/** Every page of a sub-resource, in order, with the pagination each answered. */
async function allPages(client: Client, path: string, pageSize: number) {
  const first = await get(client, `${path}${path.includes('?') ? '&' : '?'}pageSize=${pageSize}`);
  const ids = idsOf(first.data);
  for (let page = 2; page <= first.pagination.totalPages; page++) {
    const next = await get(
      client,
      `${path}${path.includes('?') ? '&' : '?'}pageSize=${pageSize}&page=${page}`,
    );
    expect(next.pagination).toEqual({ ...first.pagination, page });
    ids.push(...idsOf(next.data));
  }
  return { ids, pagination: first.pagination };
}

describe('identifier detail: first pages and counts', () => {
  it('answers the 10 newest of each related kind with their counts, leaving out hidden cases', async () => {
    const detail = await get(investigator, `/api/identifiers/${identifierId}`);
    expect(detail.journalEntryCount).toBe(60);
    expect(idsOf(detail.journalEntries)).toEqual(visible.entries.slice(0, 10));
    expect(detail.evidenceCount).toBe(20);
    expect(idsOf(detail.evidence)).toEqual(visible.evidence.slice(0, 10));
    expect(detail.mediaCount).toBe(15);
    expect(idsOf(detail.media)).toEqual(visible.media.slice(0, 10));
    expect(detail.caseCount).toBe(12);
    expect(idsOf(detail.cases)).toEqual(visible.cases.slice(0, 10));
    for (const id of [...hidden.entries, ...hidden.evidence, ...hidden.cases]) {
      expect(JSON.stringify(detail)).not.toContain(id);
    }
  });

  it('gives each entry of the page the ids of its media only', async () => {
    const detail = await get(investigator, `/api/identifiers/${identifierId}`);
    expect([...detail.journalEntries[0].mediaIds].sort()).toEqual([...newestEntryMedia].sort());
    expect(detail.journalEntries[1].mediaIds).toEqual([]);
  });

  it('counts the hidden cases records for an administrator, and never removed entries', async () => {
    const detail = await get(admin, `/api/identifiers/${identifierId}`);
    expect(detail.journalEntryCount).toBe(66);
    expect(detail.evidenceCount).toBe(25);
    expect(detail.mediaCount).toBe(20);
    expect(detail.caseCount).toBe(15);
    expect(detail.journalEntries).toHaveLength(10);
  });
});

describe('identifier detail: paged sub-resources', () => {
  it('pages through every visible journal entry, newest first, with media ids', async () => {
    const { ids, pagination } = await allPages(
      investigator,
      `/api/identifiers/${identifierId}/journal-entries`,
      25,
    );
    expect(pagination).toEqual({ page: 1, pageSize: 25, totalItems: 60, totalPages: 3 });
    expect(ids).toEqual(visible.entries);
    const first = await get(investigator, `/api/identifiers/${identifierId}/journal-entries`);
    expect(first.pagination).toEqual({ page: 1, pageSize: 10, totalItems: 60, totalPages: 6 });
    expect([...first.data[0].mediaIds].sort()).toEqual([...newestEntryMedia].sort());
    expect(first.data[0]).toMatchObject({ type: 'note', description: expect.stringMatching(/^Entry \d+$/) });
  });

  it('pages through the evidence, and through the media alone with hasFile', async () => {
    const all = await allPages(investigator, `/api/identifiers/${identifierId}/evidence`, 7);
    expect(all.pagination.totalItems).toBe(20);
    expect(all.ids).toEqual(visible.evidence);
    const media = await allPages(investigator, `/api/identifiers/${identifierId}/evidence?hasFile=true`, 4);
    expect(media.pagination).toEqual({ page: 1, pageSize: 4, totalItems: 15, totalPages: 4 });
    expect(media.ids).toEqual(visible.media);
    const written = await get(investigator, `/api/identifiers/${identifierId}/evidence?hasFile=false`);
    expect(written.pagination.totalItems).toBe(5);
    expect(written.data.every((item: { fileName: unknown }) => item.fileName === null)).toBe(true);
    const [newestMedia] = (await get(investigator, `/api/identifiers/${identifierId}/evidence?hasFile=true`))
      .data;
    expect(newestMedia).toMatchObject({ contentType: 'image/png', sizeBytes: 10, sha256: 'cd'.repeat(32) });
  });

  it('pages through the cases the caller may see', async () => {
    const { ids, pagination } = await allPages(investigator, `/api/identifiers/${identifierId}/cases`, 5);
    expect(pagination).toEqual({ page: 1, pageSize: 5, totalItems: 12, totalPages: 3 });
    expect(ids).toEqual(visible.cases);
    const everything = await allPages(admin, `/api/identifiers/${identifierId}/cases`, 100);
    expect(everything.ids).toEqual([...hidden.cases, ...visible.cases]);
  });

  it('answers an empty page past the end with the totals', async () => {
    const past = await get(investigator, `/api/identifiers/${identifierId}/journal-entries?page=99`);
    expect(past).toEqual({ data: [], pagination: { page: 99, pageSize: 10, totalItems: 60, totalPages: 6 } });
  });

  it('answers 404 for an identifier that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const part of ['journal-entries', 'evidence', 'cases']) {
      const res = await investigator.get(`/api/identifiers/${missing}/${part}`);
      expect(res.statusCode).toBe(404);
    }
  });

  it('refuses a bad page or pageSize with 400 naming the field', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['pageSize=101', 'pageSize'],
      ['pageSize=abc', 'pageSize'],
      ['hasFile=yes', 'hasFile'],
    ]) {
      const res = await investigator.get(`/api/identifiers/${identifierId}/evidence?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body).toContain(field);
    }
  });
});

describe('identifier detail: a view permission per section', () => {
  it('a key holding identifier.view alone gets the identifier with no related records, and no page', async () => {
    const caller = keyClient(t, (await insertAutomationKey(t.database.db, ['identifier.view'])).key);
    const detail = await get(caller, `/api/identifiers/${identifierId}`);
    expect(detail).toMatchObject({ journalEntries: [], evidence: [], media: [], cases: [] });
    // The counts of records it may not read are left out, not 0, in the detail and its pivot.
    for (const count of ['journalEntryCount', 'evidenceCount', 'mediaCount', 'caseCount']) {
      expect(detail).not.toHaveProperty(count);
      expect(detail.pivot).not.toHaveProperty(count);
    }
    for (const part of ['journal-entries', 'evidence', 'cases']) {
      expect((await caller.get(`/api/identifiers/${identifierId}/${part}`)).statusCode).toBe(403);
    }
  });

  it('each page needs identifier.view and its own view permission', async () => {
    const db = t.database.db;
    const entriesOnly = keyClient(
      t,
      (await insertAutomationKey(db, ['identifier.view', 'journal_entry.view'])).key,
    );
    // A key sees cases with no group only: every visible entry here, none of the hidden ones.
    const page = await get(entriesOnly, `/api/identifiers/${identifierId}/journal-entries`);
    expect(page.pagination.totalItems).toBe(60);
    expect((await entriesOnly.get(`/api/identifiers/${identifierId}/evidence`)).statusCode).toBe(403);
    expect((await entriesOnly.get(`/api/identifiers/${identifierId}/cases`)).statusCode).toBe(403);
    const detail = await get(entriesOnly, `/api/identifiers/${identifierId}`);
    expect(detail).toMatchObject({ journalEntryCount: 60 });
    expect(detail).not.toHaveProperty('evidenceCount');
    expect(detail).not.toHaveProperty('caseCount');

    const withoutIdentifiers = keyClient(
      t,
      (await insertAutomationKey(db, ['journal_entry.view', 'evidence.view', 'case.view'])).key,
    );
    for (const part of ['journal-entries', 'evidence', 'cases']) {
      expect((await withoutIdentifiers.get(`/api/identifiers/${identifierId}/${part}`)).statusCode).toBe(403);
    }
  });
});
