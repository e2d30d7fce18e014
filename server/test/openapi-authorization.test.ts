import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasPermission,
  PERMISSIONS,
  permissionsForRole,
  type Permission,
  type Role,
} from '@scamtrail/domain/permissions';
import { buildTestApp, PUBLIC_URL, signedIn, type Client, type TestApp } from './helpers';
import {
  fillPath,
  HIDDEN_OPERATIONS,
  hiddenOperations,
  loadOperations,
  registeredOperationKeys,
  sampleBody,
  type Operation,
} from './openapi-operations';
import { automationWithKey } from './originator-helpers';
import { account, anyone, can, ownAutomation, session, user, type Rule } from './access-rules/rule';
import { deviceSignedIn } from './device-sign-in';
import { CASES_RULES } from './access-rules/cases';
import { EVIDENCE_RULES } from './access-rules/evidence';
import { EXPORT_STREAMS_RULES } from './access-rules/export-streams';
import { IDENTIFIER_DETAIL_RULES } from './access-rules/identifier-detail';
import { JOURNAL_ENTRIES_RULES } from './access-rules/journal-entries';
import { PASSKEYS_RULES } from './access-rules/passkeys';
import { SIGNATURES_RULES } from './access-rules/signatures';
import { DOSSIER_RULES } from './access-rules/dossier';

/**
 * Who may call each operation of the OpenAPI document, written here independently of the routes'
 * own declarations. Every operation must be listed: a new route fails this test until it says who
 * may call it, and then it is called below by every kind of caller.
 */
const EXPECTED: Record<string, Rule> = {
  'GET /api/health': anyone,
  'GET /api/ready': anyone,
  'POST /api/auth/login': anyone,
  'GET /api/auth/me': user(),
  'POST /api/auth/logout': session,
  'POST /api/auth/password': account,
  'POST /api/oauth/device_authorization': anyone,
  'POST /api/oauth/token': anyone,
  'POST /api/oauth/device/lookup': account,
  'POST /api/oauth/device/approve': account,
  'POST /api/oauth/device/deny': account,
  'GET /api/users': can('user.view'),
  'POST /api/users': user('user.create'),
  'GET /api/users/{id}': can('user.view'),
  'PATCH /api/users/{id}': user('user.edit'),
  'GET /api/originators': can('originator.view'),
  'GET /api/originators/{id}': can('originator.view'),
  'GET /api/originators/team-members': can('originator.view'),
  'POST /api/originators/team-members': user('team_member.create'),
  'PATCH /api/originators/team-members/{id}': user('team_member.edit'),
  'POST /api/originators/team-members/{id}/deactivate': user('team_member.edit'),
  'GET /api/notifications': user('case.view'),
  'GET /api/notifications/unread': user('case.view'),
  'POST /api/notifications/seen': user('case.view'),
  'GET /api/originators/community-members': can('community_member.view'),
  'POST /api/originators/community-members': can('community_member.create'),
  'PATCH /api/originators/community-members/{id}': can('community_member.edit'),
  'POST /api/originators/community-members/{id}/deactivate': can('community_member.edit'),
  'POST /api/originators/community-members/{id}/reputation': can('community_member.edit'),
  'GET /api/originators/community-members/{id}/reputation-history': can('community_member.view'),
  'GET /api/automations': can('automation.view'),
  'POST /api/automations': can('automation.create'),
  'GET /api/automations/{id}': ownAutomation('automation.view'),
  'PATCH /api/automations/{id}': ownAutomation('automation.edit'),
  'POST /api/automations/{id}/deactivate': ownAutomation('automation.edit'),
  'GET /api/originators/automations': can('automation.view'),
  'POST /api/originators/automations': can('automation.create'),
  'GET /api/originators/automations/{id}': ownAutomation('automation.view'),
  'PATCH /api/originators/automations/{id}': ownAutomation('automation.edit'),
  'POST /api/originators/automations/{id}/deactivate': ownAutomation('automation.edit'),
  'GET /api/automations/{id}/api-keys': ownAutomation('automation.view'),
  'POST /api/automations/{id}/api-keys': ownAutomation('automation.edit'),
  'POST /api/automations/{id}/api-keys/{keyId}/revoke': ownAutomation('automation.edit'),
  'GET /api/automations/{id}/webhook': ownAutomation('automation.view'),
  'PATCH /api/automations/{id}/webhook': ownAutomation('automation.edit'),
  'POST /api/automations/{id}/webhook/secret': ownAutomation('automation.edit'),
  'POST /api/automations/{id}/webhook/enable': ownAutomation('automation.edit'),
  'POST /api/automations/{id}/webhook/ping': ownAutomation('automation.edit'),
  'GET /api/automations/{id}/webhook/deliveries': ownAutomation('automation.view'),
  'POST /api/automations/{id}/webhook/deliveries/{deliveryId}/resend': ownAutomation('automation.edit'),
  'GET /api/automations/{id}/webhook/attempts': ownAutomation('automation.view'),
  'GET /api/team-members': can('team_member.view'),
  'POST /api/team-members': user('team_member.create'),
  'GET /api/team-members/{id}': can('team_member.view'),
  'GET /api/team-members/{id}/security-events': user('team_member.edit'),
  'PATCH /api/team-members/{id}': user('team_member.edit'),
  'POST /api/team-members/{id}/disable': user('team_member.edit'),
  'POST /api/team-members/{id}/enable': user('team_member.edit'),
  'GET /api/groups': can('group.view'),
  'POST /api/groups': can('group.create'),
  'GET /api/groups/{id}': can('group.view'),
  'PATCH /api/groups/{id}': can('group.edit'),
  'DELETE /api/groups/{id}': can('group.delete'),
  'PUT /api/groups/{id}/members': can('group.edit', 'originator.view'),
  'POST /api/groups/{id}/members': can('group.edit', 'originator.view'),
  'DELETE /api/groups/{id}/members/{userId}': can('group.edit', 'originator.view'),
  'GET /api/tags': can('tag.view'),
  'POST /api/tags': can('tag.create'),
  'GET /api/tags/{id}': can('tag.view'),
  'PATCH /api/tags/{id}': can('tag.edit'),
  'DELETE /api/tags/{id}': can('tag.delete'),
  'GET /api/identifiers': can('identifier.view'),
  'GET /api/identifiers/matches': can('identifier.view'),
  'GET /api/identifiers/settings': can('identifier.view'),
  'POST /api/identifiers/extract': can('identifier.view'),
  'POST /api/identifiers': can('identifier.create'),
  'GET /api/identifiers/{id}': can('identifier.view'),
  'PUT /api/identifiers/{id}': can('identifier.edit'),
  'DELETE /api/identifiers/{id}': can('identifier.delete'),
  'GET /api/identifiers/confidence/bulk': can('identifier.view'),
  'GET /api/identifiers/{id}/confidence': can('identifier.view'),
  'POST /api/identifiers/{id}/validate': can('identifier.edit'),
  'GET /api/identifiers/review-queue': can('identifier.view'),
  'POST /api/identifiers/{id}/review': can('identifier.edit'),
  'POST /api/identifiers/import': can('identifier.create'),
  'POST /api/identifiers/import/stix': can('identifier.create'),
  'POST /api/identifiers/import/misp': can('identifier.create'),
  'GET /api/identifiers/stix': can('identifier.view'),
  'GET /api/cases/{id}/stix': can('case.view', 'identifier.view'),
  'GET /api/cases/{id}/misp': can('case.view', 'identifier.view'),
  'PUT /api/identifiers/{id}/tags': can('identifier.edit'),
  ...IDENTIFIER_DETAIL_RULES,
  ...CASES_RULES,
  ...JOURNAL_ENTRIES_RULES,
  ...EVIDENCE_RULES,
  ...EXPORT_STREAMS_RULES,
  ...PASSKEYS_RULES,
  ...SIGNATURES_RULES,
  ...DOSSIER_RULES,
};

/** Every operation the app serves: the document's, and the hidden ones with who may call them. */
const EXPECTED_ALL: Record<string, Rule> = {
  ...EXPECTED,
  ...Object.fromEntries(Object.entries(HIDDEN_OPERATIONS).map(([key, hidden]) => [key, hidden.rule])),
};

/** The narrowly scoped API key: it may read identifiers and tags, nothing else. */
const KEY_SCOPES: Permission[] = ['identifier.view', 'tag.view'];
/**
 * A key holding every permission (its creator is an administrator): what refuses it is the rule that
 * a key is not a person (account administration, sign-in) or acts for its own automation only, never
 * a missing scope. Without it a users-only route declared open to keys went unnoticed.
 */
const FULL_KEY_SCOPES: Permission[] = [...PERMISSIONS];

/**
 * The device sign-ins' scopes (RFC 8628), approved by an administrator: the narrow one holds only what
 * it asked for; the one asking for nothing holds all its user holds. Neither is the person at the
 * browser: the account's own routes (passkeys, password, sessions, device approvals) refuse both.
 */
const DEVICE_SCOPES: Permission[] = ['identifier.view', 'tag.view'];

type CallerName = 'anonymous' | Role | 'api key' | 'full api key' | 'device token' | 'full device token';
interface Caller {
  name: CallerName;
  kind: 'anonymous' | 'user' | 'api_key';
  /** A device sign-in's Bearer token: a session of its user, narrowed to its scope. */
  device?: boolean;
  grants: readonly string[];
  client: Client | null;
}

/**
 * 401 or 403 when the rule refuses this caller; 'allowed' when it lets them through (then the answer
 * is the route's own: never 401 or 403); 'open' for public routes, whose own answers may be 401
 * (wrong password at sign-in).
 */
function expectedFor(rule: Rule, caller: Caller): 401 | 403 | 'allowed' | 'open' {
  if (rule.kind === 'anyone') return 'open';
  if (caller.kind === 'anonymous') return 401;
  if (rule.kind === 'session') return caller.kind === 'user' ? 'allowed' : 401;
  if (rule.kind === 'account') return caller.kind === 'user' && !caller.device ? 'allowed' : 403;
  if (rule.kind === 'user' && caller.kind !== 'user') return 403;
  if (!rule.permissions.every((permission) => hasPermission(caller.grants, permission))) return 403;
  // The requests name a fresh id or junk, never the caller's own automation.
  if (rule.kind === 'own automation' && caller.kind === 'api_key') return 403;
  return 'allowed';
}

/** Bodies, queries and ids that are wrong in every way a validator would notice. */
const JUNK_BODY = [1, { nested: [null] }];
const JUNK_QUERY = {
  page: '-3',
  pageSize: 'many',
  type: 'nonsense',
  search: 'x\u0000',
  ids: 'not-a-uuid',
  // TAXII's paging.
  limit: '0',
  added_after: 'yesterday',
  next: 'garbage',
};

let t: TestApp;
let callers: Caller[];
let operations: Operation[];
/** The document's operations and the hidden ones. */
let allOperations: Operation[];
/** Each operation's "Access: ..." line of the OpenAPI description (made from its config.access). */
const accessLines = new Map<string, string>();

beforeAll(async () => {
  t = await buildTestApp();
  const roles: Role[] = ['viewer', 'investigator', 'admin'];
  const signed = await Promise.all(roles.map((role) => signedIn(t, role)));
  const admin = signed[2].client;
  const { caller: keyClient } = await automationWithKey(t, admin, KEY_SCOPES);
  const { caller: fullKeyClient } = await automationWithKey(t, admin, FULL_KEY_SCOPES);
  // Approved by another administrator: the admin caller signing out of their other sessions would
  // end these tokens, sessions of their approver, halfway through the matrix.
  const approver = (await signedIn(t, 'admin')).client;
  const [deviceClient, fullDeviceClient] = await Promise.all([
    deviceSignedIn(t, approver, DEVICE_SCOPES),
    deviceSignedIn(t, approver),
  ]);
  callers = [
    { name: 'anonymous', kind: 'anonymous', grants: [], client: null },
    ...roles.map((role, i) => ({
      name: role,
      kind: 'user' as const,
      grants: permissionsForRole(role),
      client: signed[i].client,
    })),
    { name: 'api key', kind: 'api_key', grants: KEY_SCOPES, client: keyClient },
    { name: 'full api key', kind: 'api_key', grants: FULL_KEY_SCOPES, client: fullKeyClient },
    { name: 'device token', kind: 'user', device: true, grants: DEVICE_SCOPES, client: deviceClient },
    {
      name: 'full device token',
      kind: 'user',
      device: true,
      grants: permissionsForRole('admin'),
      client: fullDeviceClient,
    },
  ];
  operations = await loadOperations(t.app);
  allOperations = [...operations, ...hiddenOperations()];
  const doc = (await t.app.inject('/api/openapi.json')).json() as {
    paths: Record<string, Record<string, { description?: string }>>;
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const line = op.description?.split('\n').find((l) => l.startsWith('Access: '));
      if (line) accessLines.set(`${method.toUpperCase()} ${path}`, line);
    }
  }
});
afterAll(async () => {
  await t.close();
});

function send(caller: Caller, options: InjectOptions): Promise<LightMyRequestResponse> {
  if (caller.client) return caller.client.request(options);
  return t.app.inject({ ...options, headers: { origin: PUBLIC_URL, ...(options.headers ?? {}) } });
}

/** A junk request and a well-formed one for the operation. */
function requestsFor(op: Operation): { label: string; options: InjectOptions }[] {
  const url = fillPath(op);
  const valid = sampleBody(op);
  const hasBody = op.method !== 'GET';
  return [
    {
      label: 'junk',
      options: {
        method: op.method as InjectOptions['method'],
        url: fillPath(op, () => 'not-a-uuid'),
        query: JUNK_QUERY,
        ...(hasBody ? { payload: JUNK_BODY } : {}),
      },
    },
    {
      label: 'well-formed',
      options: {
        method: op.method as InjectOptions['method'],
        url,
        ...(hasBody ? { payload: (valid ?? {}) as InjectOptions['payload'] } : {}),
      },
    },
  ];
}

describe('the OpenAPI document and the expected access table', () => {
  it('list the same operations: every route declares who may call it', () => {
    const documented = operations.map((op) => op.key).sort();
    expect(documented).toEqual(Object.keys(EXPECTED).sort());
  });

  // A route hidden from the document (`schema: { hide: true }`) would escape the tests that go over
  // the document's operations: every route the app registers is in the document or in the table of
  // hidden ones, which says who may call it.
  it('with the hidden table, list every route the app registers', () => {
    const known = [...operations.map((op) => op.key), ...Object.keys(HIDDEN_OPERATIONS)].sort();
    expect(registeredOperationKeys(t.routes)).toEqual(known);
  });
});

/**
 * What the description promises an API key holding every permission, for a request naming a fresh
 * id: refused when it says "not an API key" or limits keys to their own automation, let through when
 * it names keys, nothing when it is open to anyone.
 */
function promiseToKey(line: string): 'refused' | 'allowed' | 'open' {
  if (line === 'Access: anyone.') return 'open';
  if (line.includes('(not an API key)') || line.includes('API key of the automation')) return 'refused';
  if (line.includes('or an API key')) return 'allowed';
  throw new Error(`Unknown access line: ${line}`);
}

describe('the OpenAPI text tells an API key truly whether it may call', () => {
  it('every operation has an access line', () => {
    const missing = operations.filter((op) => !accessLines.has(op.key)).map((op) => op.key);
    expect(missing).toEqual([]);
  });

  it('a key holding every permission gets what the line promises, on every operation', async () => {
    const fullKey = callers.find((c) => c.name === 'full api key')!;
    const failures: string[] = [];
    for (const op of operations) {
      const line = accessLines.get(op.key);
      if (!line) continue;
      const promise = promiseToKey(line);
      if (promise === 'open') continue;
      const { options } = requestsFor(op)[1];
      const status = (await send(fullKey, options)).statusCode;
      const refused = status === 401 || status === 403;
      if (refused !== (promise === 'refused')) failures.push(`${op.key}: "${line}" but ${status}`);
    }
    expect(failures).toEqual([]);
  });
});

/**
 * What the description promises a device sign-in's token holding every permission: refused when it
 * says "not a device sign-in's token", let through otherwise. Sign-out is left out: it would end the
 * token the matrix below still uses.
 */
function promiseToDevice(line: string): 'refused' | 'allowed' | 'open' {
  if (line === 'Access: anyone.' || line.startsWith('Access: a signed-in session')) return 'open';
  return line.includes("(not a device sign-in's token)") ? 'refused' : 'allowed';
}

describe("the OpenAPI text tells a device sign-in's token truly whether it may call", () => {
  it('a token holding every permission gets what the line promises, on every operation', async () => {
    const fullDevice = callers.find((c) => c.name === 'full device token')!;
    const failures: string[] = [];
    for (const op of operations) {
      const line = accessLines.get(op.key);
      if (!line) continue;
      const promise = promiseToDevice(line);
      if (promise === 'open') continue;
      const { options } = requestsFor(op)[1];
      const status = (await send(fullDevice, options)).statusCode;
      const refused = status === 401 || status === 403;
      if (refused !== (promise === 'refused')) failures.push(`${op.key}: "${line}" but ${status}`);
    }
    expect(failures).toEqual([]);
  });
});

const OAUTH_PROTOCOL_OPERATIONS = ['POST /api/oauth/device_authorization', 'POST /api/oauth/token'];

// Sign-out ends the session it is called with, so it goes last.
const keys = Object.keys(EXPECTED_ALL).sort(
  (a, b) => Number(a.includes('/logout')) - Number(b.includes('/logout')),
);

describe('who may call each operation, whatever the body, id or query', () => {
  it.each(keys)('%s', async (key) => {
    const op = allOperations.find((o) => o.key === key);
    expect(op, `${key} is not in the OpenAPI document`).toBeDefined();
    const failures: string[] = [];
    for (const caller of callers) {
      const expected = expectedFor(EXPECTED_ALL[key], caller);
      for (const { label, options } of requestsFor(op!)) {
        const res = await send(caller, options);
        const status = res.statusCode;
        const ok =
          expected === 'open'
            ? status < 500
            : expected === 'allowed'
              ? status !== 401 && status !== 403 && status < 500
              : status === expected;
        if (!ok) {
          failures.push(`${caller.name}, ${label} request: expected ${expected}, got ${status} ${res.body}`);
        }
        // The RFC 8628 endpoints answer a standard OAuth client in RFC 6749 §5.2's shape.
        if (status >= 400 && OAUTH_PROTOCOL_OPERATIONS.includes(key)) {
          expect(typeof res.json().error, `${caller.name} ${label}`).toBe('string');
        } else if (status >= 400 && key.startsWith('GET /taxii2/')) {
          // TAXII 2.1's error message (§3.6.1).
          expect(res.json(), `${caller.name} ${label}`).toMatchObject({ http_status: String(status) });
        } else if (status >= 400) expect(res.json().error, `${caller.name} ${label}`).toHaveProperty('code');
      }
    }
    expect(failures).toEqual([]);
  });
});
