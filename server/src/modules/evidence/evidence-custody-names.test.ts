import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case } from '@scamtrail/domain/cases';
import type { CustodyEvent } from '@scamtrail/domain/evidence';
import { JOURNAL_ENTRY_TYPE_LABELS } from '@scamtrail/domain/journal-entries';
import { evidenceCustody } from '../../db/schema/index';
import { signedIn, type Client } from '../../../test/helpers';
import { automationWithKey } from '../../../test/originator-helpers';
import { createCaseVia } from '../cases/case-test-fixtures';
import { idOf, ok, writtenEvidence } from '../events/events-test-fixtures';
import { buildEvidenceApp, insertGroup, type EvidenceTestApp } from './evidence-test-fixtures';

/**
 * A custody row that names a case or a journal entry names it to a reader who may see it, as the
 * History does (`names`: a case as "#12 Its title", an entry by its type and text) with the entry's
 * case (`entryCases`), so the web can link to them. One the reader may not see keeps its
 * `{ hidden: kind }`: neither its id nor its name nor its case is in the answer.
 */

const MARKER_A = `custody-a-${Math.random().toString(36).slice(2, 10)}`;
const MARKER_B = `custody-b-${Math.random().toString(36).slice(2, 10)}`;

let t: EvidenceTestApp;
let admin: Client;
/** An investigator of group A only, and one of group B only. */
let alice: Client;
let bob: Client;
/** Cases of group A and of group B, and one of no group both read. */
let caseA: Case;
let caseB: Case;
let shared: Case;
/** An item of the shared case, first in case A, linked by an entry of each group's case. */
let evidenceId = '';
let entryA = '';
let entryB = '';
let entryShared = '';

const caseName = (item: Case) => `#${item.number} ${item.title}`;
const caseRef = (item: Case) => ({
  id: item.id,
  number: item.number,
  title: item.title,
  status: item.status,
});
const noteName = (description: string) => `${JOURNAL_ENTRY_TYPE_LABELS.note}: ${description}`;

async function entry(client: Client, caseId: string, description: string): Promise<string> {
  return idOf(
    await ok(
      client.post('/api/journal-entries', { caseId, type: 'note', description, evidence: [evidenceId] }),
    ),
  );
}

async function custody(client: Client): Promise<CustodyEvent[]> {
  return (await ok<{ data: CustodyEvent[] }>(client.get(`/api/evidence/${evidenceId}/custody?pageSize=100`)))
    .data;
}

const rowOf = (rows: CustodyEvent[], action: string, field: string, value: unknown) => {
  const row = rows.find(
    (r) => r.action === action && JSON.stringify(r.detail[field]) === JSON.stringify(value),
  );
  if (!row) throw new Error(`no ${action} row with ${field} ${JSON.stringify(value)}`);
  return row;
};

beforeAll(async () => {
  t = await buildEvidenceApp();
  admin = (await signedIn(t, 'admin')).client;
  const a = await signedIn(t, 'investigator');
  const b = await signedIn(t, 'investigator');
  alice = a.client;
  bob = b.client;
  const groupA = await insertGroup(t.database.db, [a.user.id]);
  const groupB = await insertGroup(t.database.db, [b.user.id]);
  caseA = await createCaseVia(alice, { title: `Case ${MARKER_A}`, groupId: groupA });
  caseB = await createCaseVia(bob, { title: `Case ${MARKER_B}`, groupId: groupB });
  shared = await createCaseVia(admin, { title: 'Shared romance scam' });

  // Added to case A (custody: added, caseId A), then moved to the shared case (unlinked A, linked shared).
  evidenceId = await writtenEvidence(alice, caseA.id, 'Wallet screenshot');
  await ok(alice.patch(`/api/evidence/${evidenceId}`, { caseId: shared.id }));
  // Each investigator's entry in their own group's case links it (custody: linked, journalEntryId).
  entryA = await entry(alice, caseA.id, `Entry ${MARKER_A}`);
  entryB = await entry(bob, caseB.id, `Entry ${MARKER_B}`);
  entryShared = await entry(admin, shared.id, 'Called the bank');
});
afterAll(async () => {
  await t.close();
});

describe('the chain of custody names the cases and entries the reader may see', () => {
  const readers = [
    {
      who: 'an investigator of group A',
      client: () => alice,
      own: () => ({ case: caseA, entry: entryA, marker: MARKER_A }),
      other: () => ({ case: caseB, entry: entryB, marker: MARKER_B }),
    },
    {
      who: 'an investigator of group B',
      client: () => bob,
      own: () => ({ case: caseB, entry: entryB, marker: MARKER_B }),
      other: () => ({ case: caseA, entry: entryA, marker: MARKER_A }),
    },
  ];

  for (const { who, client, own, other } of readers) {
    it(`${who} reads their own group's case and entry by name, the other group's by nothing`, async () => {
      const rows = await custody(client());
      const mine = own();
      const theirs = other();

      const linkedMine = rowOf(rows, 'linked', 'journalEntryId', mine.entry);
      expect(linkedMine.names).toEqual({ [mine.entry]: noteName(`Entry ${mine.marker}`) });
      expect(linkedMine.entryCases).toEqual({ [mine.entry]: caseRef(mine.case) });

      const linkedTheirs = rowOf(rows, 'linked', 'journalEntryId', { hidden: 'journal_entry' });
      expect(linkedTheirs.names).toEqual({});
      expect(linkedTheirs.entryCases).toEqual({});

      // The shared case the item moved to: named to both.
      expect(rowOf(rows, 'linked', 'caseId', shared.id).names).toEqual({ [shared.id]: caseName(shared) });

      // Neither the other group's case nor its entry: not their id, title, number or text.
      const text = JSON.stringify(rows);
      expect(text).not.toContain(theirs.marker);
      expect(text).not.toContain(theirs.case.id);
      expect(text).not.toContain(theirs.entry);
      expect(text).not.toContain(caseName(theirs.case));
    });
  }

  it('names case A, where the item was added and left, only to its group', async () => {
    const aliceRows = await custody(alice);
    expect(rowOf(aliceRows, 'added', 'caseId', caseA.id).names).toEqual({ [caseA.id]: caseName(caseA) });
    expect(rowOf(aliceRows, 'unlinked', 'caseId', caseA.id).names).toEqual({ [caseA.id]: caseName(caseA) });
    const bobRows = await custody(bob);
    expect(rowOf(bobRows, 'added', 'caseId', { hidden: 'case' }).names).toEqual({});
    expect(rowOf(bobRows, 'unlinked', 'caseId', { hidden: 'case' }).names).toEqual({});
  });

  it('an administrator reads every one by name', async () => {
    const rows = await custody(admin);
    expect(rowOf(rows, 'linked', 'journalEntryId', entryA).entryCases).toEqual({ [entryA]: caseRef(caseA) });
    expect(rowOf(rows, 'linked', 'journalEntryId', entryB).names).toEqual({
      [entryB]: noteName(`Entry ${MARKER_B}`),
    });
  });

  it('names an entry without its case to a key that may not read cases', async () => {
    const { caller } = await automationWithKey(t, admin, ['evidence.view', 'journal_entry.view']);
    const { data } = (await caller.get(`/api/evidence/${evidenceId}/custody?pageSize=100`)).json() as {
      data: CustodyEvent[];
    };
    const linked = rowOf(data, 'linked', 'journalEntryId', entryShared);
    expect(linked.names).toEqual({ [entryShared]: noteName('Called the bank') });
    expect(linked.entryCases).toEqual({});
    expect(rowOf(data, 'linked', 'caseId', { hidden: 'case' }).names).toEqual({});
    expect(JSON.stringify(data)).not.toContain(caseName(shared));
  });

  it('names no entry or case that is no longer found, and keeps its id for an administrator', async () => {
    const gone = crypto.randomUUID();
    await t.database.db.insert(evidenceCustody).values({
      evidenceId,
      action: 'linked',
      actorOriginatorId: null,
      actorUserId: null,
      actorApiKeyId: null,
      detail: { journalEntryId: gone },
    });
    const row = rowOf(await custody(admin), 'linked', 'journalEntryId', gone);
    expect(row.names).toEqual({});
    expect(row.entryCases).toEqual({});
    rowOf(await custody(alice), 'linked', 'journalEntryId', { hidden: 'journal_entry' });
  });
});
