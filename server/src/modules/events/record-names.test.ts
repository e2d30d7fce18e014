import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent, Case } from '@scamtrail/domain/cases';
import type { NotificationList } from '@scamtrail/domain/notifications';
import { eq } from 'drizzle-orm';
import { groups } from '../../db/schema/index';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { automationWithKey } from '../../../test/originator-helpers';
import { createCaseVia, insertGroup, patchCaseVia } from '../cases/case-test-fixtures';
import { idOf, ok, writtenEvidence } from './events-test-fixtures';

/**
 * A History row that names another record (the case linked by hand, the case a duplicate repeats, the
 * evidence or identifier linked to an entry) names it to a reader who may see it, by `names`: a case
 * as "#12 Its title", evidence by its title, an identifier by its value. One the reader may not see
 * keeps its `{ hidden: kind }` and is not among the names, neither its id nor its name.
 */

const MARKER = `named-${Math.random().toString(36).slice(2, 10)}`;

let t: TestApp;
let admin: Client;
let insider: Client;
let outsider: Client;
let outsiderId: string;
let outsiderName: string;
let viewer: Client;
/** A case of a group whose only member is the insider. */
let hidden: Case;
/** The case whose History is read, of no group: everyone reads it. */
let visible: Case;
/** Another case of no group, linked to the visible one and repeated by it. */
let other: Case;
const ids = { visibleEvidence: '', hiddenEvidence: '', identifier: '' };
let identifierName = '';

async function entry(client: Client, caseId: string, body: Record<string, unknown> = {}): Promise<string> {
  return idOf(
    await ok(client.post('/api/journal-entries', { caseId, type: 'note', description: 'Entry', ...body })),
  );
}

const caseName = (item: Case) => `#${item.number} ${item.title}`;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
  const inside = await signedIn(t, 'investigator');
  insider = inside.client;
  const outside = await signedIn(t, 'investigator');
  outsider = outside.client;
  outsiderId = outside.user.id;
  outsiderName = `${outside.user.firstName} ${outside.user.lastName}`;
  const view = await signedIn(t, 'viewer');
  viewer = view.client;

  const groupId = await insertGroup(t.database.db, [inside.user.id]);
  hidden = await createCaseVia(insider, { title: `Hidden ${MARKER}`, groupId });
  const readers = [inside.user.id, outside.user.id, view.user.id];
  visible = await createCaseVia(admin, { title: 'Romance scam', assigneeIds: readers });
  other = await createCaseVia(admin, { title: 'Fake crypto exchange' });

  await ok(insider.post(`/api/cases/${visible.id}/links`, { caseId: other.id, note: 'Same wallet' }));
  await ok(insider.post(`/api/cases/${visible.id}/links`, { caseId: hidden.id, note: `Note ${MARKER}` }));

  const identifier = await ok<{ id: string; displayValue: string }>(
    insider.post('/api/identifiers', { type: 'email', data: { address: 'mule@example.com' } }),
  );
  ids.identifier = identifier.id;
  identifierName = identifier.displayValue;

  ids.visibleEvidence = await writtenEvidence(insider, visible.id, 'Wallet screenshot');
  ids.hiddenEvidence = await writtenEvidence(insider, hidden.id, `Evidence ${MARKER}`);
  await entry(insider, visible.id, {
    description: 'Both items',
    evidence: [ids.visibleEvidence, ids.hiddenEvidence],
    identifierIds: [ids.identifier],
  });
  const later = await entry(insider, visible.id, { description: 'Linked afterwards' });
  await ok(insider.post(`/api/journal-entries/${later}/evidence/${ids.visibleEvidence}`));
  await ok(insider.post(`/api/journal-entries/${later}/evidence/${ids.hiddenEvidence}`));
  await ok(insider.post(`/api/journal-entries/${later}/identifiers/${ids.identifier}`));
  await ok(insider.post(`/api/evidence/${ids.visibleEvidence}/identifiers/${ids.identifier}`));

  await patchCaseVia(insider, visible.id, {
    status: 'closed',
    resolution: 'duplicate',
    closureNotes: 'Same report',
    duplicateOfId: other.id,
  });
});
afterAll(async () => {
  await t.close();
});

async function history(client: Client): Promise<AuditEvent[]> {
  return (await ok<{ data: AuditEvent[] }>(client.get(`/api/cases/${visible.id}/history?pageSize=100`))).data;
}

const byAction = (events: AuditEvent[], action: string) => events.filter((e) => e.action === action);

/** The event whose before or after names the record in the field. */
function naming(events: AuditEvent[], action: string, field: string, id: string): AuditEvent {
  const found = byAction(events, action).find((e) =>
    [e.before, e.after].some((values) => (values as Record<string, unknown> | null)?.[field] === id),
  );
  if (!found) throw new Error(`no ${action} naming ${id}`);
  return found;
}

/** The events whose before or after holds a hidden record in the field. */
const namingHidden = (events: AuditEvent[], action: string, field: string) =>
  byAction(events, action).filter((e) =>
    [e.before, e.after].some((values) => {
      const value = (values as Record<string, unknown> | null)?.[field];
      return typeof value === 'object' && value !== null && 'hidden' in value;
    }),
  );

describe('the records a History row names, by name', () => {
  for (const [who, client] of [
    ['an investigator outside the group', () => outsider],
    ['a viewer', () => viewer],
  ] as const) {
    it(`${who} reads a linked case and linked evidence they may see by name, hidden ones not`, async () => {
      const events = await history(client());
      expect(naming(events, 'case.linked', 'linkedCaseId', other.id).names).toEqual({
        [other.id]: caseName(other),
      });
      expect(naming(events, 'case.linked', 'linkedCaseId', other.id).names[other.id]).toMatch(
        /^#\d+ Fake crypto exchange$/,
      );
      expect(
        naming(events, 'journal_entry.evidence_linked', 'evidenceId', ids.visibleEvidence).names,
      ).toEqual({ [ids.visibleEvidence]: 'Wallet screenshot' });
      expect(naming(events, 'journal_entry.identifier_linked', 'identifierId', ids.identifier).names).toEqual(
        { [ids.identifier]: identifierName },
      );
      expect(naming(events, 'evidence.identifier_linked', 'identifierId', ids.identifier).names).toEqual({
        [ids.identifier]: identifierName,
      });
      expect(byAction(events, 'case.closed')[0].names).toEqual({ [other.id]: caseName(other) });
      const [created] = byAction(events, 'journal_entry.created').filter(
        (e) => (e.after as { description?: string }).description === 'Both items',
      );
      expect(created.after).toMatchObject({
        evidenceIds: [ids.visibleEvidence, { hidden: 'evidence' }],
        identifierIds: [ids.identifier],
      });
      expect(created.names).toEqual({
        [visible.id]: caseName(visible),
        [ids.visibleEvidence]: 'Wallet screenshot',
        [ids.identifier]: identifierName,
      });

      // The hidden case and evidence keep their generic words: no id, no name.
      const [hiddenLink] = namingHidden(events, 'case.linked', 'linkedCaseId');
      expect(hiddenLink.after).toEqual({ linkedCaseId: { hidden: 'case' } });
      expect(hiddenLink.names).toEqual({});
      const [hiddenEvidence] = namingHidden(events, 'journal_entry.evidence_linked', 'evidenceId');
      expect(hiddenEvidence.names).toEqual({});
      const text = JSON.stringify(events);
      expect(text).not.toContain(MARKER);
      expect(text).not.toContain(hidden.id);
      expect(text).not.toContain(ids.hiddenEvidence);
    });
  }

  for (const [who, client] of [
    ['an investigator of the group', () => insider],
    ['an administrator', () => admin],
  ] as const) {
    it(`${who} reads the hidden case and evidence by name too`, async () => {
      const events = await history(client());
      expect(naming(events, 'case.linked', 'linkedCaseId', hidden.id).names).toEqual({
        [hidden.id]: caseName(hidden),
      });
      expect(naming(events, 'journal_entry.evidence_linked', 'evidenceId', ids.hiddenEvidence).names).toEqual(
        { [ids.hiddenEvidence]: `Evidence ${MARKER}` },
      );
      const [created] = byAction(events, 'journal_entry.created').filter(
        (e) => (e.after as { description?: string }).description === 'Both items',
      );
      expect(created.names).toEqual({
        [visible.id]: caseName(visible),
        [ids.visibleEvidence]: 'Wallet screenshot',
        [ids.hiddenEvidence]: `Evidence ${MARKER}`,
        [ids.identifier]: identifierName,
      });
    });
  }

  it('a notification names the records as the History does', async () => {
    const list = await ok<NotificationList>(outsider.get('/api/notifications?pageSize=50'));
    const events = list.data.map((n) => n.event);
    expect(naming(events, 'case.linked', 'linkedCaseId', other.id).names).toEqual({
      [other.id]: caseName(other),
    });
    expect(namingHidden(events, 'case.linked', 'linkedCaseId').map((e) => e.names)).toEqual([{}]);
    expect(JSON.stringify(events)).not.toContain(MARKER);
  });
});

describe('the groups, people and tags a History row names', () => {
  /** A case moved from one group to another, with a person and a tag taken off it, and a task. */
  let moved: Case;
  let movedHistory: (client: Client) => Promise<AuditEvent[]>;
  const TAG_NAME = `Mule account ${Math.random().toString(36).slice(2, 8)}`;
  const named = { firstGroup: '', secondGroup: '', tag: '', taggedEvidence: '' };
  /** An assignee taken off the case, then given a task. */
  const helper = { id: '', name: '' };
  const groupName = async (id: string) =>
    (await t.database.db.select({ name: groups.name }).from(groups).where(eq(groups.id, id)))[0].name;

  beforeAll(async () => {
    const helped = await signedIn(t, 'investigator');
    helper.id = helped.user.id;
    helper.name = `${helped.user.firstName} ${helped.user.lastName}`;
    named.firstGroup = await insertGroup(t.database.db, [outsiderId]);
    named.secondGroup = await insertGroup(t.database.db, [outsiderId]);
    named.tag = idOf(await ok(admin.post('/api/tags', { name: TAG_NAME, color: 'red' })));
    moved = await createCaseVia(admin, {
      title: 'Moved between groups',
      groupId: named.firstGroup,
      assigneeIds: [outsiderId, helper.id],
      tagIds: [named.tag],
    });
    await patchCaseVia(admin, moved.id, {
      groupId: named.secondGroup,
      assigneeIds: [outsiderId],
      tagIds: [],
    });
    await ok(admin.post(`/api/cases/${moved.id}/tasks`, { title: 'Call the bank', assigneeId: helper.id }));
    // Evidence with the tag, moved on to the hidden case: its tags go with it.
    named.taggedEvidence = await writtenEvidence(admin, moved.id, 'Tagged evidence');
    await ok(admin.patch(`/api/evidence/${named.taggedEvidence}`, { tagIds: [named.tag] }));
    await ok(admin.patch(`/api/evidence/${named.taggedEvidence}`, { caseId: hidden.id }));
    movedHistory = async (client) =>
      (await ok<{ data: AuditEvent[] }>(client.get(`/api/cases/${moved.id}/history?pageSize=100`))).data;
  });

  it('names a former group, people taken off, tags and a task assignee to a reader who may list them', async () => {
    const events = await movedHistory(outsider);
    const [update] = byAction(events, 'case.updated');
    expect(update.names).toEqual({
      [named.firstGroup]: await groupName(named.firstGroup),
      [named.secondGroup]: await groupName(named.secondGroup),
      [outsiderId]: outsiderName,
      [helper.id]: helper.name,
      [named.tag]: TAG_NAME,
    });
    expect(byAction(events, 'case.task_added')[0].names).toEqual({ [helper.id]: helper.name });
  });

  it('names no group or tag to a key that may not list them, people still', async () => {
    const { caller } = await automationWithKey(t, admin, ['case.view']);
    // The key reads only cases of no group: take the case out of its group for it.
    await patchCaseVia(admin, moved.id, { groupId: null });
    const events = await movedHistory(caller);
    const [update] = byAction(events, 'case.updated').filter(
      (e) => (e.after as { groupId?: unknown }).groupId === named.secondGroup,
    );
    expect(update.names).toEqual({ [outsiderId]: outsiderName, [helper.id]: helper.name });
  });

  it('names nothing an event of evidence now hidden said of it: not its tags', async () => {
    const events = await movedHistory(outsider);
    const gone = events.filter((e) => e.subjectType === 'evidence' && e.subjectId === null);
    expect(gone.map((e) => e.action).sort()).toEqual([
      'evidence.created',
      'evidence.unlinked',
      'evidence.updated',
    ]);
    for (const event of gone) expect(Object.values(event.names)).not.toContain(TAG_NAME);
  });
});
