import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityEvent } from '@scamtrail/domain/security-events';
import { events, sessions } from '../../db/schema/index';
import {
  buildTestApp,
  clientWithHeaders,
  createTestUser,
  login,
  PUBLIC_URL,
  signedIn,
  TEST_PASSWORD,
  type Client,
  type TestApp,
} from '../../../test/helpers';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';
import { addPasskey, clientOf, passkeySignIn } from '../passkeys/passkey-test-fixtures';
import { recordEvent } from './events.service';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
});
afterAll(async () => {
  await t.close();
});

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function signInFrom(email: string, userAgent: string): Promise<Client> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: PUBLIC_URL, 'user-agent': userAgent },
    payload: { email, password: TEST_PASSWORD },
  });
  const cookie = res.cookies.find((c) => c.name === 'scamtrail_session')!;
  return clientWithHeaders(t.app, { cookie: `scamtrail_session=${cookie.value}` });
}

interface Page {
  data: SecurityEvent[];
  pagination: { page: number; pageSize: number; totalItems: number; totalPages: number };
}

async function ownEvents(client: Client, query = ''): Promise<Page> {
  const res = await client.get(`/api/auth/me/security-events${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('a sign-in', () => {
  it('with a password records session.signed_in with its session, method and client', async () => {
    const user = await createTestUser(t, 'viewer');
    const client = await signInFrom(user.email, CHROME_ON_LINUX);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const recorded = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'session.signed_in'), eq(events.subjectId, session.id)));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      subjectType: 'session',
      actorUserId: user.id,
      actorOriginatorId: user.originatorId,
      data: { userId: user.id, method: 'password', ip: '127.0.0.1', userAgent: CHROME_ON_LINUX },
    });

    const page = await ownEvents(client);
    expect(page.data).toEqual([
      {
        id: recorded[0].id,
        type: 'session.signed_in',
        occurredAt: recorded[0].createdAt.toISOString(),
        actor: expect.objectContaining({ id: user.originatorId, type: 'team_member' }),
        summary: {
          method: 'password',
          device: 'Chrome 131 on Linux',
          ip: '127.0.0.1',
          passkeyName: null,
          role: null,
        },
      },
    ]);
  });

  it('with a passkey records the method and which passkey, after its addition', async () => {
    const { client } = await signedIn(t, 'investigator');
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    await addPasskey(client, authenticator, 'YubiKey');
    const passkeyClient = clientOf(t, await passkeySignIn(t, authenticator));

    const page = await ownEvents(passkeyClient);
    expect(page.data.map((event) => [event.type, event.summary.method, event.summary.passkeyName])).toEqual([
      ['session.signed_in', 'passkey', 'YubiKey'],
      ['passkey.added', null, 'YubiKey'],
      ['session.signed_in', 'password', null],
    ]);
  });

  it('that fails records nothing', async () => {
    const user = await createTestUser(t, 'viewer');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: PUBLIC_URL },
      payload: { email: user.email, password: 'not the password at all' },
    });
    expect(res.statusCode).toBe(401);
    const recorded = await t.database.db.select().from(events).where(eq(events.type, 'session.signed_in'));
    expect(recorded.filter((event) => event.data.userId === user.id)).toEqual([]);
  });
});

describe('one’s own security activity', () => {
  it('lists one’s own events newest first, never another user’s', async () => {
    const { user, client } = await signedIn(t, 'viewer');
    const other = await signedIn(t, 'viewer');
    const sessionsOfUser = (await client.get('/api/auth/sessions')).json().data as { id: string }[];
    expect((await client.delete(`/api/auth/sessions/${sessionsOfUser[0].id}`)).statusCode).toBe(204);
    // The other user signs in again and revokes a session too: none of it is the first user's.
    const again = await login(t, other.user.email);
    const otherSessions = (await again.get('/api/auth/sessions')).json().data as { id: string }[];
    await again.delete(`/api/auth/sessions/${otherSessions[1].id}`);

    const page = await ownEvents(await login(t, user.email));
    expect(page.data.map((event) => event.type)).toEqual([
      'session.signed_in',
      'session.revoked',
      'session.signed_in',
    ]);
    expect(page.data.every((event) => event.actor?.id === user.originatorId)).toBe(true);
    expect(page.data[1].summary).toEqual({
      method: null,
      device: 'lightMyRequest',
      ip: '127.0.0.1',
      passkeyName: null,
      role: null,
    });
    const ids = page.data.map((event) => event.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const others = await ownEvents(again);
    expect(others.data.map((event) => event.type)).toEqual([
      'session.revoked',
      'session.signed_in',
      'session.signed_in',
    ]);
    expect(others.data.some((event) => ids.includes(event.id))).toBe(false);
  });

  it('pages with page and pageSize, with the total', async () => {
    const user = await createTestUser(t, 'viewer');
    for (let i = 0; i < 4; i += 1) await login(t, user.email);
    const client = await login(t, user.email);
    const all = await ownEvents(client, '?pageSize=100');
    expect(all.data).toHaveLength(5);

    const first = await ownEvents(client, '?page=1&pageSize=2');
    expect(first.pagination).toEqual({ page: 1, pageSize: 2, totalItems: 5, totalPages: 3 });
    expect(first.data.map((event) => event.id)).toEqual(all.data.slice(0, 2).map((event) => event.id));
    const last = await ownEvents(client, '?page=3&pageSize=2');
    expect(last.pagination.totalItems).toBe(5);
    expect(last.data.map((event) => event.id)).toEqual([all.data[4].id]);
    const past = await ownEvents(client, '?page=9&pageSize=2');
    expect(past).toEqual({ data: [], pagination: { page: 9, pageSize: 2, totalItems: 5, totalPages: 3 } });
  });

  it('tells an event only through its summary: no token, code, scope or raw agent', async () => {
    const { user, client } = await signedIn(t, 'viewer');
    const secret = 'secret-marker-7f3a';
    await recordEvent(t.database.db, {
      type: 'device_authorization.approved',
      actorOriginatorId: user.originatorId,
      actorUserId: user.id,
      subjectType: 'device_authorization',
      subjectId: '00000000-0000-4000-8000-000000000001',
      data: {
        userId: user.id,
        clientId: 'scamtrail-cli',
        scope: `case.view ${secret}`,
        sessionId: secret,
        deviceCode: secret,
        tokenHash: secret,
        device: { ip: '192.0.2.7', userAgent: `curl/8 ${secret}`, requestedAt: secret },
        decidedFrom: { ip: secret },
      },
    });
    await recordEvent(t.database.db, {
      type: 'session.refresh_token_reused',
      actorOriginatorId: null,
      subjectType: 'session',
      subjectId: '00000000-0000-4000-8000-000000000002',
      data: { userId: user.id, clientId: 'scamtrail-cli', ip: '192.0.2.8', refreshToken: secret },
    });
    // Not an account event: it names the user, but no security log lists it.
    await recordEvent(t.database.db, {
      type: 'case.updated',
      actorOriginatorId: user.originatorId,
      subjectType: 'case',
      subjectId: '00000000-0000-4000-8000-000000000003',
      data: { userId: user.id, secret },
    });

    const res = await client.get('/api/auth/me/security-events');
    expect(res.body).not.toContain(secret);
    const page: Page = res.json();
    expect(page.data.map((event) => [event.type, event.summary, event.actor?.id ?? null])).toEqual([
      [
        'session.refresh_token_reused',
        {
          method: null,
          device: 'Scamtrail command-line tool',
          ip: '192.0.2.8',
          passkeyName: null,
          role: null,
        },
        null,
      ],
      [
        'device_authorization.approved',
        {
          method: null,
          device: 'Scamtrail command-line tool',
          ip: '192.0.2.7',
          passkeyName: null,
          role: null,
        },
        user.originatorId,
      ],
      ['session.signed_in', expect.objectContaining({ method: 'password' }), user.originatorId],
    ]);
    expect(Object.keys(page.data[0]).sort()).toEqual(['actor', 'id', 'occurredAt', 'summary', 'type']);
  });
});

describe('the password and an administrator’s changes of the account', () => {
  it('a change of one’s own password is listed, by its owner', async () => {
    const { user, client } = await signedIn(t, 'viewer');
    const res = await client.post('/api/auth/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another long passphrase 42',
    });
    expect(res.statusCode, res.body).toBe(204);
    const page = await ownEvents(client);
    expect(page.data[0]).toMatchObject({ type: 'password.changed', actor: { id: user.originatorId } });
    expect(JSON.stringify(page.data[0])).not.toContain('another long passphrase');
  });

  it('an invitation, a role change, disabling and enabling are listed with the administrator as actor', async () => {
    const invited = await admin.post('/api/team-members', {
      email: 'security-log-member@example.com',
      password: TEST_PASSWORD,
      firstName: 'Log',
      lastName: 'Member',
      role: 'viewer',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const memberId = (invited.json() as { id: string }).id;
    for (const [method, url, body] of [
      ['patch', `/api/team-members/${memberId}`, { role: 'investigator' }],
      ['patch', `/api/team-members/${memberId}`, { firstName: 'Logged' }],
      ['post', `/api/team-members/${memberId}/disable`, undefined],
      ['post', `/api/team-members/${memberId}/enable`, undefined],
    ] as const) {
      const res = method === 'patch' ? await admin.patch(url, body) : await admin.post(url, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    const adminMe = (await admin.get('/api/auth/me')).json() as { originatorId: string };

    const res = await admin.get(`/api/team-members/${memberId}/security-events`);
    expect(res.statusCode, res.body).toBe(200);
    const page: Page = res.json();
    expect(page.data.map((event) => [event.type, event.summary.role])).toEqual([
      ['team_member.enabled', null],
      ['team_member.disabled', null],
      ['team_member.updated', null],
      ['team_member.updated', 'investigator'],
      ['team_member.invited', 'viewer'],
    ]);
    expect(page.data.every((event) => event.actor?.id === adminMe.originatorId)).toBe(true);
    // The administrator's own log does not list what they did to someone else's account.
    expect((await ownEvents(admin)).data.some((event) => event.type.startsWith('team_member.'))).toBe(false);
  });
});

describe('a team member’s security activity', () => {
  it('an administrator reads a member’s events, and only theirs', async () => {
    const { user } = await signedIn(t, 'investigator');
    const mine = await ownEvents(admin);
    const res = await admin.get(`/api/team-members/${user.id}/security-events`);
    expect(res.statusCode, res.body).toBe(200);
    const page: Page = res.json();
    expect(page.data.map((event) => event.type)).toEqual(['session.signed_in']);
    expect(page.data[0].actor?.id).toBe(user.originatorId);
    expect(page.data.some((event) => mine.data.some((own) => own.id === event.id))).toBe(false);
  });

  it('an investigator cannot read another member’s security activity', async () => {
    const { client } = await signedIn(t, 'investigator');
    const { user } = await signedIn(t, 'viewer');
    const res = await client.get(`/api/team-members/${user.id}/security-events`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('session.signed_in');
  });

  it('an anonymous caller is refused, and an unknown member is 404', async () => {
    const { user } = await signedIn(t, 'viewer');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/team-members/${user.id}/security-events`,
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await admin.get('/api/team-members/00000000-0000-4000-8000-000000000009/security-events');
    expect(unknown.statusCode).toBe(404);
  });
});
