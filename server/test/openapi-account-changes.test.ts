import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createTestUser,
  login,
  signedIn,
  TEST_PASSWORD,
  type Client,
  type TestApp,
} from './helpers';
import { loadOperations, type JsonSchema, type Operation } from './openapi-operations';

/**
 * Every operation of the OpenAPI document that makes or changes an account (its access needs
 * `user.create`, `user.edit`, `team_member.create` or `team_member.edit`) is in the audit trail: a
 * change made through any of them is an event in the account's security activity, by whoever made it.
 * And no operation sets the caller's own password without the current one: a body taking `password`
 * (an administrator's reset) refuses it on one's own account, whatever the route. A route added later
 * is found in the document and fails here until `ACCOUNT_WRITES` says how to call it.
 */

const ACCOUNT_PERMISSIONS = ['user.create', 'user.edit', 'team_member.create', 'team_member.edit'];

interface Account {
  userId: string;
  originatorId: string;
}

/** The request of an operation on a fresh account, and which account it changed. */
type AccountWrite = (target: Account) => {
  url: string;
  method: string;
  payload?: unknown;
  changed: (body: Record<string, unknown>) => string;
};

const newAccount = () => ({
  email: `account-${randomBytes(4).toString('hex')}@example.com`,
  password: TEST_PASSWORD,
  firstName: 'Ada',
  lastName: 'Audited',
  role: 'viewer',
});

const on = (target: Account) => () => target.userId;

const ACCOUNT_WRITES: Record<string, AccountWrite> = {
  'POST /api/users': () => ({
    method: 'POST',
    url: '/api/users',
    payload: newAccount(),
    changed: (body) => body.id as string,
  }),
  'PATCH /api/users/{id}': (target) => ({
    method: 'PATCH',
    url: `/api/users/${target.userId}`,
    payload: { password: 'a reset passphrase for them', role: 'investigator' },
    changed: on(target),
  }),
  'POST /api/team-members': () => ({
    method: 'POST',
    url: '/api/team-members',
    payload: newAccount(),
    changed: (body) => body.id as string,
  }),
  'PATCH /api/team-members/{id}': (target) => ({
    method: 'PATCH',
    url: `/api/team-members/${target.userId}`,
    payload: { role: 'investigator' },
    changed: on(target),
  }),
  'POST /api/team-members/{id}/disable': (target) => ({
    method: 'POST',
    url: `/api/team-members/${target.userId}/disable`,
    changed: on(target),
  }),
  'POST /api/team-members/{id}/enable': (target) => ({
    method: 'POST',
    url: `/api/team-members/${target.userId}/enable`,
    changed: on(target),
  }),
  'POST /api/originators/team-members': () => ({
    method: 'POST',
    url: '/api/originators/team-members',
    payload: newAccount(),
    changed: (body) => (body.teamMember as { userId: string }).userId,
  }),
  'PATCH /api/originators/team-members/{id}': (target) => ({
    method: 'PATCH',
    url: `/api/originators/team-members/${target.originatorId}`,
    payload: { lastName: 'Renamed' },
    changed: on(target),
  }),
  'POST /api/originators/team-members/{id}/deactivate': (target) => ({
    method: 'POST',
    url: `/api/originators/team-members/${target.originatorId}/deactivate`,
    changed: on(target),
  }),
};

let t: TestApp;
let admin: Client;
let adminAccount: Account;
let operations: Operation[];
let descriptions: Map<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'admin');
  admin = signed.client;
  adminAccount = { userId: signed.user.id, originatorId: signed.user.originatorId };
  operations = await loadOperations(t.app);
  const document = (await t.app.inject('/api/openapi.json')).json() as {
    paths: Record<string, Record<string, { description?: string }>>;
  };
  descriptions = new Map(
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => [
        `${method.toUpperCase()} ${path}`,
        op.description ?? '',
      ]),
    ),
  );
});
afterAll(async () => {
  await t.close();
});

/** Write operations whose access needs an account-administration permission. */
function accountWriteOperations(): Operation[] {
  return operations.filter(
    (op) =>
      op.method !== 'GET' &&
      ACCOUNT_PERMISSIONS.some((permission) => descriptions.get(op.key)?.includes(`\`${permission}\``)),
  );
}

async function securityEventIds(userId: string): Promise<{ id: number; actor: { id: string } | null }[]> {
  const res = await admin.get(`/api/team-members/${userId}/security-events?pageSize=100`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** Whether the schema, or any branch of it, takes a property of that name. */
function takesProperty(schema: JsonSchema | undefined, name: string): boolean {
  if (!schema) return false;
  if (schema.properties && name in schema.properties) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].some((branch) =>
    takesProperty(branch, name),
  );
}

describe('every change of an account is recorded, by whichever route', () => {
  it('the document has account writes, and each is listed here', () => {
    const found = accountWriteOperations().map((op) => op.key);
    expect(found.length).toBeGreaterThan(5);
    expect(found.filter((key) => !ACCOUNT_WRITES[key])).toEqual([]);
  });

  it.each(Object.keys(ACCOUNT_WRITES))(
    '%s records an event in the account’s security activity',
    async (key) => {
      const user = await createTestUser(t, 'viewer');
      const target = { userId: user.id, originatorId: user.originatorId };
      const request = ACCOUNT_WRITES[key](target);
      const before = new Set((await securityEventIds(target.userId)).map((event) => event.id));
      const res = await admin.request({
        method: request.method as 'POST',
        url: request.url,
        headers: { 'idempotency-key': randomBytes(8).toString('hex') },
        ...(request.payload === undefined ? {} : { payload: request.payload as Record<string, unknown> }),
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      const changed = request.changed(res.statusCode === 204 ? {} : res.json());
      const added = (await securityEventIds(changed)).filter((event) => !before.has(event.id));
      expect(added).toHaveLength(1);
      expect(added[0].actor?.id).toBe(adminAccount.originatorId);
    },
  );
});

describe('nobody sets their own password without the current one', () => {
  it('every operation whose body takes a password refuses it on the caller’s own account', async () => {
    const setting = operations.filter(
      (op) =>
        op.pathParams.length > 0 &&
        takesProperty(op.body, 'password') &&
        !takesProperty(op.body, 'currentPassword'),
    );
    expect(setting.map((op) => op.key)).toContain('PATCH /api/users/{id}');
    for (const op of setting) {
      const self = op.path.startsWith('/api/originators/') ? adminAccount.originatorId : adminAccount.userId;
      const res = await admin.request({
        method: op.method as 'PATCH',
        url: op.path.replace(/\{\w+\}/g, self),
        payload: { password: 'a password chosen without the old one' },
      });
      expect(res.statusCode, op.key).toBe(400);
      expect(
        res.json().error.details.fields.map((f: { field: string }) => f.field),
        op.key,
      ).toEqual(['password']);
    }
    // The password is the one it was: the session is the caller's, not the account.
    const me = (await admin.get('/api/auth/me')).json() as { email: string };
    await login(t, me.email, TEST_PASSWORD);
  });
});
