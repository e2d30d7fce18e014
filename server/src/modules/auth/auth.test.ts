import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index';
import {
  buildTestApp,
  clientWithHeaders,
  createTestUser,
  login,
  PUBLIC_URL,
  TEST_PASSWORD,
  type TestApp,
} from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function lastLoginAt(userId: string): Promise<Date | null> {
  const [row] = await t.database.db
    .select({ lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(eq(users.id, userId));
  return row.lastLoginAt;
}

function postLogin(email: string, password: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: PUBLIC_URL, ...headers },
    payload: { email, password },
  });
}

describe('sign-in', () => {
  it('sets an httpOnly session cookie and answers the current user', async () => {
    const user = await createTestUser(t, 'investigator');
    const res = await postLogin(user.email.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: 'investigator',
      permissions: expect.arrayContaining(['case.view', 'identifier.edit']),
      originatorId: user.originatorId,
    });
    const cookie = res.cookies.find((c) => c.name === 'scamtrail_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('gives the same 401 message for a wrong e-mail and a wrong password', async () => {
    const user = await createTestUser(t, 'viewer');
    const wrongPassword = await postLogin(user.email, 'not the password');
    const wrongEmail = await postLogin('nobody@example.com', TEST_PASSWORD);
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(wrongEmail.json());
    expect(wrongPassword.json().error.message).toBe('Invalid email or password');
  });

  it('names the missing field when the body is incomplete', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: PUBLIC_URL },
      payload: { email: 'a@example.com' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([expect.objectContaining({ field: 'password' })]);
  });

  it('issues a new session token at every login', async () => {
    const user = await createTestUser(t, 'viewer');
    const a = await login(t, user.email);
    const b = await login(t, user.email);
    expect(a.cookie).not.toBe(b.cookie);
    expect((await a.get('/api/auth/me')).statusCode).toBe(200);
    expect((await b.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('refuses with 429 the address that keeps failing on an account, even with the right password', async () => {
    const user = await createTestUser(t, 'viewer');
    for (let i = 0; i < 5; i++) expect((await postLogin(user.email, 'wrong password')).statusCode).toBe(401);
    const res = await postLogin(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('TOO_MANY_REQUESTS');
  });

  it('records the time of each successful sign-in and never of a refused one', async () => {
    const user = await createTestUser(t, 'viewer');
    expect(await lastLoginAt(user.id)).toBeNull();
    expect((await postLogin(user.email, 'not the password')).statusCode).toBe(401);
    expect(await lastLoginAt(user.id)).toBeNull();

    const before = Date.now();
    expect((await postLogin(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const first = await lastLoginAt(user.id);
    expect(first!.getTime()).toBeGreaterThanOrEqual(before);
    expect(first!.getTime()).toBeLessThanOrEqual(Date.now());

    expect((await postLogin(user.email, 'not the password')).statusCode).toBe(401);
    expect(await lastLoginAt(user.id)).toEqual(first);
    expect((await postLogin(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await lastLoginAt(user.id))!.getTime()).toBeGreaterThanOrEqual(first!.getTime());
  });

  it('does not record a sign-in refused because the account is disabled', async () => {
    const user = await createTestUser(t, 'viewer');
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await postLogin(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect(await lastLoginAt(user.id)).toBeNull();
  });

  it('refuses a login posted from another origin', async () => {
    const user = await createTestUser(t, 'viewer');
    const res = await postLogin(user.email, TEST_PASSWORD, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_ORIGIN');
  });
});

describe('current user and sign-out', () => {
  it('answers 401 to /me without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('revokes the session server-side at logout', async () => {
    const user = await createTestUser(t, 'investigator');
    const client = await login(t, user.email);
    expect((await client.post('/api/auth/logout', {})).statusCode).toBe(204);
    // The same cookie, replayed, no longer works.
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });

  it("stops a disabled user's sessions at once", async () => {
    const admin = await createTestUser(t, 'admin');
    const adminClient = await login(t, admin.email);
    const user = await createTestUser(t, 'investigator');
    const client = await login(t, user.email);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await adminClient.patch(`/api/users/${user.id}`, { disabled: true })).statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    expect((await postLogin(user.email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('refuses a state-changing cookie request from another origin', async () => {
    const user = await createTestUser(t, 'investigator');
    const client = await login(t, user.email);
    const evil = clientWithHeaders(t.app, { cookie: client.cookie, origin: 'https://evil.example' });
    expect((await evil.post('/api/auth/logout', {})).statusCode).toBe(403);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
  });
});

describe('session expiry', () => {
  async function sessionOf(userId: string) {
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    return row;
  }

  it('ends a session left idle longer than the idle limit', async () => {
    const user = await createTestUser(t, 'viewer');
    const client = await login(t, user.email);
    const session = await sessionOf(user.id);
    const idleSince = new Date(Date.now() - t.config.sessionIdleMs - 60_000);
    await t.database.db.update(sessions).set({ lastSeenAt: idleSince }).where(eq(sessions.id, session.id));
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    expect((await sessionOf(user.id)).revokedAt).not.toBeNull();
  });

  it('records the use of a session last seen over a minute ago, and not of one seen just now', async () => {
    const user = await createTestUser(t, 'viewer');
    const client = await login(t, user.email);
    const session = await sessionOf(user.id);
    const recent = new Date(Date.now() - 10_000);
    await t.database.db.update(sessions).set({ lastSeenAt: recent }).where(eq(sessions.id, session.id));
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await sessionOf(user.id)).lastSeenAt).toEqual(recent);

    const before = Date.now();
    const stale = new Date(before - 5 * 60_000);
    await t.database.db.update(sessions).set({ lastSeenAt: stale }).where(eq(sessions.id, session.id));
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    const touched = await sessionOf(user.id);
    expect(touched.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(touched.revokedAt).toBeNull();
  });

  it('ends a session past its absolute expiry even when in use', async () => {
    const user = await createTestUser(t, 'viewer');
    const client = await login(t, user.email);
    const session = await sessionOf(user.id);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(sessions.id, session.id));
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    expect((await sessionOf(user.id)).revokedAt).not.toBeNull();
  });

  it('stores only a hash of the session token', async () => {
    const user = await createTestUser(t, 'viewer');
    const client = await login(t, user.email);
    const token = client.cookie.split('=')[1];
    const session = await sessionOf(user.id);
    expect(session.tokenHash).not.toContain(token);
    expect(session.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
