import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import {
  auditRows,
  caseActivity,
  custodyRows,
  insertCase,
  insertEvidence,
  insertIdentifier,
  journalRowCounts,
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

async function entryInCase() {
  const caseId = await insertCase(db(), originatorId);
  const res = await investigator.post('/api/journal-entries', { type: 'note', description: 'x', caseId });
  return { caseId, entryId: res.json().id as string };
}

describe('linking evidence to an entry', () => {
  it('links and unlinks, with custody rows, audit rows and case activity', async () => {
    const { caseId, entryId } = await entryInCase();
    const evidenceId = await insertEvidence(db(), originatorId, { caseId, file: true });
    await db().execute(sql`update cases set last_activity_at = '2020-01-01' where id = ${caseId}`);

    const linked = await investigator.post(`/api/journal-entries/${entryId}/evidence/${evidenceId}`);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().evidence.map((e: { id: string }) => e.id)).toEqual([evidenceId]);
    expect(linked.json().mediaIds).toEqual([evidenceId]);
    expect((await caseActivity(db(), caseId)).getFullYear()).toBeGreaterThan(2020);

    // Linking it again changes nothing and writes nothing.
    const before = await journalRowCounts(db());
    expect(
      (await investigator.post(`/api/journal-entries/${entryId}/evidence/${evidenceId}`)).statusCode,
    ).toBe(200);
    expect(await journalRowCounts(db())).toEqual(before);

    const unlinked = await investigator.delete(`/api/journal-entries/${entryId}/evidence/${evidenceId}`);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().evidence).toEqual([]);
    expect(unlinked.json().mediaIds).toEqual([]);

    const custody = await custodyRows(db(), evidenceId);
    expect(custody.map((row) => [row.action, row.detail])).toEqual([
      ['linked', { journalEntryId: entryId }],
      ['unlinked', { journalEntryId: entryId }],
    ]);
    expect(custody[0]).toMatchObject({ actorUserId: userId, actorOriginatorId: originatorId });
    const audit = (await auditRows(db(), entryId)).map((row) => [row.type, row.data, row.caseId]);
    expect(audit.slice(1)).toEqual([
      ['journal_entry.evidence_linked', { before: null, after: { evidenceId } }, caseId],
      ['journal_entry.evidence_unlinked', { before: { evidenceId }, after: null }, caseId],
    ]);
  });

  it('unlinking evidence that is not linked is a 404; unknown evidence or entry too', async () => {
    const { entryId } = await entryInCase();
    const evidenceId = await insertEvidence(db(), originatorId);
    const before = await journalRowCounts(db());
    const notLinked = await investigator.delete(`/api/journal-entries/${entryId}/evidence/${evidenceId}`);
    expect(notLinked.statusCode).toBe(404);
    expect(notLinked.json().error.message).toBe('This evidence item is not linked to the entry');
    const unknown = crypto.randomUUID();
    expect((await investigator.post(`/api/journal-entries/${entryId}/evidence/${unknown}`)).statusCode).toBe(
      404,
    );
    expect(
      (await investigator.post(`/api/journal-entries/${unknown}/evidence/${evidenceId}`)).statusCode,
    ).toBe(404);
    expect(await journalRowCounts(db())).toEqual(before);
  });
});

describe('linking identifiers to an entry', () => {
  it('links and unlinks, with audit rows', async () => {
    const { caseId, entryId } = await entryInCase();
    const identifierId = await insertIdentifier(db(), originatorId);
    const linked = await investigator.post(`/api/journal-entries/${entryId}/identifiers/${identifierId}`);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().identifierIds).toEqual([identifierId]);
    expect(linked.json().identifiers[0]).toMatchObject({ id: identifierId, type: 'email' });
    expect(
      (await investigator.post(`/api/journal-entries/${entryId}/identifiers/${identifierId}`)).json()
        .identifierIds,
    ).toEqual([identifierId]);
    const unlinked = await investigator.delete(`/api/journal-entries/${entryId}/identifiers/${identifierId}`);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().identifierIds).toEqual([]);
    const audit = (await auditRows(db(), entryId)).map((row) => [row.type, row.caseId]);
    expect(audit).toEqual([
      ['journal_entry.created', caseId],
      ['journal_entry.identifier_linked', caseId],
      ['journal_entry.identifier_unlinked', caseId],
    ]);
    const again = await investigator.delete(`/api/journal-entries/${entryId}/identifiers/${identifierId}`);
    expect(again.statusCode).toBe(404);
    expect(
      (await investigator.post(`/api/journal-entries/${entryId}/identifiers/${crypto.randomUUID()}`))
        .statusCode,
    ).toBe(404);
  });

  it('an entry of an archived case takes no new links (409)', async () => {
    const { caseId, entryId } = await entryInCase();
    const identifierId = await insertIdentifier(db(), originatorId);
    await db().execute(sql`update cases set status = 'archived' where id = ${caseId}`);
    const before = await journalRowCounts(db());
    const res = await investigator.post(`/api/journal-entries/${entryId}/identifiers/${identifierId}`);
    expect(res.statusCode).toBe(409);
    expect(await journalRowCounts(db())).toEqual(before);
  });
});
