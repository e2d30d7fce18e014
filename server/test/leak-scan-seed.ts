import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Client, TestApp } from './helpers';
import { createTestUser } from './helpers';
import { automationWithKey, createCommunityMemberVia } from './originator-helpers';
import { insertDeliveries } from '../src/modules/webhooks/webhooks.repository';
import { multipartForm, pngBytes } from '../src/modules/evidence/evidence-test-fixtures';
import { addPasskey, sign } from '../src/modules/signatures/signature-test-fixtures';

/**
 * The records the leak scan reads around: a case of group G holding a unique marker in every text it
 * has, and records everyone may see that touch it (a linked case, a shared tag and identifier, evidence
 * linked to its entry, a case it duplicates and one duplicating it, a signed entry naming its evidence).
 * Everything goes through the API as an administrator, so the scan sees what the product writes,
 * events and custody included. Tags, identifiers, groups and originators are registers everyone with
 * their view permission reads, so their names and values carry no marker: what must not show is which
 * hidden records use them, and how many.
 */

/** Kinds of record a path or query id names. */
export type IdKind =
  | 'case'
  | 'entry'
  | 'evidence'
  | 'task'
  | 'identifier'
  | 'tag'
  | 'group'
  | 'user'
  | 'originator'
  | 'communityMember'
  | 'automation'
  | 'apiKey'
  | 'exportStream'
  | 'webhookDelivery';

export interface LeakSeed {
  /** In every text of the hidden records, and nowhere else. */
  marker: string;
  /** Ids of records the readers must never learn of. */
  hidden: Partial<Record<IdKind, string[]>>;
  /** Ids of records the readers may see, some touching the hidden ones. */
  visible: Record<IdKind, string[]>;
  /** E-mail addresses of team members: only for holders of `team_member.view`. */
  memberEmails: string[];
  groupId: string;
  visibleCaseId: string;
  sharedTagId: string;
  hiddenOnlyTagId: string;
  sharedIdentifierId: string;
  hiddenOnlyIdentifierId: string;
  /** Records the hidden cases point at, for adding another with `addHiddenCase`. */
  refs: HiddenCaseRefs;
}

interface HiddenCaseRefs {
  groupId: string;
  memberId: string;
  /** A community member the hidden entries are recorded for. */
  communityMemberId: string;
  /** The readers' user ids: assigned to the hidden case and its task, whose notifications they get. */
  readerIds: string[];
  sharedTagId: string;
  hiddenOnlyTagId: string;
  sharedIdentifierId: string;
  hiddenOnlyIdentifierId: string;
  visibleCaseId: string;
}

async function created(res: Promise<LightMyRequestResponse>, what: string): Promise<{ id: string }> {
  const answer = await res;
  if (answer.statusCode !== 201 && answer.statusCode !== 200) {
    throw new Error(`seeding ${what} failed: ${answer.statusCode} ${answer.body}`);
  }
  return answer.json() as { id: string };
}

async function ok(res: Promise<LightMyRequestResponse>, what: string): Promise<void> {
  await created(res, what);
}

/** The administrator who seeds: their client and their ids (their team-member page lists what they wrote). */
export interface Seeder {
  client: Client;
  userId: string;
  originatorId: string;
}

/**
 * A case of the group with the marker in every text: written and file evidence carrying both tags, an
 * entry naming both identifiers and that evidence, a task, and at last closed as a duplicate of the
 * visible case. Its ids join `seed.hidden`. Nothing in it writes to a visible record, so a second one
 * may be added to see whether any count a reader sees moves.
 */
export async function addHiddenCase(admin: Client, seed: Pick<LeakSeed, 'marker' | 'hidden' | 'refs'>) {
  const { marker, refs } = seed;
  const m = (label: string) => `${label} ${marker}`;
  const post = (url: string, body: unknown, what: string) => created(admin.post(url, body), what);
  const hiddenCase = await post(
    '/api/cases',
    {
      title: m('Hidden case'),
      description: m('Hidden description'),
      groupId: refs.groupId,
      tagIds: [refs.sharedTagId, refs.hiddenOnlyTagId],
      assigneeIds: [refs.memberId, ...refs.readerIds],
    },
    'hidden case',
  );
  const evidence = await post(
    '/api/evidence',
    {
      title: m('Hidden evidence'),
      body: m('Hidden written evidence'),
      description: m('Hidden evidence description'),
      caseId: hiddenCase.id,
      tagIds: [refs.sharedTagId, refs.hiddenOnlyTagId],
    },
    'hidden evidence',
  );
  const file = await created(
    admin.request({
      method: 'POST',
      url: '/api/evidence',
      ...multipartForm(
        { caseId: hiddenCase.id, description: m('Hidden file description'), tagIds: refs.sharedTagId },
        [{ name: `${marker}.png`, type: 'image/png', bytes: pngBytes() }],
      ),
    }),
    'hidden file',
  );
  const entry = await post(
    '/api/journal-entries',
    {
      type: 'note',
      description: m('Hidden entry'),
      caseId: hiddenCase.id,
      evidence: [evidence.id, file.id],
      identifierIds: [refs.sharedIdentifierId, refs.hiddenOnlyIdentifierId],
      onBehalfOfOriginatorId: refs.communityMemberId,
    },
    'hidden entry',
  );
  await ok(
    admin.post(`/api/evidence/${evidence.id}/identifiers/${refs.hiddenOnlyIdentifierId}`),
    'hidden evidence identifier',
  );
  await ok(
    admin.post(`/api/evidence/${file.id}/identifiers/${refs.sharedIdentifierId}`),
    'hidden file identifier',
  );
  const task = await post(
    `/api/cases/${hiddenCase.id}/tasks`,
    { title: m('Hidden task'), description: m('Hidden task details'), assigneeId: refs.readerIds[0] },
    'hidden task',
  );
  // Last: a closed case takes no more entries.
  await ok(
    admin.patch(`/api/cases/${hiddenCase.id}`, {
      status: 'closed',
      resolution: 'duplicate',
      closureNotes: m('Hidden closure notes'),
      duplicateOfId: refs.visibleCaseId,
    }),
    'closing the hidden case',
  );
  const hidden = seed.hidden;
  hidden.case = [...(hidden.case ?? []), hiddenCase.id];
  hidden.entry = [...(hidden.entry ?? []), entry.id];
  hidden.evidence = [...(hidden.evidence ?? []), evidence.id, file.id];
  hidden.task = [...(hidden.task ?? []), task.id];
  return { caseId: hiddenCase.id, entryId: entry.id, evidenceId: evidence.id };
}

export async function seedLeakScan(t: TestApp, seeder: Seeder, readerUserIds: string[]): Promise<LeakSeed> {
  const admin = seeder.client;
  const marker = `leakmark${randomBytes(5).toString('hex')}`;
  const post = (url: string, body: unknown, what: string) => created(admin.post(url, body), what);

  // Every event from here on reaches the stream, so the export scan has the hidden case's events to leak.
  const stream = await post(
    '/api/export-streams',
    { name: `Leak scan ${marker.slice(-4)}`, topics: ['cases', 'journal', 'evidence'] },
    'export stream',
  );

  const member = await createTestUser(t, 'investigator', { email: `member-${marker.slice(-6)}@example.org` });
  const group = await post('/api/groups', { name: 'Leak scan group', userIds: [member.id] }, 'group');
  const sharedTag = await post('/api/tags', { name: 'leak-scan-shared' }, 'shared tag');
  const hiddenOnlyTag = await post('/api/tags', { name: 'leak-scan-hidden-only' }, 'hidden-only tag');
  // Identifiers are one register for everyone: their values are not the group's secret, so no marker.
  const identifier = (label: string) =>
    post(
      '/api/identifiers',
      { type: 'email', data: { address: `${label}-${marker.slice(-6)}@example.net` } },
      label,
    );
  const sharedIdentifier = await identifier('shared');
  const hiddenOnlyIdentifier = await identifier('only-hidden');
  const visibleCase = await post(
    '/api/cases',
    { title: 'Visible leak scan case', tagIds: [sharedTag.id], assigneeIds: [...readerUserIds, member.id] },
    'visible case',
  );

  const community = await createCommunityMemberVia(admin);
  const refs: HiddenCaseRefs = {
    groupId: group.id,
    memberId: member.id,
    readerIds: readerUserIds,
    communityMemberId: community.id,
    sharedTagId: sharedTag.id,
    hiddenOnlyTagId: hiddenOnlyTag.id,
    sharedIdentifierId: sharedIdentifier.id,
    hiddenOnlyIdentifierId: hiddenOnlyIdentifier.id,
    visibleCaseId: visibleCase.id,
  };
  const partial = { marker, hidden: {}, refs };
  const hidden = await addHiddenCase(admin, partial);

  // Visible records that touch the hidden case: they are where a hidden record shows through.
  const visibleEvidence = await post(
    '/api/evidence',
    { title: 'Visible evidence', body: 'Visible text', caseId: visibleCase.id, tagIds: [sharedTag.id] },
    'visible evidence',
  );
  const visibleEntry = await post(
    '/api/journal-entries',
    {
      type: 'note',
      description: 'Visible entry',
      caseId: visibleCase.id,
      evidence: [visibleEvidence.id, hidden.evidenceId],
      identifierIds: [sharedIdentifier.id],
    },
    'visible entry naming hidden evidence',
  );
  // Signed, so its signature bundle and verification speak of the hidden evidence it names.
  const { authenticator } = await addPasskey(t.database.db, seeder.userId);
  await sign(admin, authenticator, visibleEntry.id);
  await ok(
    admin.post(`/api/journal-entries/${hidden.entryId}/evidence/${visibleEvidence.id}`),
    'visible evidence in the hidden entry',
  );
  await ok(
    admin.post(`/api/evidence/${visibleEvidence.id}/identifiers/${sharedIdentifier.id}`),
    'visible evidence identifier',
  );
  // Evidence that began in the hidden case and was moved to the visible one: its past names the case.
  const moved = await post(
    '/api/evidence',
    { title: 'Moved evidence', body: 'Moved text', caseId: hidden.caseId },
    'evidence to move',
  );
  await ok(admin.patch(`/api/evidence/${moved.id}`, { caseId: visibleCase.id }), 'moving evidence');
  const visibleTask = await post(`/api/cases/${visibleCase.id}/tasks`, { title: 'Visible task' }, 'task');
  await ok(
    admin.post(`/api/cases/${visibleCase.id}/links`, {
      caseId: hidden.caseId,
      note: `Hidden link note ${marker}`,
    }),
    'case link',
  );

  // A visible case closed as a duplicate of the hidden one.
  const duplicate = await post('/api/cases', { title: 'Visible duplicate' }, 'visible duplicate');
  await ok(
    admin.patch(`/api/cases/${duplicate.id}`, {
      status: 'closed',
      resolution: 'duplicate',
      closureNotes: 'Repeats a case of the group',
      duplicateOfId: hidden.caseId,
    }),
    'closing the visible duplicate',
  );

  const { automation, apiKey } = await automationWithKey(t, admin, ['case.view']);
  // A test ping waiting in the automation's webhook queue (its URL is not needed to queue it here).
  const [delivery] = await insertDeliveries(t.database.db, [
    {
      automationId: automation.id,
      eventId: null,
      type: 'webhook.ping',
      payload: { type: 'webhook.ping', timestamp: new Date().toISOString(), data: {} },
      nextAttemptAt: new Date(),
    },
  ]);

  return {
    ...partial,
    visible: {
      case: [visibleCase.id, duplicate.id],
      entry: [visibleEntry.id],
      evidence: [visibleEvidence.id, moved.id],
      task: [visibleTask.id],
      identifier: [sharedIdentifier.id, hiddenOnlyIdentifier.id],
      tag: [sharedTag.id, hiddenOnlyTag.id],
      group: [group.id],
      user: [member.id, seeder.userId, ...readerUserIds],
      originator: [member.originatorId, seeder.originatorId, community.id],
      communityMember: [community.id],
      automation: [automation.id],
      apiKey: [apiKey.id],
      exportStream: [stream.id],
      webhookDelivery: [delivery.id],
    },
    memberEmails: [member.email],
    groupId: group.id,
    visibleCaseId: visibleCase.id,
    sharedTagId: sharedTag.id,
    hiddenOnlyTagId: hiddenOnlyTag.id,
    sharedIdentifierId: sharedIdentifier.id,
    hiddenOnlyIdentifierId: hiddenOnlyIdentifier.id,
  };
}
