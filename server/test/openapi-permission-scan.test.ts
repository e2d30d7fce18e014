import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '@scamtrail/domain/permissions';
import { EXPORT_TOPICS } from '@scamtrail/domain/export-streams';
import { buildEvidenceApp, type EvidenceTestApp } from '../src/modules/evidence/evidence-test-fixtures';
import { createUser } from '../src/modules/users/users.service';
import { login, signedIn, TEST_PASSWORD, type Client } from './helpers';
import { fillPath, loadOperations, type Operation } from './openapi-operations';
import { automationWithKey, createCommunityMemberVia } from './originator-helpers';
import { pathParamKind } from './leak-scan-requests';
import { deviceSignedIn } from './device-sign-in';

/**
 * Every permission is enforced by the server, on every read route, not only on the routes of its own
 * records: a record that shows records of another kind beside its own fields (an entry's evidence and
 * identifiers, a team member's latest entries, a case's identifiers) shows them only to a caller
 * holding their view permission. Each view permission is taken away in turn from an API key and from a
 * device sign-in's token holding every other one; every GET of the OpenAPI document (and each list's
 * CSV download) is called with ids of records that all touch one another, and no answer may carry the
 * text of a record of the kind the caller may not read, nor a count of such records (an evidence item's
 * journal entries and identifiers: absent, not 0). A route added later is scanned as it is.
 */

const VIEW = PERMISSIONS.filter((p) => p.endsWith('.view')) as Permission[];

/** A text only records read with the permission hold. */
const MARKS: Partial<Record<Permission, string>> = {
  'case.view': 'mkcase7q',
  'evidence.view': 'mkevid7q',
  'journal_entry.view': 'mkentry7q',
  'identifier.view': 'mkident7q',
  'tag.view': 'mktag7q',
  'group.view': 'mkgroup7q',
  'automation.view': 'mkauto7q',
  'community_member.view': 'mkcomm7q',
  // A team member's name, read as originators are: the stream's creator, who acts nowhere else.
  'originator.view': 'mkperson7q',
};

/**
 * How many records of a kind a record counts, by the fields that say it: a count is left out (not 0)
 * without the permission, as the records are, so the field itself is the mark. JSON written by
 * PostgreSQL (`json_build_object`, sent as it is) spaces the colon, hence the pattern.
 */
const countField = (...names: string[]) => `"(?:${names.join('|')})"\\s*:`;
/** A tag's usage names its counts by the kinds they count (`usage: { cases, evidence, identifiers }`). */
const usageField = (name: string) => `"usage"\\s*:\\s*\\{[^}]*"${name}"\\s*:`;
const COUNT_FIELDS: Partial<Record<Permission, RegExp>> = {
  'case.view': new RegExp(`${countField('caseCount')}|${usageField('cases')}`),
  'evidence.view': new RegExp(`${countField('evidenceCount', 'mediaCount')}|${usageField('evidence')}`),
  'journal_entry.view': new RegExp(countField('journalEntryCount', 'entryCount')),
  'identifier.view': new RegExp(`${countField('identifierCount')}|${usageField('identifiers')}`),
};

/**
 * Counts of another kind's records still given without its permission, knowingly (each a number, never
 * a record's text): none. A route counting records the caller may not read fails the scan.
 */
const COUNTED_WITHOUT_THE_PERMISSION: Partial<Record<Permission, string[]>> = {};

/**
 * What a record shows of another kind as part of itself, knowingly: the tags it is labelled with and
 * the originator who reported it. Everything else is left out without the permission.
 */
const SHOWN_AS_PART_OF_THE_RECORD: Partial<Record<Permission, string[]>> = {
  'tag.view': ['GET /api/cases', 'GET /api/cases/{id}', 'GET /api/evidence', 'GET /api/evidence/{id}'],
  'community_member.view': [
    'GET /api/cases/{id}/journal-entries',
    'GET /api/journal-entries',
    'GET /api/journal-entries/{id}',
  ],
};

/**
 * Reads of people under a permission of their own, where a team member's name is the record read:
 * accounts (`user.view`), team members (`team_member.view`) and the users a case may be assigned to
 * (`case.view`, the assignee picker). Any other answer names a team member only with `originator.view`.
 */
const PEOPLE_READ_UNDER_THEIR_OWN_PERMISSION: Partial<Record<Permission, string[]>> = {
  'originator.view': ['GET /api/users', 'GET /api/team-members', 'GET /api/cases/assignable-users'],
};

/**
 * Reads whose answers hold no mark even for a caller holding every view permission, and why: the scan
 * learns nothing from them, so every other read must show a mark, or its seed is missing (a route
 * answering an empty list is never scanned: related cases were, until the other case named the
 * identifier). A read that starts showing records is scanned as it is.
 */
const SHOWS_NO_MARK: Record<string, string> = {
  'GET /api/health': 'no record',
  'GET /api/ready': 'no record',
  'GET /api/identifiers/settings': 'no record',
  'GET /api/auth/me': 'the caller',
  'GET /api/auth/sessions': "the caller's own",
  'GET /api/auth/me/security-events': "the caller's own",
  'GET /api/auth/passkeys': "the caller's own",
  'GET /api/notifications': "the caller's own, none seeded",
  'GET /api/notifications/unread': "the caller's own, a count",
  'GET /api/users/{id}': 'the seeder, not the marked team member',
  'GET /api/team-members/{id}/security-events': 'people, not records of a marked kind',
  'GET /api/automations/{id}': 'a key reads its own automation only',
  'GET /api/originators/automations/{id}': 'a key reads its own automation only',
  'GET /api/automations/{id}/api-keys': 'a key reads its own automation only',
  'GET /api/automations/{id}/webhook': 'a key reads its own automation only',
  'GET /api/automations/{id}/webhook/deliveries': 'a key reads its own automation only',
  'GET /api/automations/{id}/webhook/attempts': 'a key reads its own automation only',
  'GET /api/identifiers/matches':
    'a whole value is needed, not a mark (the list items it shares are scanned)',
  'GET /api/identifiers/confidence/bulk': 'scores only',
  'GET /api/identifiers/{id}/confidence': 'scores only',
  'GET /api/evidence/{id}/content': 'written evidence has no file',
  'GET /api/journal-entries/{id}/verify': 'no signed entry seeded',
  'GET /api/journal-entries/{id}/signature-bundle': 'no signed entry seeded',
  'GET /api/cases/{id}/journal-integrity': 'hashes and counts only',
  'GET /api/cases/{id}/dossier': 'no dossier seeded',
};

let t: EvidenceTestApp;
let admin: Client;
let adminUserClient: Client;
let operations: Operation[];
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildEvidenceApp();
  const seeder = await signedIn(t, 'admin');
  admin = seeder.client;
  adminUserClient = seeder.client;
  const post = async (url: string, body: unknown) => {
    const res = await admin.post(url, body);
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: string };
  };
  const m = MARKS as Record<string, string>;
  const tag = await post('/api/tags', { name: m['tag.view'] });
  const group = await post('/api/groups', { name: m['group.view'], userIds: [seeder.user.id] });
  const member = await createCommunityMemberVia(admin, { username: m['community_member.view'] });
  // What is said of the member on record: its reputation history, and the organisation topic's event.
  const adjusted = await admin.post(`/api/originators/community-members/${member.id}/reputation`, {
    delta: 1,
    reason: `${m['community_member.view']} reason`,
  });
  if (adjusted.statusCode !== 200) throw new Error(`reputation: ${adjusted.statusCode} ${adjusted.body}`);
  const automation = await post('/api/automations', { systemName: m['automation.view'] });
  // Its key's name: its list, and the access topic's event of its creation.
  await post(`/api/automations/${automation.id}/api-keys`, {
    name: `${m['automation.view']} key`,
    scopes: ['case.view'],
  });
  const identifier = await post('/api/identifiers', {
    type: 'email',
    data: { address: `${m['identifier.view']}@example.com` },
  });
  const kase = await post('/api/cases', {
    title: `${m['case.view']} title`,
    description: `${m['case.view']} description`,
    tagIds: [tag.id],
  });
  const other = await post('/api/cases', { title: `Other ${m['case.view']}` });
  await post(`/api/cases/${kase.id}/links`, { caseId: other.id, note: `${m['case.view']} link` });
  const evidence = await post('/api/evidence', {
    title: `${m['evidence.view']} title`,
    body: `${m['evidence.view']} body`,
    caseId: kase.id,
    tagIds: [tag.id],
  });
  await post(`/api/evidence/${evidence.id}/identifiers/${identifier.id}`, {});
  const entry = await post('/api/journal-entries', {
    type: 'note',
    description: `${m['journal_entry.view']} reported`,
    caseId: kase.id,
    evidence: [evidence.id],
    identifierIds: [identifier.id],
    onBehalfOfOriginatorId: member.id,
  });
  // The administrator's own entry: their team-member page lists it.
  await post('/api/journal-entries', {
    type: 'note',
    description: `${m['journal_entry.view']} own`,
    caseId: kase.id,
    evidence: [evidence.id],
    identifierIds: [identifier.id],
  });
  // The other case names the identifier too, so each is the other's related case: the relation and
  // what it is made of are the identifiers they share.
  await post('/api/journal-entries', {
    type: 'note',
    description: `${m['journal_entry.view']} elsewhere`,
    caseId: other.id,
    identifierIds: [identifier.id],
  });
  const task = await post(`/api/cases/${kase.id}/tasks`, { title: `${m['case.view']} task` });
  // A stream carrying every topic and the marked group: its events speak of every kind of record. Made
  // by a team member of a marked name (an account made without events), its answers name a person.
  const creator = await createUser(t.database.db, {
    email: `${m['originator.view']}@example.com`,
    password: TEST_PASSWORD,
    firstName: m['originator.view'],
    lastName: 'Creator',
    role: 'admin',
  });
  const creatorClient = await login(t, creator.email);
  const streamRes = await creatorClient.post('/api/export-streams', {
    name: 'Every topic',
    topics: [...EXPORT_TOPICS],
    groupIds: [group.id],
  });
  if (streamRes.statusCode !== 201)
    throw new Error(`export stream: ${streamRes.statusCode} ${streamRes.body}`);
  const stream = streamRes.json() as { id: string };
  Object.assign(ids, {
    case: kase.id,
    evidence: evidence.id,
    entry: entry.id,
    identifier: identifier.id,
    tag: tag.id,
    group: group.id,
    communityMember: member.id,
    originator: member.id,
    automation: automation.id,
    task: task.id,
    user: seeder.user.id,
    exportStream: stream.id,
  });
  operations = (await loadOperations(t.app)).filter((op) => op.method === 'GET');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Query parameters that take text to look for: each is asked for every mark. */
const TEXT_QUERIES = ['search', 'value', 'q'];

/** Each GET with the seeded ids, searched for each mark, and its CSV download when it has one. */
function requestsOf(op: Operation): InjectOptions[] {
  const url = fillPath(op, (name) => ids[pathParamKind(op, name) ?? ''] ?? ids.case);
  const queries: Record<string, string>[] = [{}];
  for (const query of op.query.filter((q) => TEXT_QUERIES.includes(q.name))) {
    for (const mark of Object.values(MARKS)) queries.push({ [query.name]: mark });
  }
  const csv = op.query.some((query) => query.name === 'format');
  return queries.flatMap((query) => [
    { method: 'GET' as const, url, query },
    ...(csv ? [{ method: 'GET' as const, url, query: { ...query, format: 'csv' } }] : []),
  ]);
}

/**
 * The marks each operation's answers carry for this reader: the permissions whose records' text it
 * shows, and those whose records it counts.
 */
async function marksShown(
  reader: Client,
): Promise<Map<string, { texts: Set<Permission>; counts: Set<Permission> }>> {
  const shown = new Map<string, { texts: Set<Permission>; counts: Set<Permission> }>();
  const of = (key: string) => {
    if (!shown.has(key)) shown.set(key, { texts: new Set(), counts: new Set() });
    return shown.get(key)!;
  };
  for (const op of operations) {
    for (const request of requestsOf(op)) {
      const res = await reader.request(request);
      if (res.statusCode !== 200) continue;
      const body = res.body.toLowerCase();
      for (const [permission, mark] of Object.entries(MARKS) as [Permission, string][]) {
        if (body.includes(mark)) of(op.key).texts.add(permission);
        const counted = COUNT_FIELDS[permission];
        if (counted?.test(res.body)) of(op.key).counts.add(permission);
      }
    }
  }
  return shown;
}

type Reader = (scopes: Permission[]) => Promise<Client>;
const READERS: [string, Reader][] = [
  ['an API key', async (scopes) => (await automationWithKey(t, admin, scopes)).caller],
  ["a device sign-in's token", (scopes) => deviceSignedIn(t, adminUserClient, scopes)],
];

describe.each(READERS)('%s missing one view permission', (_, readerWith) => {
  // What a reader holding every view permission is shown: one scan read by the two tests below, which
  // check it for different things (a scan is about a tenth of the file's time).
  let holdingAll: ReturnType<typeof marksShown> | undefined;
  const shownHoldingAll = () => (holdingAll ??= readerWith(VIEW).then(marksShown));

  it('holding them all, finds every kind of record somewhere: the scan looks where they are', async () => {
    const shown = await shownHoldingAll();
    const found = new Set([...shown.values()].flatMap((marks) => [...marks.texts]));
    expect(Object.keys(MARKS).filter((p) => !found.has(p as Permission))).toEqual([]);
  });

  it('holding them all, every read shows a mark but those that hold none (SHOWS_NO_MARK)', async () => {
    const shown = await shownHoldingAll();
    const blank = operations
      .filter((op) => !shown.get(op.key)?.texts.size && !(op.key in SHOWS_NO_MARK))
      .map((op) => op.key);
    expect(blank).toEqual([]);
  });

  it.each(Object.keys(MARKS))('without %s, reads no record that needs it', async (missing) => {
    const permission = missing as Permission;
    const shown = await marksShown(await readerWith(VIEW.filter((p) => p !== permission)));
    const shownAsPart = [
      ...(SHOWN_AS_PART_OF_THE_RECORD[permission] ?? []),
      ...(PEOPLE_READ_UNDER_THEIR_OWN_PERMISSION[permission] ?? []),
    ];
    const counted = COUNTED_WITHOUT_THE_PERMISSION[permission] ?? [];
    const leaks = [...shown].flatMap(([key, marks]) => [
      ...(marks.texts.has(permission) && !shownAsPart.includes(key) ? [key] : []),
      ...(marks.counts.has(permission) && !counted.includes(key) ? [`${key} (a count)`] : []),
    ]);
    expect(leaks).toEqual([]);
  });
});
