import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import {
  auditRows,
  caseActivity,
  custodyRows,
  findEntryRow,
  insertCase,
  insertEvidence,
  insertIdentifier,
} from './journal-entry-test-fixtures';

let t: TestApp;
let investigator: Client;
let originatorId: string;
let userId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'investigator');
  investigator = signed.client;
  originatorId = signed.user.originatorId;
  userId = signed.user.id;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;

describe('creating a journal entry, then linking it to its case', () => {
  it('creates an unlinked entry originated by the caller, then links it', async () => {
    const caseId = await insertCase(db(), originatorId);
    const created = await investigator.post('/api/journal-entries', {
      type: 'call',
      description: 'Called the victim back',
      performedAt: '2024-05-01T10:00:00+02:00',
      evidence: null,
      identifierIds: [],
    });
    expect(created.statusCode).toBe(201);
    const entry = created.json();
    expect(entry).toMatchObject({
      caseId: null,
      type: 'call',
      description: 'Called the victim back',
      performedAt: '2024-05-01T08:00:00.000Z',
      evidence: [],
      identifierIds: [],
      mediaIds: [],
      isSigned: false,
      signedBy: null,
      isNullified: false,
      nullifiedReason: null,
      nullifiedBy: null,
    });
    expect(entry.originator).toMatchObject({ id: originatorId, type: 'team_member', proxy: null });

    const linked = await investigator.post(`/api/cases/${caseId}/journal-entries`, {
      journalEntryId: entry.id,
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().caseId).toBe(caseId);
    expect((await findEntryRow(db(), entry.id)).caseId).toBe(caseId);
    expect((await caseActivity(db(), caseId)).getFullYear()).toBeGreaterThan(2020);

    const audit = await auditRows(db(), entry.id);
    expect(audit.map((row) => row.type)).toEqual(['journal_entry.created', 'journal_entry.linked']);
    expect(audit[0]).toMatchObject({ actorUserId: userId, actorOriginatorId: originatorId, caseId: null });
    expect(audit[1]).toMatchObject({ caseId, data: { before: { caseId: null }, after: { caseId } } });
  });

  it('linking an entry to the case it is in again changes nothing', async () => {
    const caseId = await insertCase(db(), originatorId);
    const { id } = (
      await investigator.post('/api/journal-entries', { type: 'note', description: 'x', caseId })
    ).json();
    const again = await investigator.post(`/api/cases/${caseId}/journal-entries`, { journalEntryId: id });
    expect(again.statusCode).toBe(200);
    expect((await auditRows(db(), id)).map((row) => row.type)).toEqual(['journal_entry.created']);
  });

  it('an entry of another case cannot be linked to this one (409)', async () => {
    const first = await insertCase(db(), originatorId);
    const second = await insertCase(db(), originatorId);
    const { id } = (
      await investigator.post('/api/journal-entries', { type: 'note', description: 'x', caseId: first })
    ).json();
    const res = await investigator.post(`/api/cases/${second}/journal-entries`, { journalEntryId: id });
    expect(res.statusCode).toBe(409);
    expect((await findEntryRow(db(), id)).caseId).toBe(first);
  });

  it('an unknown entry is a 400 naming journalEntryId; an unknown case a 404', async () => {
    const caseId = await insertCase(db(), originatorId);
    const res = await investigator.post(`/api/cases/${caseId}/journal-entries`, {
      journalEntryId: crypto.randomUUID(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([
      { field: 'journalEntryId', message: 'No journal entry with this id' },
    ]);
    const { id } = (
      await investigator.post('/api/journal-entries', { type: 'note', description: 'x' })
    ).json();
    const missingCase = await investigator.post(`/api/cases/${crypto.randomUUID()}/journal-entries`, {
      journalEntryId: id,
    });
    expect(missingCase.statusCode).toBe(404);
  });

  it('links evidence and identifiers on creation, with custody and audit rows', async () => {
    const caseId = await insertCase(db(), originatorId);
    const shot = await insertEvidence(db(), originatorId, { caseId, file: true });
    const statement = await insertEvidence(db(), originatorId, { caseId });
    const identifierId = await insertIdentifier(db(), originatorId);
    const res = await investigator.post('/api/journal-entries', {
      type: 'evidence_added',
      description: 'Screenshots of the chat',
      caseId,
      evidence: [shot, statement, shot],
      identifierIds: [identifierId],
    });
    expect(res.statusCode).toBe(201);
    const entry = res.json();
    expect(entry.caseId).toBe(caseId);
    expect(entry.evidence.map((e: { id: string }) => e.id).sort()).toEqual([shot, statement].sort());
    expect(entry.evidence.find((e: { id: string }) => e.id === shot)).toMatchObject({
      kind: 'screenshot',
      mediaType: 'image/png',
      sha256: 'ab'.repeat(32),
    });
    expect(entry.mediaIds).toEqual([shot]);
    expect(entry.identifierIds).toEqual([identifierId]);
    expect(entry.identifiers[0]).toMatchObject({ id: identifierId, type: 'email' });

    for (const evidenceId of [shot, statement]) {
      const custody = await custodyRows(db(), evidenceId);
      expect(custody).toHaveLength(1);
      expect(custody[0]).toMatchObject({
        action: 'linked',
        actorUserId: userId,
        detail: { journalEntryId: entry.id },
      });
    }
    const [created] = await auditRows(db(), entry.id);
    expect(created).toMatchObject({ type: 'journal_entry.created', subjectType: 'journal_entry', caseId });
    expect(created.data).toMatchObject({ before: null, after: { identifierIds: [identifierId] } });
  });

  it('an archived case takes no new entry (409) and nothing is saved', async () => {
    const caseId = await insertCase(db(), originatorId, { status: 'archived' });
    const res = await investigator.post('/api/journal-entries', {
      type: 'note',
      description: 'late',
      caseId,
    });
    expect(res.statusCode).toBe(409);
    const { id } = (
      await investigator.post('/api/journal-entries', { type: 'note', description: 'x' })
    ).json();
    const link = await investigator.post(`/api/cases/${caseId}/journal-entries`, { journalEntryId: id });
    expect(link.statusCode).toBe(409);
    expect((await findEntryRow(db(), id)).caseId).toBeNull();
  });
});

describe('reading and editing an entry', () => {
  it('answers one entry by id, and 404 for an unknown one', async () => {
    const { id } = (
      await investigator.post('/api/journal-entries', { type: 'email', description: 'Mail' })
    ).json();
    const res = await investigator.get(`/api/journal-entries/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, type: 'email', description: 'Mail' });
    expect((await investigator.get(`/api/journal-entries/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('the originator edits type, description and performedAt; the audit keeps the changed fields', async () => {
    const caseId = await insertCase(db(), originatorId);
    const { id } = (
      await investigator.post('/api/journal-entries', { type: 'note', description: 'Draft', caseId })
    ).json();
    const res = await investigator.patch(`/api/journal-entries/${id}`, {
      description: 'Final',
      type: 'note',
      performedAt: '2024-01-02T03:04:05Z',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ description: 'Final', performedAt: '2024-01-02T03:04:05.000Z' });
    const updated = (await auditRows(db(), id)).find((row) => row.type === 'journal_entry.updated');
    expect(updated?.caseId).toBe(caseId);
    expect(updated?.data.before).toEqual({ description: 'Draft', performedAt: expect.any(String) });
    expect(updated?.data.after).toEqual({ description: 'Final', performedAt: '2024-01-02T03:04:05.000Z' });
  });

  it('an edit of an entry in an archived case is refused (409)', async () => {
    const caseId = await insertCase(db(), originatorId);
    const { id } = (
      await investigator.post('/api/journal-entries', { type: 'note', description: 'Before', caseId })
    ).json();
    await db().execute(sql`update cases set status = 'archived' where id = ${caseId}`);
    expect(
      (await investigator.patch(`/api/journal-entries/${id}`, { description: 'After' })).statusCode,
    ).toBe(409);
    expect((await findEntryRow(db(), id)).description).toBe('Before');
  });
});
