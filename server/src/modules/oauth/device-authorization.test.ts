import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAuthorizations, events, loginFailures, refreshTokens, sessions } from '../../db/schema/index';
import { sha256Hex } from '../../lib/tokens';
import {
  buildTestApp,
  clientWithHeaders,
  createTestUser,
  login,
  PUBLIC_URL,
  signedIn,
  TEST_PASSWORD,
  untilEveryEventReadable,
  type Client,
  type TestApp,
} from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const CLI_AGENT = 'scamtrail-cli/1.0 node/22';

/** A form post as a command-line client sends it: no cookie, no Origin. */
function form(url: string, params: Record<string, string> | string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': CLI_AGENT, ...headers },
    payload: typeof params === 'string' ? params : new URLSearchParams(params).toString(),
  });
}

interface Grant {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

async function startGrant(extra: Record<string, string> = {}): Promise<Grant> {
  const res = await form('/api/oauth/device_authorization', { client_id: 'scamtrail-cli', ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const poll = (deviceCode: string, extra: Record<string, string> = {}) =>
  form('/api/oauth/token', {
    grant_type: GRANT,
    device_code: deviceCode,
    client_id: 'scamtrail-cli',
    ...extra,
  });

/** Lets the next poll come after the interval without waiting for it. */
async function forgetLastPoll(deviceCode: string) {
  await t.database.db
    .update(deviceAuthorizations)
    .set({ lastPolledAt: null })
    .where(eq(deviceAuthorizations.deviceCodeHash, sha256Hex(deviceCode)));
}

/** Runs the grant to its end: the user approves, the device collects its token. */
async function signInDevice(browser: Client, extra: Record<string, string> = {}) {
  const grant = await startGrant(extra);
  const approved = await browser.post('/api/oauth/device/approve', { userCode: grant.user_code });
  expect(approved.statusCode, approved.body).toBe(200);
  const res = await poll(grant.device_code);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    access_token: string;
    token_type: string;
    expires_in: number;
    refresh_token: string;
    scope?: string;
  };
}

const bearer = (token: string) => clientWithHeaders(t.app, { authorization: `Bearer ${token}` });
const me = (token: string) => bearer(token).get('/api/auth/me');

describe('the device authorization endpoint (RFC 8628 §3.1–3.2)', () => {
  it('answers a device code, a short unambiguous user code and where to enter it, to a cookieless form post without Origin', async () => {
    const res = await form('/api/oauth/device_authorization', { client_id: 'scamtrail-cli' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const grant: Grant = res.json();
    expect(grant.user_code).toMatch(/^[BCDFGHJKMNPQRTVWXY]{4}-[BCDFGHJKMNPQRTVWXY]{4}$/);
    expect(grant.device_code.length).toBeGreaterThanOrEqual(43);
    expect(grant).toMatchObject({
      verification_uri: `${PUBLIC_URL}/auth/device`,
      verification_uri_complete: `${PUBLIC_URL}/auth/device?user_code=${grant.user_code}`,
      expires_in: 600,
      interval: 5,
    });
  });

  it('stores only hashes of both codes', async () => {
    const grant = await startGrant();
    const rows = await t.database.db.select().from(deviceAuthorizations);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(grant.device_code);
    expect(dump).not.toContain(grant.user_code);
    expect(dump).not.toContain(grant.user_code.replace('-', ''));
    expect(rows.some((r) => r.deviceCodeHash === sha256Hex(grant.device_code))).toBe(true);
  });

  it('refuses an unknown client as invalid_client and a missing one as invalid_request', async () => {
    const unknown = await form('/api/oauth/device_authorization', { client_id: 'someone-else' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ error: 'invalid_client' });
    const missing = await form('/api/oauth/device_authorization', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'invalid_request', error_description: 'client_id is required' });
  });

  it('refuses a scope that is no permission, a repeated parameter and a body that is not a form', async () => {
    const scope = await form('/api/oauth/device_authorization', {
      client_id: 'scamtrail-cli',
      scope: 'case.view case.fly',
    });
    expect(scope.json()).toMatchObject({
      error: 'invalid_scope',
      error_description: expect.stringContaining('case.fly'),
    });
    const twice = await form(
      '/api/oauth/device_authorization',
      'client_id=scamtrail-cli&client_id=scamtrail-cli',
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'client_id is given more than once',
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/device_authorization',
      payload: { client_id: 'scamtrail-cli' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('a cookie sent along is not read, and a browser-only route still refuses a form from another origin', async () => {
    const { client } = await signedIn(t, 'viewer');
    const res = await form(
      '/api/oauth/device_authorization',
      { client_id: 'scamtrail-cli' },
      { cookie: client.cookie, origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/device/approve',
      headers: { cookie: client.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { userCode: (res.json() as Grant).user_code },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: { code: 'CROSS_ORIGIN' } });
  });

  it('serves RFC 8414 metadata naming both endpoints', async () => {
    const res = await t.app.inject('/.well-known/oauth-authorization-server');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      issuer: PUBLIC_URL,
      device_authorization_endpoint: `${PUBLIC_URL}/api/oauth/device_authorization`,
      token_endpoint: `${PUBLIC_URL}/api/oauth/token`,
      grant_types_supported: [GRANT, 'refresh_token'],
    });
  });
});

describe('the token endpoint (RFC 8628 §3.4–3.5, RFC 6749 §5.2)', () => {
  it('refuses a missing or other grant type, a missing device code and an unknown one', async () => {
    const noGrant = await form('/api/oauth/token', { client_id: 'scamtrail-cli', device_code: 'x' });
    expect(noGrant.json()).toEqual({ error: 'invalid_request', error_description: 'grant_type is required' });
    const password = await form('/api/oauth/token', { grant_type: 'password', client_id: 'scamtrail-cli' });
    expect(password.statusCode).toBe(400);
    expect(password.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const noCode = await form('/api/oauth/token', { grant_type: GRANT, client_id: 'scamtrail-cli' });
    expect(noCode.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'device_code is required',
    });
    const unknown = await poll('no-such-code');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'invalid_grant' });
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('refuses an unknown client, and a device code polled by another client than it was issued to', async () => {
    const grant = await startGrant();
    const res = await poll(grant.device_code, { client_id: 'other-cli' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('answers authorization_pending while the user has not decided, and slow_down (a longer interval) when polled too fast', async () => {
    const grant = await startGrant();
    const first = await poll(grant.device_code);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ error: 'authorization_pending' });
    const tooSoon = await poll(grant.device_code);
    expect(tooSoon.json()).toMatchObject({
      error: 'slow_down',
      error_description: expect.stringContaining('10 seconds'),
    });
    const [row] = await t.database.db
      .select({ interval: deviceAuthorizations.intervalSeconds })
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.deviceCodeHash, sha256Hex(grant.device_code)));
    expect(row.interval).toBe(10);
    await forgetLastPoll(grant.device_code);
    expect((await poll(grant.device_code)).json()).toMatchObject({ error: 'authorization_pending' });
  });

  it('answers access_denied once the user denies', async () => {
    const { client } = await signedIn(t, 'viewer');
    const grant = await startGrant();
    const res = await client.post('/api/oauth/device/deny', { userCode: grant.user_code.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'denied', clientName: 'Scamtrail command-line tool' });
    expect((await poll(grant.device_code)).json()).toMatchObject({ error: 'access_denied' });
  });

  it('answers expired_token past expires_in, and the user can no longer approve', async () => {
    const { client } = await signedIn(t, 'viewer');
    const grant = await startGrant();
    await t.database.db
      .update(deviceAuthorizations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deviceAuthorizations.deviceCodeHash, sha256Hex(grant.device_code)));
    expect((await poll(grant.device_code)).json()).toMatchObject({ error: 'expired_token' });
    expect((await client.post('/api/oauth/device/approve', { userCode: grant.user_code })).statusCode).toBe(
      404,
    );
  });

  it('ends an approved sign-in its client never collected once the code expires', async () => {
    const { client } = await signedIn(t, 'viewer');
    const grant = await startGrant();
    await client.post('/api/oauth/device/approve', { userCode: grant.user_code });
    const named = async () =>
      ((await client.get('/api/auth/sessions')).json().data as { device: string }[]).filter(
        (s) => s.device === 'Scamtrail command-line tool',
      ).length;
    expect(await named()).toBe(1);
    await t.database.db
      .update(deviceAuthorizations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deviceAuthorizations.deviceCodeHash, sha256Hex(grant.device_code)));
    expect((await poll(grant.device_code)).json()).toMatchObject({ error: 'expired_token' });
    expect(await named()).toBe(0);
  });

  it('answers the access token once approved, with no-store; the code is exchanged once', async () => {
    const { user, client } = await signedIn(t, 'investigator');
    const grant = await startGrant();
    expect((await poll(grant.device_code)).json()).toMatchObject({ error: 'authorization_pending' });
    await client.post('/api/oauth/device/approve', { userCode: grant.user_code });
    await forgetLastPoll(grant.device_code);
    const res = await poll(grant.device_code);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const token = res.json();
    expect(token).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: expect.any(Number),
      refresh_token: expect.any(String),
    });
    // The access token lasts an hour; the refresh token renews it while the session lives.
    expect(token.expires_in).toBeGreaterThan(3600 - 60);
    expect(token.expires_in).toBeLessThanOrEqual(3600);
    const again = await poll(grant.device_code);
    expect(again.json()).toMatchObject({ error: 'invalid_grant' });
    const who = await me(token.access_token);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ id: user.id, email: user.email, role: 'investigator' });
  });

  it('gives the token to exactly one of two polls at the same moment', async () => {
    const { client } = await signedIn(t, 'viewer');
    const grant = await startGrant();
    await client.post('/api/oauth/device/approve', { userCode: grant.user_code });
    const answers = await Promise.all([
      poll(grant.device_code),
      poll(grant.device_code),
      poll(grant.device_code),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    expect(answers.filter((a) => a.statusCode === 400).map((a) => a.json().error)).toEqual([
      'invalid_grant',
      'invalid_grant',
    ]);
  });

  it('gives no token when the user was disabled between approving and the poll', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const user = await createTestUser(t, 'investigator');
    const browser = await login(t, user.email);
    const grant = await startGrant();
    await browser.post('/api/oauth/device/approve', { userCode: grant.user_code });
    expect((await admin.patch(`/api/users/${user.id}`, { disabled: true })).statusCode).toBe(200);
    expect((await poll(grant.device_code)).json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('the access token is a session of the approving user', () => {
  it('is listed among their sessions by its client’s name, and revoking it stops it at once', async () => {
    const { client } = await signedIn(t, 'viewer');
    const { access_token } = await signInDevice(client);
    const listed = (await client.get('/api/auth/sessions')).json().data as {
      id: string;
      device: string;
      current: boolean;
    }[];
    const device = listed.find((s) => s.device === 'Scamtrail command-line tool');
    expect(device).toMatchObject({ current: false });
    expect((await me(access_token)).statusCode).toBe(200);
    expect((await client.delete(`/api/auth/sessions/${device!.id}`)).statusCode).toBe(204);
    const after = await me(access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: { message: 'Invalid, expired or revoked access token' } });
  });

  it('signs itself out with POST /api/auth/logout, without an Origin', async () => {
    const { client } = await signedIn(t, 'viewer');
    const { access_token } = await signInDevice(client);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${access_token}` },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await me(access_token)).statusCode).toBe(401);
  });

  it('ends when its user is demoted, disabled or their password is reset', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    for (const change of [{ role: 'viewer' }, { disabled: true }, { password: 'A brand new passphrase 9' }]) {
      const user = await createTestUser(t, 'investigator');
      const { access_token } = await signInDevice(await login(t, user.email));
      expect((await me(access_token)).statusCode).toBe(200);
      expect((await admin.patch(`/api/users/${user.id}`, change)).statusCode).toBe(200);
      expect((await me(access_token)).statusCode, JSON.stringify(change)).toBe(401);
    }
  });

  it('ends when its user changes their own password', async () => {
    const { client } = await signedIn(t, 'viewer');
    const { access_token } = await signInDevice(client);
    const res = await client.post('/api/auth/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Another long passphrase 7',
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await me(access_token)).statusCode).toBe(401);
  });

  it('has its own idle limit: unused longer than a browser session may be, it still works; past DEVICE_SESSION_IDLE_HOURS it ends', async () => {
    const { client } = await signedIn(t, 'viewer');
    const { access_token } = await signInDevice(client);
    const hash = sha256Hex(access_token);
    const lastSeen = (ms: number) =>
      t.database.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - ms) })
        .where(eq(sessions.tokenHash, hash));
    await lastSeen(t.config.sessionIdleMs + 60_000);
    expect((await me(access_token)).statusCode).toBe(200);
    await lastSeen(t.config.deviceSessionIdleMs + 60_000);
    expect((await me(access_token)).statusCode).toBe(401);
  });

  it('ends at its maximum lifetime', async () => {
    const { client } = await signedIn(t, 'viewer');
    const { access_token } = await signInDevice(client);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(access_token)));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(t.config.deviceSessionMaxMs, -4);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, row.id));
    expect((await me(access_token)).statusCode).toBe(401);
  });

  it('holds only the permissions its scope asked for that the user holds', async () => {
    const { client } = await signedIn(t, 'investigator');
    const { access_token, scope } = await signInDevice(client, { scope: 'case.view tag.view user.create' });
    expect(scope).toBe('case.view tag.view user.create');
    expect((await me(access_token)).json().permissions).toEqual(['case.view', 'tag.view']);
    expect((await bearer(access_token).get('/api/tags')).statusCode).toBe(200);
    expect((await bearer(access_token).get('/api/identifiers')).statusCode).toBe(403);
  });

  it('is not accepted as a cookie, nor is a cookie token as a Bearer token', async () => {
    const { client } = await signedIn(t, 'viewer');
    const { access_token } = await signInDevice(client);
    const asCookie = await clientWithHeaders(t.app, { cookie: `scamtrail_session=${access_token}` }).get(
      '/api/auth/me',
    );
    expect(asCookie.statusCode).toBe(401);
    const cookieToken = client.cookie.replace('scamtrail_session=', '');
    expect((await me(cookieToken)).statusCode).toBe(401);
  });

  it('cannot register a passkey, change the password or end the browser’s session: a narrow scope stays narrow', async () => {
    const { client } = await signedIn(t, 'admin');
    const { access_token } = await signInDevice(client, { scope: 'tag.view' });
    const device = bearer(access_token);
    // A passkey it registered would sign in as the whole account, every permission the scope left out.
    expect((await device.post('/api/auth/passkeys/registration/options', {})).statusCode).toBe(403);
    const password = { currentPassword: TEST_PASSWORD, newPassword: 'another long passphrase here' };
    expect((await device.post('/api/auth/password', password)).statusCode).toBe(403);
    const browserSession = (await client.get('/api/auth/sessions'))
      .json()
      .data.find((s: { current: boolean }) => s.current);
    expect((await device.delete(`/api/auth/sessions/${browserSession.id}`)).statusCode).toBe(403);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await client.get('/api/auth/passkeys')).json()).toEqual([]);
  });

  it('cannot approve another device: that is done in the browser', async () => {
    const { client } = await signedIn(t, 'viewer');
    const { access_token } = await signInDevice(client);
    const grant = await startGrant();
    const res = await bearer(access_token).post('/api/oauth/device/approve', { userCode: grant.user_code });
    expect(res.statusCode).toBe(403);
  });
});

describe('the /auth/device page’s calls', () => {
  it('show which client asks, for which permissions, from which address and when', async () => {
    const { client } = await signedIn(t, 'viewer');
    const grant = await startGrant({ scope: 'case.view case.edit' });
    const res = await client.post('/api/oauth/device/lookup', {
      userCode: ` ${grant.user_code.toLowerCase()} `,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      userCode: grant.user_code,
      clientId: 'scamtrail-cli',
      clientName: 'Scamtrail command-line tool',
      permissions: ['case.view'],
      allPermissions: false,
      ip: '127.0.0.1',
      userAgent: CLI_AGENT,
      requestedAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    const all = await startGrant();
    const everything = (await client.post('/api/oauth/device/lookup', { userCode: all.user_code })).json();
    expect(everything.allPermissions).toBe(true);
    expect(everything.permissions).toContain('identifier.view');
  });

  it('refuse a code that cannot be one by name, and a wrong one as not found', async () => {
    const { client } = await signedIn(t, 'viewer');
    const malformed = await client.post('/api/oauth/device/lookup', { userCode: 'AAAA-1111' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.details.fields[0].field).toBe('userCode');
    const wrong = await client.post('/api/oauth/device/lookup', { userCode: 'BBBB-CCCC' });
    expect(wrong.statusCode).toBe(404);
  });

  it('make a user wait after a few wrong codes, even for a right one, and tell how long', async () => {
    const { client } = await signedIn(t, 'viewer');
    const grant = await startGrant();
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/oauth/device/lookup', { userCode: 'BBBB-CCCD' })).statusCode).toBe(404);
    }
    const refused = await client.post('/api/oauth/device/approve', { userCode: grant.user_code });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(/Too many wrong codes. Please wait \d+ minutes?/);
    // Another user from another address is not held up.
    const other = await signedIn(t, 'viewer');
    const ok = await other.client.request({
      method: 'POST',
      url: '/api/oauth/device/lookup',
      payload: { userCode: grant.user_code },
      remoteAddress: '203.0.113.9',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('make an address wait after ten wrong codes from several users', async () => {
    const address = '198.51.100.7';
    const guess = (client: Client, userCode: string) =>
      client.request({
        method: 'POST',
        url: '/api/oauth/device/lookup',
        payload: { userCode },
        remoteAddress: address,
      });
    for (let i = 0; i < 10; i++) {
      const { client } = i % 4 === 0 || i === 0 ? await signedIn(t, 'viewer') : { client: lastClient! };
      lastClient = client;
      expect((await guess(client, 'DDDD-FFFF')).statusCode).toBe(404);
    }
    const fresh = await signedIn(t, 'viewer');
    expect((await guess(fresh.client, 'DDDD-FFFG')).statusCode).toBe(429);
    await t.database.db.delete(loginFailures);
  });
});

let lastClient: Client | undefined;

describe('the decisions and the sign-in are recorded as access events', () => {
  const eventsOf = (subjectId: string) =>
    t.database.db.select().from(events).where(eq(events.subjectId, subjectId)).orderBy(events.id);
  const requestId = async (deviceCode: string) =>
    (
      await t.database.db
        .select({ id: deviceAuthorizations.id })
        .from(deviceAuthorizations)
        .where(eq(deviceAuthorizations.deviceCodeHash, sha256Hex(deviceCode)))
    )[0].id;

  it('records an approval by its user, then the device’s sign-in on the session it started, naming neither code', async () => {
    const { user, client } = await signedIn(t, 'investigator');
    const grant = await startGrant({ scope: 'case.view' });
    const id = await requestId(grant.device_code);
    await client.request({
      method: 'POST',
      url: '/api/oauth/device/approve',
      payload: { userCode: grant.user_code },
      remoteAddress: '203.0.113.20',
    });
    const [approved] = await eventsOf(id);
    const sessionId = (approved.data as { sessionId: string }).sessionId;
    expect(approved).toMatchObject({
      type: 'device_authorization.approved',
      subjectType: 'device_authorization',
      actorUserId: user.id,
      actorOriginatorId: expect.any(String),
      caseId: null,
      data: {
        userId: user.id,
        clientId: 'scamtrail-cli',
        scope: ['case.view'],
        sessionId: expect.any(String),
        device: { ip: '127.0.0.1', userAgent: CLI_AGENT, requestedAt: expect.any(String) },
        decidedFrom: { ip: '203.0.113.20' },
      },
    });
    expect(await eventsOf(sessionId)).toEqual([]);

    const res = await poll(grant.device_code);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(res.json().access_token)));
    expect(row.id).toBe(sessionId);
    const [signedInEvent] = await eventsOf(sessionId);
    expect(signedInEvent).toMatchObject({
      type: 'session.device_signed_in',
      subjectType: 'session',
      actorUserId: user.id,
      data: {
        userId: user.id,
        clientId: 'scamtrail-cli',
        deviceAuthorizationId: id,
        scope: ['case.view'],
        ip: '127.0.0.1',
        userAgent: CLI_AGENT,
      },
    });
    const recorded = JSON.stringify([approved, signedInEvent]);
    for (const secret of [grant.device_code, grant.user_code, grant.user_code.replace('-', '')]) {
      expect(recorded).not.toContain(secret);
    }
    expect(recorded).not.toContain(res.json().access_token);
  });

  it('records a denial, with no session, and nothing for a wrong code or a second decision', async () => {
    const { user, client } = await signedIn(t, 'viewer');
    const grant = await startGrant();
    const id = await requestId(grant.device_code);
    expect((await client.post('/api/oauth/device/deny', { userCode: grant.user_code })).statusCode).toBe(200);
    expect((await client.post('/api/oauth/device/approve', { userCode: grant.user_code })).statusCode).toBe(
      404,
    );
    expect((await client.post('/api/oauth/device/approve', { userCode: 'BBBB-CCCC' })).statusCode).toBe(404);
    const recorded = await eventsOf(id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      type: 'device_authorization.denied',
      actorUserId: user.id,
      data: { userId: user.id, clientId: 'scamtrail-cli', scope: null, sessionId: null },
    });
    expect((await poll(grant.device_code)).json()).toMatchObject({ error: 'access_denied' });
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('reach an export stream of the access topic, and none of another topic', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const stream = async (topics: string[]) => {
      const res = await admin.post('/api/export-streams', { name: `Device feed ${randomUUID()}`, topics });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().id as string;
      // Read to the end now: only what follows counts.
      await untilEveryEventReadable(t);
      let after = '';
      for (;;) {
        const page = (await admin.get(`/api/export-streams/${id}/events?limit=1000${after}`)).json();
        after = `&after=${page.next}`;
        if (!page.hasMore) return { id, after };
      }
    };
    const readFrom = async ({ id, after }: { id: string; after: string }) => {
      await untilEveryEventReadable(t);
      const page = await admin.get(`/api/export-streams/${id}/events?limit=1000${after}`);
      return page.json().data as {
        type: string;
        topic: string;
        subject: { type: string; id: string };
      }[];
    };
    const access = await stream(['access']);
    const cases = await stream(['cases']);
    const { client } = await signedIn(t, 'viewer');
    await signInDevice(client);
    const denied = await startGrant();
    await client.post('/api/oauth/device/deny', { userCode: denied.user_code });
    const carried = (await readFrom(access)).filter((e) => e.type !== 'user.created');
    expect(carried.map((e) => [e.type, e.topic, e.subject.type])).toEqual([
      // The viewer's own sign-in, with a password, before the device's.
      ['session.signed_in', 'access', 'session'],
      ['device_authorization.approved', 'access', 'device_authorization'],
      ['session.device_signed_in', 'access', 'session'],
      ['device_authorization.denied', 'access', 'device_authorization'],
    ]);
    expect((await readFrom(cases)).map((e) => e.type)).toEqual([]);
  });
});

describe('the refresh token (RFC 6749 §6), rotated at each use', () => {
  const refresh = (refreshToken: string, extra: Record<string, string> = {}) =>
    form('/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: 'scamtrail-cli',
      ...extra,
    });
  const sessionOf = async (accessToken: string) =>
    (
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256Hex(accessToken)))
    )[0];
  const expireAccess = (sessionId: string) =>
    t.database.db
      .update(sessions)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sessionId));

  it('renews an expired access token in the same session, and the tokens it replaced stop working', async () => {
    const { client } = await signedIn(t, 'viewer');
    const first = await signInDevice(client, { scope: 'case.view' });
    const session = await sessionOf(first.access_token);
    await expireAccess(session.id);
    expect((await me(first.access_token)).statusCode).toBe(401);
    // Only the access token expired: the session is still listed, and its refresh token renews it.
    const listed = (await client.get('/api/auth/sessions')).json().data as { id: string }[];
    expect(listed.map((s) => s.id)).toContain(session.id);

    const res = await refresh(first.refresh_token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const second = res.json();
    expect(second).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: expect.any(Number),
      refresh_token: expect.any(String),
      scope: 'case.view',
    });
    expect(second.expires_in).toBeLessThanOrEqual(3600);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await sessionOf(second.access_token)).id).toBe(session.id);
    expect((await me(second.access_token)).json().permissions).toEqual(['case.view']);
    expect((await me(first.access_token)).statusCode).toBe(401);
    // Rotated: the new refresh token works in turn.
    const third = await refresh(second.refresh_token);
    expect(third.statusCode, third.body).toBe(200);
    expect((await me(third.json().access_token)).statusCode).toBe(200);
  });

  it('ends the whole session when a used refresh token comes again, and records it', async () => {
    const { client } = await signedIn(t, 'viewer');
    const first = await signInDevice(client);
    const sessionId = (await sessionOf(first.access_token)).id;
    const rotated = (await refresh(first.refresh_token)).json();
    expect((await me(rotated.access_token)).statusCode).toBe(200);

    // The old one again: whoever holds it (a thief, or the client robbed), the session ends.
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringContaining('already used'),
    });
    expect((await me(rotated.access_token)).statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });
    const listed = (await client.get('/api/auth/sessions')).json().data as { id: string }[];
    expect(listed.map((s) => s.id)).not.toContain(sessionId);
    const recorded = await t.database.db.select().from(events).where(eq(events.subjectId, sessionId));
    expect(recorded.filter((e) => e.type === 'session.refresh_token_reused')).toHaveLength(1);
    expect(JSON.stringify(recorded)).not.toContain(first.refresh_token);
  });

  it('gives one of two refreshes with one token new tokens, and ends the session for the other', async () => {
    const { client } = await signedIn(t, 'viewer');
    const { refresh_token } = await signInDevice(client);
    const answers = await Promise.all([refresh(refresh_token), refresh(refresh_token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    expect((await me(winner.access_token)).statusCode).toBe(401);
  });

  it('renews nothing once the session ended: revoked, idle, past its maximum lifetime, or its user disabled', async () => {
    const { client } = await signedIn(t, 'viewer');
    const revoked = await signInDevice(client);
    const revokedId = (await sessionOf(revoked.access_token)).id;
    expect((await client.delete(`/api/auth/sessions/${revokedId}`)).statusCode).toBe(204);
    expect((await refresh(revoked.refresh_token)).json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'The sign-in has ended; sign in again',
    });

    const idle = await signInDevice(client);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - t.config.deviceSessionIdleMs - 60_000) })
      .where(eq(sessions.tokenHash, sha256Hex(idle.access_token)));
    expect((await refresh(idle.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });

    const old = await signInDevice(client);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256Hex(old.access_token)));
    expect((await refresh(old.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });

    const { client: admin } = await signedIn(t, 'admin');
    const user = await createTestUser(t, 'investigator');
    const browser = await login(t, user.email);
    const disabled = await signInDevice(browser);
    expect((await admin.patch(`/api/users/${user.id}`, { disabled: true })).statusCode).toBe(200);
    expect((await refresh(disabled.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('never renews the access token past the session’s maximum lifetime', async () => {
    const { client } = await signedIn(t, 'viewer');
    const tokens = await signInDevice(client);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 600_000) })
      .where(eq(sessions.tokenHash, sha256Hex(tokens.access_token)));
    const res = await refresh(tokens.refresh_token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().expires_in).toBeLessThanOrEqual(600);
    const row = await sessionOf(res.json().access_token);
    expect(row.accessExpiresAt!.getTime()).toBe(row.expiresAt.getTime());
  });

  it('refuses a missing, unknown or another client’s refresh token, and a changed scope', async () => {
    const { client } = await signedIn(t, 'viewer');
    const tokens = await signInDevice(client, { scope: 'case.view' });
    const missing = await form('/api/oauth/token', {
      grant_type: 'refresh_token',
      client_id: 'scamtrail-cli',
    });
    expect(missing.json()).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token is required',
    });
    expect((await refresh('no-such-token')).json()).toMatchObject({ error: 'invalid_grant' });
    const other = await refresh(tokens.refresh_token, { client_id: 'other-cli' });
    expect(other.statusCode).toBe(401);
    expect(other.json()).toMatchObject({ error: 'invalid_client' });
    const wider = await refresh(tokens.refresh_token, { scope: 'case.view case.edit' });
    expect(wider.json()).toMatchObject({ error: 'invalid_scope' });
    // None of these used it up.
    const same = await refresh(tokens.refresh_token, { scope: 'case.view' });
    expect(same.statusCode, same.body).toBe(200);
    // The refresh token is not an access token.
    expect((await me(tokens.refresh_token)).statusCode).toBe(401);
  });

  it('stores only hashes of refresh tokens', async () => {
    const { client } = await signedIn(t, 'viewer');
    const tokens = await signInDevice(client);
    const rows = await t.database.db.select().from(refreshTokens);
    expect(JSON.stringify(rows)).not.toContain(tokens.refresh_token);
    expect(rows.some((r) => r.tokenHash === sha256Hex(tokens.refresh_token))).toBe(true);
  });
});
