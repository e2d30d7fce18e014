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
  journalRowCounts,
} from './journal-entry-test-fixtures';

let t: TestApp;
let investigator: Client;
let cookie: string;
let originatorId: string;
let caseId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'investigator');
  investigator = signed.client;
  cookie = signed.client.cookie;
  originatorId = signed.user.originatorId;
  caseId = await insertCase(t.database.db, originatorId);
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
