import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, sessions } from '../../db/schema/index';
import {
  buildTestApp,
  clientWithHeaders,
  createTestUser,
  PUBLIC_URL,
  signedIn,
  TEST_PASSWORD,
  type TestApp,
} from '../../../test/helpers';
import { deviceSignedIn } from '../../../test/device-sign-in';
import { describeDevice } from './session-device';
import { recordStatements } from '../../../test/statement-log';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.2 Mobile/15E148 Safari/604.1';

/** Signs in with the password from a browser with this user agent; a client carrying its cookie. */
async function signInFrom(email: string, userAgent: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: PUBLIC_URL, 'user-agent': userAgent },
    payload: { email, password: TEST_PASSWORD },
  });
  const cookie = res.cookies.find((c) => c.name === 'scamtrail_session')!;
  return clientWithHeaders(t.app, { cookie: `scamtrail_session=${cookie.value}` });
}

type SessionAnswer = { id: string; device: string; ip: string | null; current: boolean };

describe('the signed-in user’s sessions', () => {
  it('are listed this one first, then newest first, with their device and address', async () => {
    const user = await createTestUser(t, 'viewer');
    const laptop = await signInFrom(user.email, CHROME_ON_LINUX);
    const phone = await signInFrom(user.email, SAFARI_ON_IPHONE);
    const tablet = await signInFrom(user.email, SAFARI_ON_IPHONE);
    const res = await laptop.get('/api/auth/sessions');
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.pagination).toEqual({ page: 1, pageSize: 10, totalItems: 3, totalPages: 1 });
    expect(answer.otherCount).toBe(2);
    const listed: SessionAnswer[] = answer.data;
    expect(listed).toEqual([
      expect.objectContaining({ device: 'Chrome 131 on Linux', ip: '127.0.0.1', current: true }),
      expect.objectContaining({ device: 'Safari 17 on iOS', ip: '127.0.0.1', current: false }),
      expect.objectContaining({ device: 'Safari 17 on iOS', ip: '127.0.0.1', current: false }),
    ]);
    expect(listed[1]).toEqual({
      id: expect.any(String),
      device: 'Safari 17 on iOS',
      ip: '127.0.0.1',
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      current: false,
    });
    // The tablet signed in last: newest first after this one.
    expect(listed[1].id).toBe((await tablet.get('/api/auth/sessions')).json().data[0].id);
    const fromPhone: SessionAnswer[] = (await phone.get('/api/auth/sessions')).json().data;
    expect(fromPhone.map((s) => s.current)).toEqual([true, false, false]);
    expect(fromPhone.map((s) => s.id).sort()).toEqual(listed.map((s) => s.id).sort());
  });

  it('are paged on the server, this one on the first page only; the others counted on every page', async () => {
    const user = await createTestUser(t, 'viewer');
    const first = await signInFrom(user.email, CHROME_ON_LINUX);
    for (let i = 0; i < 4; i++) await signInFrom(user.email, SAFARI_ON_IPHONE);
    const seen: SessionAnswer[] = [];
    for (const page of [1, 2, 3]) {
      const res = await first.get(`/api/auth/sessions?page=${page}&pageSize=2`);
      expect(res.statusCode).toBe(200);
      const answer = res.json();
      expect(answer.pagination).toEqual({ page, pageSize: 2, totalItems: 5, totalPages: 3 });
      expect(answer.otherCount).toBe(4);
      seen.push(...answer.data);
    }
    expect(seen.map((s) => s.current)).toEqual([true, false, false, false, false]);
    expect(new Set(seen.map((s) => s.id)).size).toBe(5);
    // Past the last page: nothing, still counted.
    const past = (await first.get('/api/auth/sessions?page=4&pageSize=2')).json();
    expect(past).toMatchObject({ data: [], otherCount: 4, pagination: { totalItems: 5 } });
  });

  it('refuses a page size past 100, naming it', async () => {
    const { client } = await signedIn(t, 'viewer');
    const res = await client.get('/api/auth/sessions?pageSize=101');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('pageSize');
  });

  it('leave out revoked and expired ones, and those of other users', async () => {
    const user = await createTestUser(t, 'investigator');
    const kept = await signInFrom(user.email, CHROME_ON_LINUX);
    const signedOut = await signInFrom(user.email, CHROME_ON_LINUX);
    await signInFrom(user.email, SAFARI_ON_IPHONE);
    await signedIn(t, 'investigator');
    expect((await signedOut.post('/api/auth/logout', {})).statusCode).toBe(204);
    const before: SessionAnswer[] = (await kept.get('/api/auth/sessions')).json().data;
    expect(before).toHaveLength(2);
    const expired = before.find((s) => !s.current)!;
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expired.id));
    const after: SessionAnswer[] = (await kept.get('/api/auth/sessions')).json().data;
    expect(after).toEqual([expect.objectContaining({ current: true, device: 'Chrome 131 on Linux' })]);
  });

  it('can be revoked one by one: the revoked cookie stops working at once', async () => {
    const user = await createTestUser(t, 'investigator');
    const laptop = await signInFrom(user.email, CHROME_ON_LINUX);
    const phone = await signInFrom(user.email, SAFARI_ON_IPHONE);
    const phoneSession = ((await phone.get('/api/auth/sessions')).json().data as SessionAnswer[]).find(
      (s) => s.current,
    )!;
    const res = await laptop.delete(`/api/auth/sessions/${phoneSession.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.cookies).toEqual([]);
    expect((await phone.get('/api/auth/me')).statusCode).toBe(401);
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(200);
    const listed: SessionAnswer[] = (await laptop.get('/api/auth/sessions')).json().data;
    expect(listed.map((s) => s.id)).not.toContain(phoneSession.id);
    const recorded = await t.database.db
      .select()
      .from(events)
      .where(eq(events.subjectId, phoneSession.id))
      .orderBy(events.id);
    // The session's sign-in, then its revocation.
    expect(recorded).toMatchObject([
      { type: 'session.signed_in', subjectType: 'session' },
      { type: 'session.revoked', subjectType: 'session' },
    ]);
    // Already revoked: nothing left to revoke.
    expect((await laptop.delete(`/api/auth/sessions/${phoneSession.id}`)).statusCode).toBe(404);
  });

  it('revoking the current session signs out and clears the cookie', async () => {
    const { client } = await signedIn(t, 'viewer');
    const current = ((await client.get('/api/auth/sessions')).json().data as SessionAnswer[])[0];
    const res = await client.delete(`/api/auth/sessions/${current.id}`);
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'scamtrail_session');
    expect(cleared?.value).toBe('');
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });

  it("another user's session is 404 like a missing one, and keeps working", async () => {
    const alice = await signedIn(t, 'admin');
    const bob = await signedIn(t, 'viewer');
    const bobSession = ((await bob.client.get('/api/auth/sessions')).json().data as SessionAnswer[])[0];
    const missing = await alice.client.delete(`/api/auth/sessions/${crypto.randomUUID()}`);
    const res = await alice.client.delete(`/api/auth/sessions/${bobSession.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(missing.json());
    expect((await bob.client.get('/api/auth/me')).statusCode).toBe(200);
  });
});

describe('signing out of all other sessions', () => {
  const currentOf = async (client: Awaited<ReturnType<typeof signInFrom>>) =>
    ((await client.get('/api/auth/sessions')).json().data as SessionAnswer[]).find((s) => s.current)!;

  it('revokes every other session at once, device sign-ins too, and keeps this one', async () => {
    const user = await createTestUser(t, 'admin');
    const laptop = await signInFrom(user.email, CHROME_ON_LINUX);
    const phone = await signInFrom(user.email, SAFARI_ON_IPHONE);
    const tablet = await signInFrom(user.email, SAFARI_ON_IPHONE);
    const cli = await deviceSignedIn(t, laptop);
    const others = [await currentOf(phone), await currentOf(tablet)];
    const bob = await signInFrom((await createTestUser(t, 'viewer')).email, CHROME_ON_LINUX);
    const laptopSession = await currentOf(laptop);
    // What the list counts beforehand, past its first page too, is what is signed out.
    expect((await laptop.get('/api/auth/sessions?pageSize=1')).json().otherCount).toBe(3);

    const res = await laptop.post('/api/auth/sessions/revoke-others', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: 3 });
    expect(res.cookies).toEqual([]);
    for (const signedOut of [phone, tablet, cli]) {
      expect((await signedOut.get('/api/auth/me')).statusCode).toBe(401);
    }
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(200);
    expect((await laptop.get('/api/auth/sessions')).json()).toMatchObject({
      data: [expect.objectContaining({ id: laptopSession.id, current: true })],
      otherCount: 0,
    });
    // Another user's session is no business of this one.
    expect((await bob.get('/api/auth/me')).statusCode).toBe(200);

    // Each one recorded as a single revocation is, in this user's security activity.
    const recorded = await t.database.db
      .select()
      .from(events)
      .where(
        and(
          eq(events.type, 'session.revoked'),
          inArray(
            events.subjectId,
            others.map((s) => s.id),
          ),
        ),
      );
    expect(recorded).toHaveLength(2);
    expect(recorded.every((e) => (e.data as { userId?: string }).userId === user.id)).toBe(true);
    const activity = (await laptop.get('/api/auth/me/security-events?pageSize=100')).json() as {
      data: { type: string; summary: { device: string | null } }[];
    };
    const revocations = activity.data.filter((e) => e.type === 'session.revoked');
    expect(revocations.map((e) => e.summary.device).sort()).toEqual([
      'Safari 17 on iOS',
      'Safari 17 on iOS',
      'Scamtrail command-line tool',
    ]);
  });

  it('with no other session revokes nothing and records nothing', async () => {
    const { user, client } = await signedIn(t, 'viewer');
    // An ended session is not signed out again.
    const ended = await signInFrom(user.email, SAFARI_ON_IPHONE);
    expect((await ended.post('/api/auth/logout', {})).statusCode).toBe(204);
    const res = await client.post('/api/auth/sessions/revoke-others', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: 0 });
    const activity = (await client.get('/api/auth/me/security-events')).json() as {
      data: { type: string }[];
    };
    expect(activity.data.map((e) => e.type)).not.toContain('session.revoked');
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('is refused to a device sign-in’s token (403), which has no browser session to keep', async () => {
    const { user, client } = await signedIn(t, 'admin');
    const cli = await deviceSignedIn(t, client);
    const res = await cli.post('/api/auth/sessions/revoke-others', {});
    expect(res.statusCode).toBe(403);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await cli.get('/api/auth/me')).statusCode).toBe(200);
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.filter((s) => s.revokedAt === null)).toHaveLength(2);
  });

  it('is 401 for an anonymous caller', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sessions/revoke-others',
      headers: { origin: PUBLIC_URL },
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('a session presented past its expiry', () => {
  /** The statements a request to GET /api/tags sends that read or write `sessions`. */
  async function sessionStatements(client: Awaited<ReturnType<typeof signedIn>>['client']) {
    let status = 0;
    const statements = await recordStatements(t.database, async () => {
      status = (await client.get('/api/tags')).statusCode;
    });
    return { status, statements: statements.filter((text) => /"sessions"/.test(text)) };
  }

  it('is ended by the request presenting it; a live one costs its request the lookup alone', async () => {
    const { user, client } = await signedIn(t, 'investigator');
    const live = await sessionStatements(client);
    expect(live.status).toBe(200);
    expect(live.statements).toHaveLength(1);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const expired = await sessionStatements(client);
    expect(expired.status).toBe(401);
    // The lookup, then endSignIns revoking it.
    expect(expired.statements).toHaveLength(2);
    const [row] = await t.database.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(row.revokedAt).not.toBeNull();
  });
});

describe('describeDevice', () => {
  it('names the browser, its major version and the system', () => {
    expect(describeDevice(CHROME_ON_LINUX)).toBe('Chrome 131 on Linux');
    expect(describeDevice(SAFARI_ON_IPHONE)).toBe('Safari 17 on iOS');
    expect(
      describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toBe('Firefox 133 on Windows');
  });

  it('falls back to the first word of an unknown agent, or "Unknown device" without one', () => {
    expect(describeDevice('curl/8.4.0')).toBe('curl/8.4.0');
    expect(describeDevice(null)).toBe('Unknown device');
    expect(describeDevice('  ')).toBe('Unknown device');
  });
});
