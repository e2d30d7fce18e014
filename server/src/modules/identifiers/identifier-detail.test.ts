import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidence, identifierTags, journalEntries, tags } from '../../db/schema/index';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import {
  identifierEvents,
  insertCase,
  insertEvidence,
  insertGroup,
  insertJournalEntry,
} from './identifier-test-fixtures';

let t: TestApp;
let admin: Client;
let investigator: Client;
let viewer: Client;
let identifierId: string;
const ids = {} as Record<'open' | 'mine' | 'theirs' | 'e1' | 'e2' | 'e3' | 'j1' | 'j2' | 'tag', string>;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const a = await signedIn(t, 'admin');
  admin = a.client;
  const inv = await signedIn(t, 'investigator');
  investigator = inv.client;
  viewer = (await signedIn(t, 'viewer')).client;
  const by = a.user.originatorId!;
  identifierId = (
    await admin.post('/api/identifiers', { type: 'email', data: { address: 'hub@example.com' } })
  ).json().id;

  ids.open = (await insertCase(db, by)).id;
  ids.mine = (await insertCase(db, by, await insertGroup(db, [inv.user.id]))).id;
  ids.theirs = (await insertCase(db, by, await insertGroup(db))).id;
  ids.e1 = await insertEvidence(db, { identifierId, originatorId: by, caseId: ids.open, file: true });
  ids.e2 = await insertEvidence(db, { identifierId, originatorId: by, caseId: ids.theirs, file: true });
  ids.e3 = await insertEvidence(db, { identifierId, originatorId: by, caseId: ids.mine, file: true });
  ids.j1 = await insertJournalEntry(db, {
    identifierId,
    originatorId: by,
    caseId: ids.open,
    evidenceIds: [ids.e1, ids.e2],
  });
  ids.j2 = await insertJournalEntry(db, { identifierId, originatorId: by, caseId: ids.theirs });
  const [tag] = await db.insert(tags).values({ name: 'Mule', color: 'red' }).returning({ id: tags.id });
  ids.tag = tag.id;
  await db.insert(identifierTags).values({ identifierId, tagId: tag.id });
});
afterAll(async () => {
  await t.close();
});

const detailOf = async (client: Client) => {
  const res = await client.get(`/api/identifiers/${identifierId}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const idsOf = (list: { id: string }[]) => list.map((item) => item.id).sort();

describe('identifier detail', () => {
  it('answers evidence, media, journal entries with media ids, tags and cases to an administrator', async () => {
    const detail = await detailOf(admin);
    expect(idsOf(detail.evidence)).toEqual([ids.e1, ids.e2, ids.e3].sort());
    expect(detail.evidenceCount).toBe(3);
    expect(idsOf(detail.media)).toEqual([ids.e1, ids.e2, ids.e3].sort());
    expect(detail.media.find((m: { id: string }) => m.id === ids.e1)).toMatchObject({
      contentType: 'image/png',
      sizeBytes: 1234,
      sha256: 'ab'.repeat(32),
    });
    expect(idsOf(detail.journalEntries)).toEqual([ids.j1, ids.j2].sort());
    const j1 = detail.journalEntries.find((j: { id: string }) => j.id === ids.j1);
    expect(j1.type).toBe('note');
    expect([...j1.mediaIds].sort()).toEqual([ids.e1, ids.e2].sort());
    expect(j1.description).toMatch(/^Entry \d+$/);
    expect(detail.tags).toEqual([{ id: ids.tag, name: 'Mule', color: 'red' }]);
    expect(idsOf(detail.cases)).toEqual([ids.open, ids.mine, ids.theirs].sort());
    expect(detail).toMatchObject({ mediaCount: 3, journalEntryCount: 2, caseCount: 3 });
  });

  it('an investigator cannot see a case of a group they are not in, nor its evidence and entries', async () => {
    const detail = await detailOf(investigator);
    expect(idsOf(detail.cases)).toEqual([ids.open, ids.mine].sort());
    expect(idsOf(detail.evidence)).toEqual([ids.e1, ids.e3].sort());
    expect(idsOf(detail.journalEntries)).toEqual([ids.j1]);
    // Nor the file of that case linked to an entry of a case they see, as the entry's media.
    expect(detail.journalEntries[0].mediaIds).toEqual([ids.e1]);
    expect(JSON.stringify(detail)).not.toContain(ids.theirs);
    expect(JSON.stringify(detail)).not.toContain(ids.e2);
    expect(detail).toMatchObject({ evidenceCount: 2, mediaCount: 2, journalEntryCount: 1, caseCount: 2 });
    const listed = (await investigator.get('/api/identifiers?search=hub@')).json();
    expect(listed.data[0].evidenceCount).toBe(2);
  });

  it('a viewer (in no group) sees only cases without a group', async () => {
    expect(idsOf((await detailOf(viewer)).cases)).toEqual([ids.open]);
  });

  it('counts evidence in the list without a query per row', async () => {
    const listed = (await admin.get('/api/identifiers')).json();
    expect(listed.data.find((i: { id: string }) => i.id === identifierId).evidenceCount).toBe(3);
  });

  it('deleting detaches journal entries and evidence but keeps them, recording the links', async () => {
    const res = await admin.delete(`/api/identifiers/${identifierId}`);
    expect(res.statusCode).toBe(204);
    const db = t.database.db;
    expect(await db.select({ id: evidence.id }).from(evidence).where(eq(evidence.id, ids.e1))).toHaveLength(
      1,
    );
    expect(
      await db.select({ id: journalEntries.id }).from(journalEntries).where(eq(journalEntries.id, ids.j1)),
    ).toHaveLength(1);
    const deleted = (await identifierEvents(db, identifierId)).find((e) => e.type === 'identifier.deleted');
    const detached = (deleted?.data as { detached: Record<string, string[]> }).detached;
    expect([...detached.journalEntryIds].sort()).toEqual([ids.j1, ids.j2].sort());
    expect([...detached.evidenceIds].sort()).toEqual([ids.e1, ids.e2, ids.e3].sort());
    expect(detached.tagIds).toEqual([ids.tag]);
  });
});
