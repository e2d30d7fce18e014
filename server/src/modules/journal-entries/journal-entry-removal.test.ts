import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REMOVAL_REASON } from '@scamtrail/domain/journal-entries';
import { buildTestApp, PUBLIC_URL, signedIn, type Client, type TestApp } from '../../../test/helpers';
import {
  auditRows,
  caseActivity,
  findEntryRow,
  insertCase,
  insertEvidence,
  insertGroup,
  journalRowCounts,
} from './journal-entry-test-fixtures';

let t: TestApp;
let investigator: Client;
let cookie: string;
let originatorId: string;
let caseId: string;
// Another investigator who sees the same cases, and an administrator.
let colleague: Client;
let colleagueCookie: string;
let admin: Client;
let adminOriginatorId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'investigator');
  investigator = signed.client;
  cookie = signed.client.cookie;
  originatorId = signed.user.originatorId;
  caseId = await insertCase(t.database.db, originatorId);
  colleague = (await signedIn(t, 'investigator')).client;
  colleagueCookie = colleague.cookie;
  const signedAdmin = await signedIn(t, 'admin');
  admin = signedAdmin.client;
  adminOriginatorId = signedAdmin.user.originatorId;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;

async function newEntry(inCase: string | null = caseId): Promise<string> {
  const res = await investigator.post('/api/journal-entries', {
    type: 'note',
    description: 'To be removed',
    ...(inCase ? { caseId: inCase } : {}),
  });
  return res.json().id;
}

describe('removing a journal entry nullifies it and keeps the row', () => {
  it('DELETE with a reason records it, who and when; the row stays', async () => {
    const id = await newEntry();
    const res = await investigator.delete(`/api/journal-entries/${id}`, { reason: 'Entered twice' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, isNullified: true, nullifiedReason: 'Entered twice' });
    expect(res.json().nullifiedBy).toMatch(/\(Team\)$/);
    const row = await findEntryRow(db(), id);
    expect(row).toMatchObject({
      isNullified: true,
      nullifiedReason: 'Entered twice',
      nullifiedByOriginatorId: originatorId,
      description: 'To be removed',
    });
    expect(row.nullifiedAt).toBeInstanceOf(Date);
    const audit = (await auditRows(db(), id)).at(-1);
    expect(audit).toMatchObject({ type: 'journal_entry.nullified', caseId });
    expect(audit?.data).toEqual({
      before: { isNullified: false },
      after: { isNullified: true, type: 'note', description: 'To be removed', reason: 'Entered twice' },
    });
    expect((await caseActivity(db(), caseId)).getFullYear()).toBeGreaterThan(2020);
    // Still readable by id, as removed.
    expect((await investigator.get(`/api/journal-entries/${id}`)).json().isNullified).toBe(true);
  });

  it('DELETE with an empty body uses the default reason', async () => {
    const id = await newEntry();
    const res = await investigator.delete(`/api/journal-entries/${id}`, {});
    expect(res.statusCode).toBe(200);
    // The wording of spec 7, not only whatever the constant holds.
    expect(res.json().nullifiedReason).toBe('Entry removed by user');
    expect((await findEntryRow(db(), id)).nullifiedReason).toBe('Entry removed by user');
  });

  it('DELETE with no body and no content type is accepted (the Origin check still applies)', async () => {
    const id = await newEntry();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/journal-entries/${id}`,
      headers: { cookie, origin: PUBLIC_URL },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().nullifiedReason).toBe(DEFAULT_REMOVAL_REASON);

    const other = await newEntry();
    const crossSite = await t.app.inject({
      method: 'DELETE',
      url: `/api/journal-entries/${other}`,
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await findEntryRow(db(), other)).isNullified).toBe(false);
  });

  it('removing an entry twice is a 409 and keeps the first reason', async () => {
    const id = await newEntry();
    await investigator.delete(`/api/journal-entries/${id}`, { reason: 'First' });
    expect((await investigator.delete(`/api/journal-entries/${id}`, { reason: 'Second' })).statusCode).toBe(
      409,
    );
    const remove = await investigator.post(`/api/journal-entries/${id}/remove`, { reason: 'Third', caseId });
    expect(remove.statusCode).toBe(409);
    expect((await findEntryRow(db(), id)).nullifiedReason).toBe('First');
  });

  it('POST remove takes the reason and the entry case', async () => {
    const id = await newEntry();
    const res = await investigator.post(`/api/journal-entries/${id}/remove`, {
      reason: 'Wrong case',
      caseId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isNullified: true, nullifiedReason: 'Wrong case', caseId });
  });

  it('POST remove naming another case is a 400 naming caseId, and nothing changes', async () => {
    const id = await newEntry();
    const otherCase = await insertCase(db(), originatorId);
    const unlinked = await newEntry(null);
    const before = await journalRowCounts(db());
    for (const entryCase of [otherCase, crypto.randomUUID()]) {
      const res = await investigator.post(`/api/journal-entries/${id}/remove`, {
        reason: 'x',
        caseId: entryCase,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields).toEqual([
        { field: 'caseId', message: 'caseId is not the case of this entry' },
      ]);
    }
    const res = await investigator.post(`/api/journal-entries/${unlinked}/remove`, { reason: 'x', caseId });
    expect(res.statusCode).toBe(400);
    expect((await findEntryRow(db(), id)).isNullified).toBe(false);
    expect(await journalRowCounts(db())).toEqual(before);
  });

  it('a removed entry can no longer be edited, linked or get links (409)', async () => {
    const id = await newEntry(null);
    const evidenceId = await insertEvidence(db(), originatorId, { caseId });
    await investigator.delete(`/api/journal-entries/${id}`);
    const before = await journalRowCounts(db());
    expect(
      (await investigator.patch(`/api/journal-entries/${id}`, { description: 'Changed' })).statusCode,
    ).toBe(409);
    expect(
      (await investigator.post(`/api/cases/${caseId}/journal-entries`, { journalEntryId: id })).statusCode,
    ).toBe(409);
    expect((await investigator.post(`/api/journal-entries/${id}/evidence/${evidenceId}`)).statusCode).toBe(
      409,
    );
    expect(await journalRowCounts(db())).toEqual(before);
  });

  it('an entry of an archived case cannot be removed (409)', async () => {
    const archived = await insertCase(db(), originatorId);
    const id = await newEntry(archived);
    await db().execute(sql`update cases set status = 'archived' where id = ${archived}`);
    expect((await investigator.delete(`/api/journal-entries/${id}`)).statusCode).toBe(409);
    expect((await findEntryRow(db(), id)).isNullified).toBe(false);
  });
});

describe('only whoever recorded an entry or an administrator may remove it', () => {
  const REFUSED = 'Only whoever recorded this entry, or an administrator, can remove it';

  async function expectUnchanged(id: string) {
    const row = await findEntryRow(db(), id);
    expect(row).toMatchObject({
      isNullified: false,
      nullifiedReason: null,
      nullifiedAt: null,
      nullifiedByOriginatorId: null,
      description: 'To be removed',
    });
    expect((await auditRows(db(), id)).map((audit) => audit.type)).not.toContain('journal_entry.nullified');
  }

  it('another investigator who sees the case gets 403 from DELETE and POST remove, and nothing changes', async () => {
    const id = await newEntry();
    const otherCase = await insertCase(db(), originatorId);
    const before = await journalRowCounts(db());
    const attempts = [
      () => colleague.delete(`/api/journal-entries/${id}`, { reason: 'Not mine' }),
      () => colleague.delete(`/api/journal-entries/${id}`, {}),
      () =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/journal-entries/${id}`,
          headers: { cookie: colleagueCookie, origin: PUBLIC_URL },
        }),
      () => colleague.post(`/api/journal-entries/${id}/remove`, { reason: 'Not mine', caseId }),
      // Who may remove is decided before the case named is compared.
      () => colleague.post(`/api/journal-entries/${id}/remove`, { reason: 'Not mine', caseId: otherCase }),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toBe(REFUSED);
    }
    await expectUnchanged(id);
    expect(await journalRowCounts(db())).toEqual(before);
    expect((await colleague.get(`/api/journal-entries/${id}`)).json().isNullified).toBe(false);
  });

  it('another investigator gets 403, not 409, for an entry already removed or in an archived case', async () => {
    const removed = await newEntry();
    await investigator.delete(`/api/journal-entries/${removed}`, { reason: 'First' });
    const archived = await insertCase(db(), originatorId);
    const inArchived = await newEntry(archived);
    await db().execute(sql`update cases set status = 'archived' where id = ${archived}`);
    for (const res of [
      await colleague.delete(`/api/journal-entries/${removed}`, { reason: 'Second' }),
      await colleague.post(`/api/journal-entries/${removed}/remove`, { reason: 'Second', caseId }),
      await colleague.delete(`/api/journal-entries/${inArchived}`, { reason: 'Second' }),
      await colleague.post(`/api/journal-entries/${inArchived}/remove`, {
        reason: 'Second',
        caseId: archived,
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toBe(REFUSED);
    }
    expect((await findEntryRow(db(), removed)).nullifiedReason).toBe('First');
    await expectUnchanged(inArchived);
  });

  it("the entry's originator removes it with either call", async () => {
    for (const remove of [
      (id: string) => investigator.delete(`/api/journal-entries/${id}`, { reason: 'Mine' }),
      (id: string) => investigator.post(`/api/journal-entries/${id}/remove`, { reason: 'Mine', caseId }),
    ]) {
      const id = await newEntry();
      const res = await remove(id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id, isNullified: true, nullifiedReason: 'Mine' });
      expect((await findEntryRow(db(), id)).nullifiedByOriginatorId).toBe(originatorId);
    }
  });

  it("an administrator removes another user's entry with either call; the removal is theirs", async () => {
    for (const remove of [
      (id: string) => admin.delete(`/api/journal-entries/${id}`, { reason: 'Duplicate' }),
      (id: string) => admin.post(`/api/journal-entries/${id}/remove`, { reason: 'Duplicate', caseId }),
    ]) {
      const id = await newEntry();
      const res = await remove(id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id, isNullified: true, nullifiedReason: 'Duplicate' });
      expect(res.json().originator.id).toBe(originatorId);
      const row = await findEntryRow(db(), id);
      expect(row).toMatchObject({
        isNullified: true,
        originatorId,
        nullifiedByOriginatorId: adminOriginatorId,
      });
      expect((await auditRows(db(), id)).at(-1)).toMatchObject({ type: 'journal_entry.nullified', caseId });
    }
  });

  it('an entry of a case the caller cannot see stays a 404, as a missing one, not a 403', async () => {
    const groupId = await insertGroup(db(), []);
    const hiddenCase = await insertCase(db(), originatorId, { groupId });
    const id = (
      await admin.post('/api/journal-entries', {
        type: 'note',
        description: 'To be removed',
        caseId: hiddenCase,
      })
    ).json().id;
    for (const res of [
      await colleague.delete(`/api/journal-entries/${id}`, { reason: 'x' }),
      await colleague.post(`/api/journal-entries/${id}/remove`, { reason: 'x', caseId: hiddenCase }),
      await colleague.delete(`/api/journal-entries/${crypto.randomUUID()}`, { reason: 'x' }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.message).toBe('Journal entry not found');
    }
    await expectUnchanged(id);
  });
});
