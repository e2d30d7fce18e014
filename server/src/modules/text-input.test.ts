import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, events, groups, identifiers, originators, tags, users } from '../db/schema/index';
import {
  buildTestApp,
  PUBLIC_URL,
  signedIn,
  TEST_PASSWORD,
  type Client,
  type TestApp,
} from '../../test/helpers';
import { createAutomationVia, createCommunityMemberVia, unique } from '../../test/originator-helpers';

/**
 * PostgreSQL text cannot hold U+0000 or an unpaired surrogate: such a string used to reach the
 * database and answer 500. Every request text passes through the shared text schema, so each is
 * refused with a 400 naming the field, before anything is written. A megabyte-long string is
 * refused by name too.
 */

let t: TestApp;
let admin: Client;
/** Records the updates target, by the `:name` their paths below use. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
  const other = await signedIn(t, 'investigator');
  ids.user = other.user.id;
  ids.teamMemberOriginator = other.user.originatorId;
  ids.tag = (await admin.post('/api/tags', { name: unique('tag') })).json().id;
  ids.group = (await admin.post('/api/groups', { name: unique('group') })).json().id;
  ids.automation = (await createAutomationVia(admin)).id;
  ids.member = (await createCommunityMemberVia(admin)).id;
  ids.identifier = (
    await admin.post('/api/identifiers', { type: 'email', data: { address: 'known@example.com' } })
  ).json().id;
  for (const id of Object.values(ids)) expect(id).toMatch(/^[0-9a-f-]{36}$/);
});
afterAll(async () => {
  await t.close();
});

/** Every row a write could touch; sessions are left out (each request refreshes its own). */
async function storedRows() {
  const db = t.database.db;
  return JSON.stringify(
    await Promise.all(
      [users, originators, tags, groups, apiKeys, identifiers, events].map((table) =>
        db.select().from(table),
      ),
    ),
  );
}

const BAD_TEXTS = [
  ['a null character', 'a\u0000b', /must not contain null characters/],
  ['a lone high surrogate', 't\ud800', /unpaired surrogate/],
  ['a lone low surrogate', '\udc00t', /unpaired surrogate/],
] as const;

type Write = [method: 'POST' | 'PUT' | 'PATCH', path: string, body: (v: string) => unknown, field: string];

const email = () => `${unique('new')}@example.com`;
const newUser = (v: string) => ({
  email: email(),
  password: TEST_PASSWORD,
  firstName: v,
  lastName: 'L',
  role: 'viewer',
});

const WRITES: Write[] = [
  ['POST', '/api/users', newUser, 'firstName'],
  ['POST', '/api/users', (v) => ({ ...newUser('F'), lastName: v }), 'lastName'],
  ['POST', '/api/users', (v) => ({ ...newUser('F'), email: `${v}@example.com` }), 'email'],
  ['POST', '/api/users', (v) => ({ ...newUser('F'), password: `long enough ${v}` }), 'password'],
  ['PATCH', '/api/users/:user', (v) => ({ lastName: v }), 'lastName'],
  ['PATCH', '/api/users/:user', (v) => ({ password: `long enough ${v}` }), 'password'],
  ['POST', '/api/tags', (v) => ({ name: v }), 'name'],
  ['POST', '/api/tags', (v) => ({ name: unique('tag'), description: v }), 'description'],
  ['PATCH', '/api/tags/:tag', (v) => ({ name: v }), 'name'],
  ['PATCH', '/api/tags/:tag', (v) => ({ description: v }), 'description'],
  ['POST', '/api/groups', (v) => ({ name: v }), 'name'],
  ['POST', '/api/groups', (v) => ({ name: unique('group'), description: v }), 'description'],
  ['PATCH', '/api/groups/:group', (v) => ({ name: v }), 'name'],
  ['PATCH', '/api/groups/:group', (v) => ({ description: v }), 'description'],
  ['POST', '/api/automations', (v) => ({ systemName: v }), 'systemName'],
  ['POST', '/api/automations', (v) => ({ systemName: unique('s'), description: v }), 'description'],
  // The URL parser alone would take these (it percent-encodes them); the text schema refuses them.
  [
    'POST',
    '/api/automations',
    (v) => ({ systemName: unique('s'), webhookUrl: `https://example.com/${v}` }),
    'webhookUrl',
  ],
  ['PATCH', '/api/automations/:automation', (v) => ({ systemName: v }), 'systemName'],
  ['PATCH', '/api/originators/automations/:automation', (v) => ({ description: v }), 'description'],
  [
    'PATCH',
    '/api/automations/:automation',
    (v) => ({ webhookUrl: `https://example.com/?q=${v}` }),
    'webhookUrl',
  ],
  ['POST', '/api/automations/:automation/api-keys', (v) => ({ name: v, scopes: ['tag.view'] }), 'name'],
  ['POST', '/api/automations/:automation/api-keys', (v) => ({ name: 'k', scopes: [v] }), 'scopes.0'],
  ['POST', '/api/originators/community-members', (v) => ({ username: v }), 'username'],
  ['POST', '/api/originators/community-members', (v) => ({ username: unique('u'), notes: v }), 'notes'],
  [
    'POST',
    '/api/originators/community-members',
    (v) => ({ username: unique('u'), email: `${v}@example.com` }),
    'email',
  ],
  ['PATCH', '/api/originators/community-members/:member', (v) => ({ username: v }), 'username'],
  ['PATCH', '/api/originators/community-members/:member', (v) => ({ notes: v }), 'notes'],
  [
    'POST',
    '/api/originators/community-members/:member/reputation',
    (v) => ({ delta: 5, reason: v }),
    'reason',
  ],
  ['POST', '/api/team-members', newUser, 'firstName'],
  ['PATCH', '/api/team-members/:user', (v) => ({ firstName: v }), 'firstName'],
  ['POST', '/api/originators/team-members', (v) => ({ ...newUser('F'), lastName: v }), 'lastName'],
  ['PATCH', '/api/originators/team-members/:teamMemberOriginator', (v) => ({ lastName: v }), 'lastName'],
  [
    'POST',
    '/api/identifiers',
    (v) => ({ type: 'email', data: { address: `${v}@example.com` } }),
    'data.address',
  ],
  [
    'POST',
    '/api/identifiers',
    (v) => ({ type: 'other', data: { identifierType: 'Alias', value: v } }),
    'data.value',
  ],
  [
    'POST',
    '/api/identifiers',
    (v) => ({ type: 'phone', data: { countryCode: '+1', number: '5551234567', notes: v } }),
    'data.notes',
  ],
  ['POST', '/api/identifiers', (v) => ({ type: v, data: {} }), 'type'],
  [
    'POST',
    '/api/identifiers',
    (v) => ({ type: 'email', data: { address: 'a@example.com' }, displayValue: v }),
    'displayValue',
  ],
  [
    'PUT',
    '/api/identifiers/:identifier',
    (v) => ({ data: { address: `known${v}@example.com` } }),
    'data.address',
  ],
  [
    'PUT',
    '/api/identifiers/:identifier',
    (v) => ({ data: { address: 'known@example.com' }, displayValue: v }),
    'displayValue',
  ],
  [
    'POST',
    '/api/auth/password',
    (v) => ({ currentPassword: v, newPassword: 'another long password' }),
    'currentPassword',
  ],
  [
    'POST',
    '/api/auth/password',
    (v) => ({ currentPassword: TEST_PASSWORD, newPassword: `long enough ${v}` }),
    'newPassword',
  ],
];

describe.each(BAD_TEXTS)('%s', (_name, bad, message) => {
  it.each(WRITES.map(([method, path, body, field]) => [method, path, field, body] as const))(
    '%s %s refuses it in %s, naming the field, and writes nothing',
    async (method, path, field, body) => {
      const before = await storedRows();
      const url = path.replace(/:(\w+)/, (_, name: string) => ids[name]);
      const res = await admin.request({ method, url, payload: body(bad) as object });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details.fields).toContainEqual({ field, message: expect.stringMatching(message) });
      expect(await storedRows()).toBe(before);
    },
  );

  it('sign-in refuses it in the e-mail and the password', async () => {
    for (const payload of [
      { email: `admin${bad}@example.com`, password: TEST_PASSWORD },
      { email: 'admin@example.com', password: bad },
    ]) {
      const field = Object.keys(payload).find((key) => payload[key as keyof typeof payload].includes(bad));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: PUBLIC_URL },
        payload,
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      expect(res.json().error.details.fields).toContainEqual({
        field,
        message: expect.stringMatching(message),
      });
    }
  });
});

describe('identifier import', () => {
  it.each(BAD_TEXTS)('marks a JSON row with %s invalid and stores nothing', async (_name, bad, message) => {
    const before = await storedRows();
    const res = await admin.post('/api/identifiers/import', {
      items: [{ type: 'other', data: { identifierType: 'Alias', value: `v${bad}` } }],
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().data).toEqual([
      {
        row: 1,
        status: 'invalid',
        errors: [{ field: 'data.value', message: expect.stringMatching(message) }],
      },
    ]);
    expect(await storedRows()).toBe(before);
  });

  // Only the null character: a lone surrogate cannot travel in UTF-8 (a CSV body decodes it as U+FFFD).
  it('marks a CSV row with a null character invalid and stores nothing', async () => {
    const before = await storedRows();
    const res = await admin.request({
      method: 'POST',
      url: '/api/identifiers/import',
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      payload: 'type,identifierType,value\nother,Alias,v\u0000w\n',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().data).toEqual([
      {
        row: 1,
        status: 'invalid',
        errors: [{ field: 'data.value', message: 'Value must not contain null characters' }],
      },
    ]);
    expect(await storedRows()).toBe(before);
  });
});

const LISTS = [
  '/api/tags',
  '/api/groups',
  '/api/originators',
  '/api/team-members',
  '/api/originators/team-members',
  '/api/originators/community-members',
  '/api/automations',
  '/api/originators/automations',
  '/api/identifiers',
];

describe('list search', () => {
  it.each(LISTS)('%s?search=%%00 answers 400 naming search', async (url) => {
    const res = await admin.get(`${url}?search=a%00b`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().error.details.fields).toEqual([
      { field: 'search', message: 'search must not contain null characters' },
    ]);
  });
});

describe('length cap', () => {
  // These had no length limit of their own: a megabyte is refused as too long, by name.
  const huge = 'x'.repeat(1_000_000);
  it.each([
    ['/api/identifiers', { type: huge, data: {} }, 'type', 'type is too long (at most 100 characters)'],
    [
      '/api/identifiers',
      { type: 'email', data: { [huge]: 'a' } },
      `data.${huge}`,
      'A data field name is too long (at most 100 characters)',
    ],
    [
      '/api/automations/:automation/api-keys',
      { name: 'k', scopes: [huge] },
      'scopes.0',
      'Each scope is too long (at most 100 characters)',
    ],
  ])('POST %s refuses a 1 MB string', async (path, body, field, message) => {
    const before = await storedRows();
    const res = await admin.post(path.replace(':automation', ids.automation), body);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().error.details.fields).toContainEqual({ field, message });
    expect(await storedRows()).toBe(before);
  });
});
