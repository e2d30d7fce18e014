import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent, Case } from '@scamtrail/domain/cases';
import type { CustodyEvent } from '@scamtrail/domain/evidence';
import type { NotificationList } from '@scamtrail/domain/notifications';
import { permissionsForRole } from '@scamtrail/domain/permissions';
import { events } from '../../db/schema/index';
import type { Principal } from '../auth/principal';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { automationWithKey } from '../../../test/originator-helpers';
import { recordStatements } from '../../../test/statement-log';
import { createCaseVia, insertGroup, patchCaseVia } from '../cases/case-test-fixtures';
import { idOf, ok, writtenEvidence } from './events-test-fixtures';
import { auditEvent, type AuditRecord } from './audit-event';
import { RecordReferences } from './hidden-references';

/**
 * Events and custody rows that name another record (a linked case, evidence linked to an entry, the
 * entry evidence was linked to, the case evidence moved from or to, the case a duplicate repeats) are
 * read by people who may see the record they belong to but not the one they name. Those readers learn
 * neither the other record's id nor anything said of it; those who may see it read it all.
 */

const MARKER = `hidden-${Math.random().toString(36).slice(2, 10)}`;

let t: TestApp;
let admin: Client;
let insider: Client;
let outsider: Client;
let viewer: Client;
let apiKey: Client;
/** The outsider as the server resolves them: an investigator outside group G. */
let outsiderPrincipal: Principal;
/** A case of group G, whose only member is the insider. */
let hidden: Case;
let groupId: string;
/** A case of no group, assigned to everyone who reads it. */
let visible: Case;
const ids = {
  hiddenEvidence: '',
  movedAway: '',
  movedHere: '',
  visibleEvidence: '',
  hiddenEntry: '',
};

async function entry(client: Client, caseId: string, body: Record<string, unknown> = {}): Promise<string> {
  const description = `Entry ${MARKER}`;
  return idOf(await ok(client.post('/api/journal-entries', { caseId, type: 'note', description, ...body })));
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
  const inside = await signedIn(t, 'investigator');
  insider = inside.client;
  const outside = await signedIn(t, 'investigator');
  outsider = outside.client;
  outsiderPrincipal = {
    kind: 'user',
    userId: outside.user.id,
    sessionId: 'not used',
    originatorId: outside.user.originatorId,
    role: 'investigator',
    email: outside.user.email,
    firstName: outside.user.firstName,
    lastName: outside.user.lastName,
    permissions: permissionsForRole('investigator'),
  };
  const view = await signedIn(t, 'viewer');
  viewer = view.client;
  apiKey = (await automationWithKey(t, admin, ['case.view', 'evidence.view', 'journal_entry.view'])).caller;

  groupId = await insertGroup(t.database.db, [inside.user.id]);
  hidden = await createCaseVia(insider, { title: `Case ${MARKER}`, groupId });
  const readers = [inside.user.id, outside.user.id, view.user.id];
  visible = await createCaseVia(admin, { title: 'Visible', assigneeIds: readers });

  // A link made, removed and made again: case.linked and case.unlinked, each with its note.
  await ok(insider.post(`/api/cases/${hidden.id}/links`, { caseId: visible.id, note: `Link ${MARKER}` }));
  await ok(insider.delete(`/api/cases/${visible.id}/links/${hidden.id}`));
  await ok(insider.post(`/api/cases/${visible.id}/links`, { caseId: hidden.id, note: `Again ${MARKER}` }));

  // Evidence of the hidden case named by an entry of the visible one, at creation and afterwards.
  ids.hiddenEvidence = await writtenEvidence(insider, hidden.id, `Evidence ${MARKER}`);
  const visibleEntry = await entry(insider, visible.id, { description: 'Visible entry' });
  await ok(insider.post(`/api/journal-entries/${visibleEntry}/evidence/${ids.hiddenEvidence}`));
  await ok(insider.delete(`/api/journal-entries/${visibleEntry}/evidence/${ids.hiddenEvidence}`));
  await entry(insider, visible.id, { description: 'Another visible entry', evidence: [ids.hiddenEvidence] });

  // Evidence of the visible case named by an entry of the hidden one: its custody says so.
  ids.visibleEvidence = await writtenEvidence(insider, visible.id, 'Visible evidence');
  ids.hiddenEntry = await entry(insider, hidden.id, { evidence: [ids.visibleEvidence] });

  // Evidence moved from the visible case into the hidden one, and from the hidden one into the visible.
  ids.movedAway = await writtenEvidence(insider, visible.id, 'Moved away');
  await ok(insider.patch(`/api/evidence/${ids.movedAway}`, { caseId: hidden.id, title: `Moved ${MARKER}` }));
  ids.movedHere = await writtenEvidence(insider, hidden.id, 'Moved here');
  await ok(insider.patch(`/api/evidence/${ids.movedHere}`, { caseId: visible.id }));

  // The visible case closed as a duplicate of the hidden one.
  await patchCaseVia(insider, visible.id, {
    status: 'closed',
    resolution: 'duplicate',
    closureNotes: 'Same report',
    duplicateOfId: hidden.id,
  });
});
afterAll(async () => {
  await t.close();
});

const hiddenIds = () => [hidden.id, ids.hiddenEvidence, ids.movedAway, ids.hiddenEntry];

async function history(client: Client): Promise<AuditEvent[]> {
  return (await ok<{ data: AuditEvent[] }>(client.get(`/api/cases/${visible.id}/history?pageSize=100`))).data;
}

async function notifications(client: Client): Promise<AuditEvent[]> {
  const list = await ok<NotificationList>(client.get('/api/notifications?pageSize=50'));
  return list.data.map((n) => n.event);
}

async function custody(client: Client, evidenceId: string): Promise<CustodyEvent[]> {
  return (await ok<{ data: CustodyEvent[] }>(client.get(`/api/evidence/${evidenceId}/custody?pageSize=100`)))
    .data;
}

function expectNothingHidden(what: string, answer: unknown) {
  const text = JSON.stringify(answer);
  expect(text, `${what}: the marker`).not.toContain(MARKER);
  for (const id of hiddenIds()) expect(text, `${what}: a hidden id`).not.toContain(id);
}

const byAction = (events: AuditEvent[], action: string) => events.filter((e) => e.action === action);

describe('events and custody rows that name a record the reader may not see', () => {
  const outsiders: [string, () => Client, boolean][] = [
    ['a viewer', () => viewer, true],
    ['an investigator outside the group', () => outsider, true],
    ['an API key', () => apiKey, false],
  ];

  for (const [who, client, hasNotifications] of outsiders) {
    it(`${who} reads the visible case's History without the hidden case, evidence or entry`, async () => {
      const events = await history(client());
      expectNothingHidden('history', events);
      expect(byAction(events, 'case.linked').map((e) => e.after)).toEqual([
        { linkedCaseId: { hidden: 'case' } },
        { linkedCaseId: { hidden: 'case' } },
      ]);
      expect(byAction(events, 'case.unlinked')[0].before).toEqual({ linkedCaseId: { hidden: 'case' } });
      expect(byAction(events, 'journal_entry.evidence_linked')[0].after).toEqual({
        evidenceId: { hidden: 'evidence' },
      });
      expect(byAction(events, 'journal_entry.evidence_unlinked')[0].before).toEqual({
        evidenceId: { hidden: 'evidence' },
      });
      const [withEvidence] = byAction(events, 'journal_entry.created');
      expect(withEvidence.after).toMatchObject({ evidenceIds: [{ hidden: 'evidence' }] });
      expect(byAction(events, 'case.closed')[0].after).toMatchObject({ duplicateOfId: { hidden: 'case' } });
      // Evidence that left for the hidden case: neither it nor what it was is told any more.
      const gone = events.filter((e) => e.subjectType === 'evidence' && e.subjectId === null);
      expect(gone.map((e) => e.action).sort()).toEqual(['evidence.created', 'evidence.unlinked']);
      expect(byAction(events, 'evidence.unlinked')[0]).toMatchObject({
        before: { caseId: visible.id },
        after: { caseId: { hidden: 'case' } },
      });
      expect(byAction(events, 'evidence.linked')[0]).toMatchObject({
        subjectId: ids.movedHere,
        before: { caseId: { hidden: 'case' } },
        after: { caseId: visible.id },
      });
    });

    if (hasNotifications) {
      it(`${who} reads their notifications without the hidden case, evidence or entry`, async () => {
        const events = await notifications(client());
        expect(byAction(events, 'case.linked')).toHaveLength(2);
        expectNothingHidden('notifications', events);
      });
    }

    it(`${who} reads the custody of visible evidence without the hidden entry or case`, async () => {
      const linkedByHiddenEntry = await custody(client(), ids.visibleEvidence);
      expectNothingHidden('custody', linkedByHiddenEntry);
      expect(linkedByHiddenEntry.find((row) => row.action === 'linked')?.detail).toEqual({
        journalEntryId: { hidden: 'journal_entry' },
      });
      const movedHere = await custody(client(), ids.movedHere);
      expectNothingHidden('custody', movedHere);
      expect(movedHere.find((row) => row.action === 'added')?.detail).toMatchObject({
        caseId: { hidden: 'case' },
      });
      expect(movedHere.find((row) => row.action === 'unlinked')?.detail).toEqual({
        caseId: { hidden: 'case' },
      });
    });
  }

  for (const [who, client] of [
    ['an investigator of the group', () => insider],
    ['an administrator', () => admin],
  ] as const) {
    it(`${who} reads every one of them in full`, async () => {
      const events = await history(client());
      expect(byAction(events, 'case.linked')[0].after).toEqual({
        linkedCaseId: hidden.id,
        note: `Again ${MARKER}`,
      });
      expect(byAction(events, 'journal_entry.evidence_linked')[0].after).toEqual({
        evidenceId: ids.hiddenEvidence,
      });
      expect(byAction(events, 'evidence.created').map((e) => e.subjectId)).toContain(ids.movedAway);
      expect(byAction(events, 'case.closed')[0].after).toMatchObject({ duplicateOfId: hidden.id });
      const rows = await custody(client(), ids.visibleEvidence);
      expect(rows.find((row) => row.action === 'linked')?.detail).toEqual({
        journalEntryId: ids.hiddenEntry,
      });
    });
  }

  it('a page costs one statement per kind of record it names, however many it names', async () => {
    const statementsFor = async (links: number) => {
      const one = await createCaseVia(admin);
      for (let i = 0; i < links; i += 1) {
        const other = await createCaseVia(insider, { groupId });
        await ok(insider.post(`/api/cases/${one.id}/links`, { caseId: other.id, note: MARKER }));
      }
      const statements = await recordStatements(t.database, () =>
        outsider.get(`/api/cases/${one.id}/history`),
      );
      return statements.length;
    };
    expect(await statementsFor(5)).toBe(await statementsFor(1));
  });

  it('resolves what a page names inside a transaction too, one statement after another', async () => {
    // Two kinds named: on the pool their lookups run at once; a transaction's one connection takes
    // them in turn (the setup file's guard fails this test if they overlap there).
    const references = new RecordReferences();
    references.name('case', hidden.id);
    references.name('case', visible.id);
    references.name('evidence', ids.hiddenEvidence);
    references.name('evidence', ids.visibleEvidence);
    await t.database.db.transaction((tx) => references.resolve(tx, outsiderPrincipal));
    expect(references.isVisible('case', visible.id)).toBe(true);
    expect(references.isVisible('evidence', ids.visibleEvidence)).toBe(true);
    expect(references.isVisible('case', hidden.id)).toBe(false);
    expect(references.isVisible('evidence', ids.hiddenEvidence)).toBe(false);
  });

  it('an event of an action nobody declared (written by an older version) tells nothing of its data', async () => {
    const subjectId = ids.visibleEvidence;
    await t.database.db.insert(events).values({
      type: 'evidence.frobbed',
      actorOriginatorId: null,
      subjectType: 'evidence',
      subjectId,
      caseId: visible.id,
      data: { before: null, after: { otherCaseId: hidden.id, note: MARKER } },
    });
    const [event] = byAction(await history(outsider), 'evidence.frobbed');
    expect(event).toMatchObject({ subjectId: null, before: null, after: null });
  });

  it('auditEvent refuses an action that is not declared with the records it names', () => {
    const principal = {
      kind: 'user',
      userId: null,
      originatorId: null,
      permissions: [],
    } as unknown as Principal;
    const record = { action: 'case.frobbed', subjectType: 'case', subjectId: visible.id, caseId: visible.id };
    expect(() => auditEvent(principal, record as unknown as AuditRecord)).toThrow(
      'Undeclared audit action case.frobbed',
    );
  });
});
