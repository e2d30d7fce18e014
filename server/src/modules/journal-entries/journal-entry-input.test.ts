import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_LINKS_MAX, JOURNAL_DESCRIPTION_MAX_LENGTH } from '@scamtrail/domain/journal-entries';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import {
  findEntryRow,
  insertCase,
  insertEvidence,
  insertIdentifier,
  journalRowCounts,
} from './journal-entry-test-fixtures';

let t: TestApp;
let investigator: Client;
let originatorId: string;
let caseId: string;
let entryId: string;
let evidenceId: string;
let identifierId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'investigator');
  investigator = signed.client;
  originatorId = signed.user.originatorId;
  caseId = await insertCase(t.database.db, originatorId);
  evidenceId = await insertEvidence(t.database.db, originatorId, { caseId });
  identifierId = await insertIdentifier(t.database.db, originatorId);
  entryId = (
    await investigator.post('/api/journal-entries', { type: 'note', description: 'Kept as is', caseId })
  ).json().id;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const unknown = () => crypto.randomUUID();
const valid = { type: 'note', description: 'Something happened' };

/** Sends the request and expects a 400 naming exactly these fields, with nothing written. */
async function expectRefused(
  send: () => Promise<{ statusCode: number; json(): unknown; body: string }>,
  fields: string[],
) {
  const before = await journalRowCounts(db());
  const res = await send();
  expect(res.statusCode, res.body).toBe(400);
  const named = (res.json() as { error: { details: { fields: { field: string }[] } } }).error.details.fields;
  expect(named.map((f) => f.field).sort()).toEqual([...fields].sort());
  expect(await journalRowCounts(db())).toEqual(before);
}

describe('bad input is a 400 naming the field, and nothing is saved', () => {
  it('creating an entry', async () => {
    const create = (body: unknown) => () => investigator.post('/api/journal-entries', body);
    await expectRefused(create({ description: 'x' }), ['type']);
    await expectRefused(create({ ...valid, type: 'letter' }), ['type']);
    await expectRefused(create({ type: 'note' }), ['description']);
    await expectRefused(create({ ...valid, description: '   ' }), ['description']);
    await expectRefused(create({ ...valid, description: 'x'.repeat(JOURNAL_DESCRIPTION_MAX_LENGTH + 1) }), [
      'description',
    ]);
    await expectRefused(create({ ...valid, description: 'a\u0000b' }), ['description']);
    await expectRefused(create({ ...valid, performedAt: 'yesterday' }), ['performedAt']);
    await expectRefused(create({ ...valid, caseId: 'case-1' }), ['caseId']);
    await expectRefused(create({ ...valid, evidence: 'all' }), ['evidence']);
    await expectRefused(create({ ...valid, evidence: [evidenceId, 'nope'] }), ['evidence.1']);
    await expectRefused(create({ ...valid, identifierIds: null }), ['identifierIds']);
    const tooMany = Array.from({ length: ENTRY_LINKS_MAX + 1 }, () => unknown());
    await expectRefused(create({ ...valid, identifierIds: tooMany }), ['identifierIds']);
  });

  it('creating an entry with ids that name nothing: every one is named', async () => {
    await expectRefused(
      () =>
        investigator.post('/api/journal-entries', {
          ...valid,
          caseId: unknown(),
          evidence: [evidenceId, unknown()],
          identifierIds: [unknown(), identifierId],
        }),
      ['caseId', 'evidence.1', 'identifierIds.0'],
    );
  });

  it('editing an entry', async () => {
    const patch = (body: unknown) => () => investigator.patch(`/api/journal-entries/${entryId}`, body);
    await expectRefused(patch({}), ['body']);
    await expectRefused(patch({ type: 'letter' }), ['type']);
    await expectRefused(patch({ description: '' }), ['description']);
    await expectRefused(patch({ performedAt: '2024-13-01T00:00:00Z' }), ['performedAt']);
    expect((await findEntryRow(db(), entryId)).description).toBe('Kept as is');
  });

  it('removing and linking an entry', async () => {
    await expectRefused(
      () => investigator.delete(`/api/journal-entries/${entryId}`, { reason: 7 }),
      ['reason'],
    );
    await expectRefused(
      () => investigator.post(`/api/journal-entries/${entryId}/remove`, { caseId }),
      ['reason'],
    );
    await expectRefused(
      () => investigator.post(`/api/journal-entries/${entryId}/remove`, { reason: 'x', caseId: 'abc' }),
      ['caseId'],
    );
    await expectRefused(
      () => investigator.post(`/api/cases/${caseId}/journal-entries`, {}),
      ['journalEntryId'],
    );
    await expectRefused(
      () => investigator.post(`/api/journal-entries/${entryId}/evidence/not-an-id`),
      ['evidenceId'],
    );
    await expectRefused(
      () => investigator.delete(`/api/journal-entries/not-an-id/identifiers/${identifierId}`),
      ['id'],
    );
    expect((await findEntryRow(db(), entryId)).isNullified).toBe(false);
  });
});

describe('audit and custody rows are written in the transaction of the change', () => {
  it('when the audit row cannot be written, the entry, its links and their custody rows are not saved', async () => {
    await db().execute(sql`create function refuse_journal_audit() returns trigger language plpgsql as $$
      begin
        if new.type like 'journal_entry.%' then raise exception 'audit refused for the test'; end if;
        return new;
      end $$`);
    await db().execute(sql`create trigger refuse_journal_audit before insert on events
      for each row execute function refuse_journal_audit()`);
    try {
      const before = await journalRowCounts(db());
      const res = await investigator.post('/api/journal-entries', {
        ...valid,
        caseId,
        evidence: [evidenceId],
        identifierIds: [identifierId],
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.message).not.toMatch(/audit refused/);
      const link = await investigator.post(`/api/journal-entries/${entryId}/evidence/${evidenceId}`);
      expect(link.statusCode).toBe(500);
      expect(await journalRowCounts(db())).toEqual(before);
    } finally {
      await db().execute(sql`drop trigger refuse_journal_audit on events`);
      await db().execute(sql`drop function refuse_journal_audit()`);
    }
  });
});
