import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, login, TEST_PASSWORD, type TestApp } from '../../../test/helpers';
import { fillPath, loadOperations, sampleValue, type Operation } from '../../../test/openapi-operations';

/** Common or easily guessed: a frequent password, a common one with digits, a repeat. */
const WEAK = ['1234567890', 'password12', 'aaaaaaaaaa', 'qwertyuiop'];

/**
 * Every operation whose body sets a password, and the field that carries it. Found in the OpenAPI
 * document by its fields' names, so a new route that sets a password fails the first test until it
 * is listed here, and is then held to the rule by the second.
 */
const SETS_PASSWORD: Record<string, string> = {
  'POST /api/users': 'password',
  'PATCH /api/users/{id}': 'password',
  'POST /api/team-members': 'password',
  'POST /api/originators/team-members': 'password',
  'POST /api/auth/password': 'newPassword',
};
/** Fields named like a password that check one rather than set it. */
const CHECKS_PASSWORD = new Set(['POST /api/auth/login password', 'POST /api/auth/password currentPassword']);

let t: TestApp;
let operations: Operation[];
beforeAll(async () => {
  t = await buildTestApp();
  operations = await loadOperations(t.app);
});
afterAll(async () => {
  await t.close();
});

/** The operation called by a fresh administrator (for your own password: that administrator's). */
async function call(op: Operation, field: string, password: string) {
  const admin = await createTestUser(t, 'admin');
  const client = await login(t, admin.email);
  const target = await createTestUser(t, 'viewer');
  const body = {
    ...(sampleValue(op.body ?? {}) as Record<string, unknown>),
    ...(op.key === 'POST /api/auth/password' ? { currentPassword: TEST_PASSWORD } : {}),
    [field]: password,
  };
  return client.request({ method: op.method as 'POST', url: fillPath(op, () => target.id), payload: body });
}

describe('passwords that are common or easily guessed', () => {
  it('every operation whose body sets a password is listed', () => {
    const found = operations.flatMap((op) =>
      Object.keys(op.body?.properties ?? {})
        .filter((name) => /password/i.test(name) && !CHECKS_PASSWORD.has(`${op.key} ${name}`))
        .map((name) => `${op.key} ${name}`),
    );
    expect(found.sort()).toEqual(
      Object.entries(SETS_PASSWORD)
        .map(([key, field]) => `${key} ${field}`)
        .sort(),
    );
  });

  it.each(Object.entries(SETS_PASSWORD))('%s refuses them, naming %s', async (key, field) => {
    const op = operations.find((o) => o.key === key)!;
    for (const weak of WEAK) {
      const res = await call(op, field, weak);
      expect(res.statusCode, `${key} with ${weak}`).toBe(400);
      const [error] = res.json().error.details.fields;
      expect(error.field).toBe(field);
      expect(error.message).toMatch(/^(New password|Password) is too easy to guess/);
    }
    const strong = await call(op, field, randomBytes(12).toString('base64url'));
    expect(strong.statusCode, strong.body).toBeLessThan(300);
  });

  it('a refused password changes nothing: the old one still signs in', async () => {
    const user = await createTestUser(t, 'viewer');
    const client = await login(t, user.email);
    const res = await client.post('/api/auth/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'password12',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'newPassword: New password is too easy to guess (This is a commonly used password); use a few uncommon words or a generated password',
    );
    await login(t, user.email, TEST_PASSWORD);
    await expect(login(t, user.email, 'password12')).rejects.toThrow(/401/);
  });
});
