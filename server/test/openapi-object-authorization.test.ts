import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@scamtrail/domain/permissions';
import { buildTestApp, signedIn, type Client, type TestApp } from './helpers';
import { automationWithKey, createCommunityMemberVia, createKeyVia } from './originator-helpers';

/**
 * The boundaries the authorization matrix cannot see because they depend on the record: whose entry,
 * whose automation, what role is given, in whose name. Each row names the principal, the request and
 * the refusal; the controls after them make the same requests as the one who may, so a row cannot
 * pass on a malformed request.
 */

type Who = 'admin' | 'owner' | 'other investigator' | 'key of automation A' | 'key of automation B';

interface Fixture {
  adminOriginatorId: string;
  viewerUserId: string;
  viewerOriginatorId: string;
  caseId: string;
  otherCaseId: string;
  entryId: string;
  loneEntryId: string;
  linkedEvidenceId: string;
  freeEvidenceId: string;
  linkedIdentifierId: string;
  freeIdentifierId: string;
  automationA: string;
  automationB: string;
  keyOfB: string;
  communityMemberId: string;
}

interface Row {
  boundary: string;
  as: Who;
  request: (f: Fixture) => InjectOptions;
  expect: 400 | 403;
  /** For a 400: the field the refusal names. */
  field?: string;
}

/** A key holding every permission these rows touch, created by an administrator. */
const KEY_SCOPES: Permission[] = [
  'user.view',
  'user.create',
  'user.edit',
  'team_member.view',
  'team_member.create',
  'team_member.edit',
  'automation.view',
  'automation.edit',
];

const post = (url: string, payload: unknown = {}): InjectOptions => ({
  method: 'POST',
  url,
  payload: payload as InjectOptions['payload'],
});
const patch = (url: string, payload: unknown): InjectOptions => ({
  method: 'PATCH',
  url,
  payload: payload as InjectOptions['payload'],
});
const get = (url: string): InjectOptions => ({ method: 'GET', url });
const del = (url: string): InjectOptions => ({ method: 'DELETE', url });

let sequence = 0;
const newAccount = (role: string) => {
  sequence += 1;
  return {
    email: `granted-${sequence}-${Date.now()}@example.com`,
    password: 'a long enough password',
    firstName: 'Granted',
    lastName: `Account ${sequence}`,
    role,
  };
};

const ACCOUNT_ROWS: Row[] = [
  {
    boundary: 'a key holding user.create cannot create an administrator',
    as: 'key of automation A',
    request: () => post('/api/users', newAccount('admin')),
    expect: 403,
  },
  {
    boundary: 'a key holding user.create cannot create any account',
    as: 'key of automation A',
    request: () => post('/api/users', newAccount('viewer')),
    expect: 403,
  },
  {
    boundary: 'a key holding user.edit cannot promote a user',
    as: 'key of automation A',
    request: (f) => patch(`/api/users/${f.viewerUserId}`, { role: 'admin' }),
    expect: 403,
  },
  {
    boundary: "a key holding user.edit cannot reset a user's password",
    as: 'key of automation A',
    request: (f) => patch(`/api/users/${f.viewerUserId}`, { password: 'chosen by the key itself' }),
    expect: 403,
  },
  {
    boundary: 'a key holding team_member.create cannot invite an administrator',
    as: 'key of automation A',
    request: () => post('/api/team-members', newAccount('admin')),
    expect: 403,
  },
  {
    boundary: 'a key holding team_member.create cannot invite one as an originator',
    as: 'key of automation A',
    request: () => post('/api/originators/team-members', newAccount('admin')),
    expect: 403,
  },
  {
    boundary: 'a key holding team_member.edit cannot promote a team member',
    as: 'key of automation A',
    request: (f) => patch(`/api/team-members/${f.viewerUserId}`, { role: 'admin' }),
    expect: 403,
  },
  {
    boundary: 'a key holding team_member.edit cannot promote a team-member originator',
    as: 'key of automation A',
    request: (f) => patch(`/api/originators/team-members/${f.viewerOriginatorId}`, { role: 'admin' }),
    expect: 403,
  },
  {
    boundary: 'an investigator cannot create an account (no role but the administrator holds user.create)',
    as: 'other investigator',
    request: () => post('/api/users', newAccount('investigator')),
    expect: 403,
  },
  {
    boundary: 'an investigator cannot promote anyone',
    as: 'other investigator',
    request: (f) => patch(`/api/users/${f.viewerUserId}`, { role: 'admin' }),
    expect: 403,
  },
];

const ENTRY_ROWS: Row[] = [
  {
    boundary: "an investigator cannot link evidence to another investigator's entry",
    as: 'other investigator',
    request: (f) => post(`/api/journal-entries/${f.entryId}/evidence/${f.freeEvidenceId}`),
    expect: 403,
  },
  {
    boundary: "an investigator cannot unlink evidence from another investigator's entry",
    as: 'other investigator',
    request: (f) => del(`/api/journal-entries/${f.entryId}/evidence/${f.linkedEvidenceId}`),
    expect: 403,
  },
  {
    boundary: "an investigator cannot link an identifier to another investigator's entry",
    as: 'other investigator',
    request: (f) => post(`/api/journal-entries/${f.entryId}/identifiers/${f.freeIdentifierId}`),
    expect: 403,
  },
  {
    boundary: "an investigator cannot unlink an identifier from another investigator's entry",
    as: 'other investigator',
    request: (f) => del(`/api/journal-entries/${f.entryId}/identifiers/${f.linkedIdentifierId}`),
    expect: 403,
  },
  {
    boundary: "an investigator cannot put another investigator's entry in a case",
    as: 'other investigator',
    request: (f) => post(`/api/cases/${f.otherCaseId}/journal-entries`, { journalEntryId: f.loneEntryId }),
    expect: 403,
  },
];

/** The record-creating routes that take `onBehalfOfOriginatorId`, with a well-formed body each. */
const ON_BEHALF_ROUTES: { url: string; body: (f: Fixture) => Record<string, unknown> }[] = [
  {
    url: '/api/journal-entries',
    body: (f) => ({ type: 'note', description: 'Phoned in', caseId: f.caseId }),
  },
  { url: '/api/cases', body: () => ({ title: 'Reported by phone' }) },
  {
    url: '/api/identifiers',
    body: () => ({ type: 'email', data: { address: `reported-${++sequence}@example.com` } }),
  },
  {
    url: '/api/identifiers/import',
    body: () => ({ items: [{ type: 'email', data: { address: `imported-${++sequence}@example.com` } }] }),
  },
  { url: '/api/evidence', body: () => ({ title: 'A statement', body: 'What they said' }) },
];

const ON_BEHALF_ROWS: Row[] = ON_BEHALF_ROUTES.flatMap(({ url, body }) => [
  {
    boundary: `an investigator cannot write on behalf of a team member (POST ${url})`,
    as: 'other investigator' as const,
    request: (f: Fixture) => post(url, { ...body(f), onBehalfOfOriginatorId: f.adminOriginatorId }),
    expect: 400 as const,
    field: 'onBehalfOfOriginatorId',
  },
  {
    boundary: `an investigator cannot write on behalf of an automation (POST ${url})`,
    as: 'other investigator' as const,
    request: (f: Fixture) => post(url, { ...body(f), onBehalfOfOriginatorId: f.automationA }),
    expect: 400 as const,
    field: 'onBehalfOfOriginatorId',
  },
]);

const AUTOMATION_ROWS: Row[] = [
  ...['/api/automations', '/api/originators/automations'].flatMap((base): Row[] => [
    {
      boundary: `automation A's key cannot read automation B (GET ${base}/{B})`,
      as: 'key of automation A',
      request: (f) => get(`${base}/${f.automationB}`),
      expect: 403,
    },
    {
      boundary: `automation A's key cannot change automation B (PATCH ${base}/{B})`,
      as: 'key of automation A',
      request: (f) => patch(`${base}/${f.automationB}`, { description: 'Taken over' }),
      expect: 403,
    },
    {
      boundary: `automation A's key cannot deactivate automation B (${base}/{B}/deactivate)`,
      as: 'key of automation A',
      request: (f) => post(`${base}/${f.automationB}/deactivate`),
      expect: 403,
    },
  ]),
  {
    boundary: "automation A's key cannot list automation B's keys",
    as: 'key of automation A',
    request: (f) => get(`/api/automations/${f.automationB}/api-keys`),
    expect: 403,
  },
  {
    boundary: "automation A's key cannot mint a key acting as automation B",
    as: 'key of automation A',
    request: (f) =>
      post(`/api/automations/${f.automationB}/api-keys`, { name: 'Minted', scopes: ['user.view'] }),
    expect: 403,
  },
  {
    boundary: "automation A's key cannot revoke automation B's key",
    as: 'key of automation A',
    request: (f) => post(`/api/automations/${f.automationB}/api-keys/${f.keyOfB}/revoke`),
    expect: 403,
  },
];

/** The requests above as the one who may make them: each must succeed. */
const CONTROLS: { what: string; as: Who; request: (f: Fixture) => InjectOptions }[] = [
  {
    what: 'an investigator makes a community member of reputation 0',
    as: 'other investigator',
    request: () =>
      post('/api/originators/community-members', { username: `unreputed-${Date.now()}`, reputation: 0 }),
  },
  {
    what: 'an administrator makes a trusted community member',
    as: 'admin',
    request: () =>
      post('/api/originators/community-members', {
        username: `reputed-by-admin-${Date.now()}`,
        reputation: 1_000,
      }),
  },
  {
    what: 'an administrator creates an administrator',
    as: 'admin',
    request: () => post('/api/users', newAccount('admin')),
  },
  {
    what: 'the owner links evidence to their entry',
    as: 'owner',
    request: (f) => post(`/api/journal-entries/${f.entryId}/evidence/${f.freeEvidenceId}`),
  },
  {
    what: 'the owner unlinks evidence from their entry',
    as: 'owner',
    request: (f) => del(`/api/journal-entries/${f.entryId}/evidence/${f.linkedEvidenceId}`),
  },
  {
    what: 'the owner links an identifier to their entry',
    as: 'owner',
    request: (f) => post(`/api/journal-entries/${f.entryId}/identifiers/${f.freeIdentifierId}`),
  },
  {
    what: 'the owner unlinks an identifier from their entry',
    as: 'owner',
    request: (f) => del(`/api/journal-entries/${f.entryId}/identifiers/${f.linkedIdentifierId}`),
  },
  {
    what: 'the owner puts their entry in a case',
    as: 'owner',
    request: (f) => post(`/api/cases/${f.otherCaseId}/journal-entries`, { journalEntryId: f.loneEntryId }),
  },
  ...ON_BEHALF_ROUTES.map(({ url, body }) => ({
    what: `an investigator writes on behalf of an active community member (POST ${url})`,
    as: 'other investigator' as const,
    request: (f: Fixture) => post(url, { ...body(f), onBehalfOfOriginatorId: f.communityMemberId }),
  })),
  {
    what: "automation B's key reads its own automation",
    as: 'key of automation B',
    request: (f) => get(`/api/automations/${f.automationB}`),
  },
  {
    what: "automation B's key names its own automation in capitals",
    as: 'key of automation B',
    request: (f) => get(`/api/automations/${f.automationB.toUpperCase()}`),
  },
  {
    what: "automation B's key lists its own keys",
    as: 'key of automation B',
    request: (f) => get(`/api/automations/${f.automationB}/api-keys`),
  },
  {
    what: "automation B's key changes its own automation",
    as: 'key of automation B',
    request: (f) => patch(`/api/originators/automations/${f.automationB}`, { description: 'Its own words' }),
  },
];

let t: TestApp;
let f: Fixture;
const clients = {} as Record<Who, Client>;

async function created<T = { id: string }>(client: Client, url: string, body: unknown): Promise<T> {
  const res = await client.post(url, body);
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

beforeAll(async () => {
  t = await buildTestApp();
  const [admin, owner, other, viewer] = await Promise.all(
    (['admin', 'investigator', 'investigator', 'viewer'] as const).map((role) => signedIn(t, role)),
  );
  clients.admin = admin.client;
  clients.owner = owner.client;
  clients['other investigator'] = other.client;
  const a = await automationWithKey(t, admin.client, KEY_SCOPES);
  const b = await automationWithKey(t, admin.client, KEY_SCOPES);
  clients['key of automation A'] = a.caller;
  clients['key of automation B'] = b.caller;
  const spareOfB = await createKeyVia(admin.client, b.automation.id, ['automation.view']);

  const caseId = (await created(owner.client, '/api/cases', { title: 'Owner case' })).id;
  const otherCaseId = (await created(owner.client, '/api/cases', { title: 'Another case' })).id;
  const evidence = (title: string) =>
    created(owner.client, '/api/evidence', { title, body: 'A statement', caseId }).then((e) => e.id);
  const identifier = (name: string) =>
    created(owner.client, '/api/identifiers', {
      type: 'email',
      data: { address: `${name}-${Date.now()}@example.com` },
    }).then((i) => i.id);
  const [linkedEvidenceId, freeEvidenceId, linkedIdentifierId, freeIdentifierId] = await Promise.all([
    evidence('Linked'),
    evidence('Free'),
    identifier('linked'),
    identifier('free'),
  ]);
  const entry = await created(owner.client, '/api/journal-entries', {
    type: 'note',
    description: 'The owner wrote this',
    caseId,
    evidence: [linkedEvidenceId],
    identifierIds: [linkedIdentifierId],
  });
  const loneEntry = await created(owner.client, '/api/journal-entries', {
    type: 'note',
    description: 'Not in a case yet',
  });
  const member = await createCommunityMemberVia(admin.client);
  f = {
    adminOriginatorId: admin.user.originatorId,
    viewerUserId: viewer.user.id,
    viewerOriginatorId: viewer.user.originatorId,
    caseId,
    otherCaseId,
    entryId: entry.id,
    loneEntryId: loneEntry.id,
    linkedEvidenceId,
    freeEvidenceId,
    linkedIdentifierId,
    freeIdentifierId,
    automationA: a.automation.id,
    automationB: b.automation.id,
    keyOfB: spareOfB.apiKey.id,
    communityMemberId: member.id,
  };
});
afterAll(async () => {
  await t.close();
});

/**
 * A community member's reputation is the trust their reports start with; it is changed only under
 * `community_member.edit` (the adjustment, with its reason), so a new member is given one only under
 * it too: investigators hold `community_member.create` alone.
 */
const REPUTATION_ROWS: Row[] = [
  {
    boundary: 'an investigator cannot make a trusted community member to record on behalf of',
    as: 'other investigator',
    request: () =>
      post('/api/originators/community-members', { username: 'reputed-by-investigator', reputation: 1_000 }),
    expect: 403,
    field: 'reputation',
  },
  {
    boundary: 'an investigator cannot make a community member of lowered reputation either',
    as: 'other investigator',
    request: () =>
      post('/api/originators/community-members', { username: 'reputed-by-investigator-2', reputation: -50 }),
    expect: 403,
    field: 'reputation',
  },
];

const ROWS = [...ACCOUNT_ROWS, ...ENTRY_ROWS, ...ON_BEHALF_ROWS, ...AUTOMATION_ROWS, ...REPUTATION_ROWS];

describe('who may act on which record', () => {
  it.each(ROWS.map((row) => [row.boundary, row] as const))('%s', async (_, row) => {
    const res = await clients[row.as].request(row.request(f));
    expect(res.statusCode, res.body).toBe(row.expect);
    if (row.field) {
      const fields = (res.json().error.details?.fields ?? []) as { field: string }[];
      expect(fields.map((x) => x.field)).toContain(row.field);
    }
  });

  it('the refused requests changed nothing', async () => {
    const viewer = (await clients.admin.get(`/api/users/${f.viewerUserId}`)).json();
    expect(viewer.role).toBe('viewer');
    const automationB = (await clients.admin.get(`/api/automations/${f.automationB}`)).json();
    expect(automationB.active).toBe(true);
    expect(automationB.description).toBe('');
    expect(automationB.apiKeys.map((k: { status: string }) => k.status)).toEqual(['active', 'active']);
    const entry = (await clients.admin.get(`/api/journal-entries/${f.entryId}`)).json();
    expect(entry.evidence.map((e: { id: string }) => e.id)).toEqual([f.linkedEvidenceId]);
    expect(entry.identifiers.map((i: { id: string }) => i.id)).toEqual([f.linkedIdentifierId]);
    const reputed = await clients.admin.get(
      '/api/originators/community-members?search=reputed-by-investigator',
    );
    expect(reputed.json().pagination.totalItems).toBe(0);
  });
});

describe('the same requests by the one who may', () => {
  it.each(CONTROLS.map((c) => [c.what, c] as const))('%s', async (_, control) => {
    const res = await clients[control.as].request(control.request(f));
    expect(res.statusCode, res.body).toBeLessThan(300);
  });
});
