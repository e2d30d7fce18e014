import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cases,
  evidence,
  evidenceIdentifiers,
  journalEntries,
  journalEntryIdentifiers,
} from '../../db/schema/index';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { insertCase, insertEvidence, insertGroup, insertJournalEntry } from './identifier-test-fixtures';

/**
 * The link tables' copies of what an identifier's listings filter and sort by (migration 0009) follow
 * the entry or evidence item whatever changes it, and the pages and counts read off them stay right for
 * a caller who sees every case and for one who does not.
 */

let t: TestApp;
let admin: Client;
let investigator: Client;
let by: string;
let identifierId: string;
let openCase: string;
let hiddenCase: string;

const db = () => t.database.db;

async function entryLink(journalEntryId: string) {
  const [link] = await db()
    .select({
      performedAt: journalEntryIdentifiers.performedAt,
      caseId: journalEntryIdentifiers.caseId,
      isNullified: journalEntryIdentifiers.isNullified,
    })
    .from(journalEntryIdentifiers)
    .where(eq(journalEntryIdentifiers.journalEntryId, journalEntryId));
  const [entry] = await db()
    .select({
      performedAt: journalEntries.performedAt,
      caseId: journalEntries.caseId,
      isNullified: journalEntries.isNullified,
    })
    .from(journalEntries)
    .where(eq(journalEntries.id, journalEntryId));
  return { link, entry };
}

async function evidenceLink(evidenceId: string) {
  const [link] = await db()
    .select({
      createdAt: evidenceIdentifiers.evidenceCreatedAt,
      caseId: evidenceIdentifiers.caseId,
      hasFile: evidenceIdentifiers.hasFile,
    })
    .from(evidenceIdentifiers)
    .where(eq(evidenceIdentifiers.evidenceId, evidenceId));
  return link;
}

const totalOf = async (client: Client, path: string) => {
  const res = await client.get(`/api/identifiers/${identifierId}/${path}`);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().pagination.totalItems as number;
};
beforeAll(async () => {
  t = await buildTestApp();
  const a = await signedIn(t, 'admin');
  admin = a.client;
  investigator = (await signedIn(t, 'investigator')).client;
  by = a.user.originatorId!;
  identifierId = (
    await admin.post('/api/identifiers', { type: 'email', data: { address: 'copies@example.com' } })
  ).json().id;
  openCase = (await insertCase(db(), by)).id;
  hiddenCase = (await insertCase(db(), by, await insertGroup(db()))).id;
});

afterAll(async () => {
  await t?.close();
});

describe('journal entry links', () => {
  it('take the entry’s date, case and removal when linked, and follow each change of the entry', async () => {
    const id = await insertJournalEntry(db(), { identifierId, originatorId: by, caseId: openCase });
    let { link, entry } = await entryLink(id);
    expect(link).toEqual(entry);
    expect(link.caseId).toBe(openCase);

    await db()
      .update(journalEntries)
      .set({ performedAt: new Date('2020-02-03T04:05:06Z') })
      .where(eq(journalEntries.id, id));
    ({ link, entry } = await entryLink(id));
    expect(link.performedAt.toISOString()).toBe('2020-02-03T04:05:06.000Z');

    await db().update(journalEntries).set({ caseId: hiddenCase }).where(eq(journalEntries.id, id));
    ({ link, entry } = await entryLink(id));
    expect(link.caseId).toBe(hiddenCase);

    await db()
      .update(journalEntries)
      .set({ isNullified: true, nullifiedReason: 'typo' })
      .where(eq(journalEntries.id, id));
    ({ link, entry } = await entryLink(id));
    expect(link).toEqual({ ...entry, isNullified: true });
  });

  it('lose their case when the case is deleted', async () => {
    const doomed = (await insertCase(db(), by)).id;
    const id = await insertJournalEntry(db(), { identifierId, originatorId: by, caseId: doomed });
    await db().delete(cases).where(eq(cases.id, doomed));
    const { link } = await entryLink(id);
    expect(link.caseId).toBeNull();
  });
});

describe('evidence links', () => {
  it('take the item’s date, case and file when linked, and follow each change of the item', async () => {
    const id = await insertEvidence(db(), { identifierId, originatorId: by, caseId: openCase });
    const [item] = await db().select().from(evidence).where(eq(evidence.id, id));
    expect(await evidenceLink(id)).toEqual({ createdAt: item.createdAt, caseId: openCase, hasFile: false });

    await db().update(evidence).set({ fileName: 'later.png' }).where(eq(evidence.id, id));
    expect((await evidenceLink(id)).hasFile).toBe(true);

    await db().update(evidence).set({ caseId: hiddenCase }).where(eq(evidence.id, id));
    expect((await evidenceLink(id)).caseId).toBe(hiddenCase);

    await db().update(evidence).set({ fileName: null }).where(eq(evidence.id, id));
    expect((await evidenceLink(id)).hasFile).toBe(false);

    const at = new Date('2021-01-01T00:00:00Z');
    await db().update(evidence).set({ createdAt: at }).where(eq(evidence.id, id));
    expect((await evidenceLink(id)).createdAt).toEqual(at);
  });
});

describe('pages and counts read off the copies', () => {
  it('follow an entry moved into a hidden case, removed, or redated, for the caller who sees it or not', async () => {
    const other = await admin.post('/api/identifiers', {
      type: 'email',
      data: { address: 'moves@example.com' },
    });
    const before = identifierId;
    identifierId = other.json().id;
    try {
      const [first, second, third] = [
        await insertJournalEntry(db(), { identifierId, originatorId: by, caseId: openCase }),
        await insertJournalEntry(db(), { identifierId, originatorId: by, caseId: openCase }),
        await insertJournalEntry(db(), { identifierId, originatorId: by }),
      ];
      const item = await insertEvidence(db(), { identifierId, originatorId: by, caseId: openCase });
      expect(await totalOf(investigator, 'journal-entries')).toBe(3);
      expect(await totalOf(investigator, 'cases')).toBe(1);

      await db().update(journalEntries).set({ caseId: hiddenCase }).where(eq(journalEntries.id, first));
      await db().update(evidence).set({ caseId: hiddenCase, fileName: 'x.png' }).where(eq(evidence.id, item));
      expect(await totalOf(investigator, 'journal-entries')).toBe(2);
      expect(await totalOf(admin, 'journal-entries')).toBe(3);
      expect(await totalOf(investigator, 'evidence')).toBe(0);
      expect(await totalOf(admin, 'evidence?hasFile=true')).toBe(1);
      expect(await totalOf(investigator, 'cases')).toBe(1);
      expect(await totalOf(admin, 'cases')).toBe(2);

      await db()
        .update(journalEntries)
        .set({ isNullified: true, nullifiedReason: 'duplicate' })
        .where(eq(journalEntries.id, second));
      await db()
        .update(journalEntries)
        .set({ performedAt: new Date('2000-01-01T00:00:00Z') })
        .where(eq(journalEntries.id, third));
      const seen = (await investigator.get(`/api/identifiers/${identifierId}/journal-entries`)).json();
      expect(seen.data.map((entry: { id: string }) => entry.id)).toEqual([third]);
      expect(seen.pagination.totalItems).toBe(1);
      const detail = (await admin.get(`/api/identifiers/${identifierId}`)).json();
      expect(detail.journalEntries.map((entry: { id: string }) => entry.id)).toEqual([first, third]);
      expect(detail.journalEntryCount).toBe(2);
      expect([detail.evidenceCount, detail.mediaCount, detail.caseCount]).toEqual([1, 1, 1]);
    } finally {
      identifierId = before;
    }
  });
});
