import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { automationWithKey } from '../../../test/originator-helpers';
import {
  findEntryRow,
  insertCase,
  insertEvidence,
  insertGroup,
  insertIdentifier,
  journalRowCounts,
} from './journal-entry-test-fixtures';

let t: TestApp;
let member: Client;
let outsider: Client;
let viewer: Client;
let admin: Client;
let memberOriginatorId: string;
let groupCaseId: string;
let groupEntryId: string;
let groupEvidenceId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const signedMember = await signedIn(t, 'investigator');
  member = signedMember.client;
  memberOriginatorId = signedMember.user.originatorId;
  outsider = (await signedIn(t, 'investigator')).client;
  viewer = (await signedIn(t, 'viewer')).client;
  admin = (await signedIn(t, 'admin')).client;
  const groupId = await insertGroup(t.database.db, [signedMember.user.id]);
  groupCaseId = await insertCase(t.database.db, memberOriginatorId, { groupId });
  groupEvidenceId = await insertEvidence(t.database.db, memberOriginatorId, { caseId: groupCaseId });
  groupEntryId = (
    await member.post('/api/journal-entries', {
      type: 'note',
      description: 'Group only',
      caseId: groupCaseId,
    })
  ).json().id;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;

describe("an investigator outside the case's group", () => {
  it("gets 404 for the case's journal and its entries, as for missing ones", async () => {
    expect((await member.get(`/api/cases/${groupCaseId}/journal-entries`)).statusCode).toBe(200);
    const journal = await outsider.get(`/api/cases/${groupCaseId}/journal-entries`);
    expect(journal.statusCode).toBe(404);
    expect(journal.json().error.message).toBe('Case not found');
    const entry = await outsider.get(`/api/journal-entries/${groupEntryId}`);
    expect(entry.statusCode).toBe(404);
    expect(entry.json().error.message).toBe('Journal entry not found');
  });

  it('cannot change, remove or link the entries of that case (404) and nothing is written', async () => {
    const before = await journalRowCounts(db());
    const mine = (await outsider.post('/api/journal-entries', { type: 'note', description: 'Mine' })).json()
      .id;
    const afterCreate = await journalRowCounts(db());
    const evidenceId = await insertEvidence(db(), memberOriginatorId);
    const identifierId = await insertIdentifier(db(), memberOriginatorId);
    const attempts = [
      outsider.post(`/api/cases/${groupCaseId}/journal-entries`, { journalEntryId: mine }),
      outsider.patch(`/api/journal-entries/${groupEntryId}`, { description: 'Taken over' }),
      outsider.delete(`/api/journal-entries/${groupEntryId}`, { reason: 'Gone' }),
      outsider.post(`/api/journal-entries/${groupEntryId}/remove`, { reason: 'Gone', caseId: groupCaseId }),
      outsider.post(`/api/journal-entries/${groupEntryId}/evidence/${evidenceId}`),
      outsider.post(`/api/journal-entries/${groupEntryId}/identifiers/${identifierId}`),
      // Their own entry, with the hidden case's evidence: the evidence is as good as missing.
      outsider.post(`/api/journal-entries/${mine}/evidence/${groupEvidenceId}`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(404);
    expect(afterCreate.journalEntries).toBe(before.journalEntries + 1);
    expect(await journalRowCounts(db())).toEqual(afterCreate);
    expect((await findEntryRow(db(), mine)).caseId).toBeNull();
    expect((await findEntryRow(db(), groupEntryId)).description).toBe('Group only');
  });

  it('cannot create an entry in that case or with its evidence (400 naming the field)', async () => {
    const before = await journalRowCounts(db());
    const inCase = await outsider.post('/api/journal-entries', {
      type: 'note',
      description: 'x',
      caseId: groupCaseId,
    });
    expect(inCase.statusCode).toBe(400);
    expect(inCase.json().error.details.fields).toEqual([
      { field: 'caseId', message: 'No case with this id' },
    ]);
    const withEvidence = await outsider.post('/api/journal-entries', {
      type: 'note',
      description: 'x',
      evidence: [groupEvidenceId],
    });
    expect(withEvidence.json().error.details.fields).toEqual([
      { field: 'evidence.0', message: 'No evidence item with this id' },
    ]);
    expect(await journalRowCounts(db())).toEqual(before);
  });

  it('does not see the hidden evidence linked to a visible entry, nor count it as evidence', async () => {
    const openCase = await insertCase(db(), memberOriginatorId);
    const visibleEntry = (
      await member.post('/api/journal-entries', {
        type: 'note',
        description: 'Open',
        caseId: openCase,
        evidence: [groupEvidenceId],
      })
    ).json().id;
    expect((await member.get(`/api/journal-entries/${visibleEntry}`)).json().evidence).toHaveLength(1);
    const seen = await outsider.get(`/api/journal-entries/${visibleEntry}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().evidence).toEqual([]);
    const withEvidence = `/api/cases/${openCase}/journal-entries?hasEvidence=true`;
    expect((await member.get(withEvidence)).json().pagination.totalItems).toBe(1);
    expect((await outsider.get(withEvidence)).json().pagination.totalItems).toBe(0);
  });
});

describe('journal permission boundaries', () => {
  it('a viewer can read the journal but cannot create, edit, remove or link entries (403)', async () => {
    const caseId = await insertCase(db(), memberOriginatorId);
    const id = (await member.post('/api/journal-entries', { type: 'note', description: 'x', caseId })).json()
      .id;
    expect((await viewer.get(`/api/cases/${caseId}/journal-entries`)).statusCode).toBe(200);
    expect((await viewer.get(`/api/journal-entries/${id}`)).statusCode).toBe(200);
    const before = await journalRowCounts(db());
    expect((await viewer.post('/api/journal-entries', { type: 'note', description: 'x' })).statusCode).toBe(
      403,
    );
    expect((await viewer.patch(`/api/journal-entries/${id}`, { description: 'y' })).statusCode).toBe(403);
    expect((await viewer.delete(`/api/journal-entries/${id}`)).statusCode).toBe(403);
    expect(
      (await viewer.post(`/api/cases/${caseId}/journal-entries`, { journalEntryId: id })).statusCode,
    ).toBe(403);
    expect(await journalRowCounts(db())).toEqual(before);
  });

  it("another investigator cannot edit someone's entry (403), an administrator can", async () => {
    const id = (await member.post('/api/journal-entries', { type: 'note', description: 'Original' })).json()
      .id;
    const refused = await outsider.patch(`/api/journal-entries/${id}`, { description: 'Rewritten' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'Only whoever recorded this entry, or an administrator, can edit it',
    );
    expect((await findEntryRow(db(), id)).description).toBe('Original');
    const byAdmin = await admin.patch(`/api/journal-entries/${id}`, { description: 'Corrected' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().description).toBe('Corrected');
    expect(byAdmin.json().originator.id).toBe(memberOriginatorId);
  });

  it('an API key creates entries as its automation and may edit them', async () => {
    const { automation, caller } = await automationWithKey(t, admin, [
      'journal_entry.view',
      'journal_entry.create',
      'journal_entry.edit',
    ]);
    const res = await caller.post('/api/journal-entries', { type: 'other', description: 'Scanner hit' });
    expect(res.statusCode).toBe(201);
    expect(res.json().originator).toMatchObject({ id: automation.id, type: 'automation' });
    expect((await caller.patch(`/api/journal-entries/${res.json().id}`, { type: 'note' })).statusCode).toBe(
      200,
    );
    // A key sees cases with no group only.
    expect((await caller.get(`/api/journal-entries/${groupEntryId}`)).statusCode).toBe(404);
  });
});
