import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Permission } from '@scamtrail/domain/permissions';
import { apiKeys, events, sessions } from '../../db/schema/index';
import { buildTestApp, signedIn, TEST_PASSWORD, untilEveryEventReadable } from '../../../test/helpers';
import type { Client, TestApp } from '../../../test/helpers';
import { createAutomationVia, createKeyVia, keyClient, unique } from '../../../test/originator-helpers';
import { deviceSignIn, refreshDeviceToken } from '../../../test/device-sign-in';

/**
 * A key made with a device sign-in's token, and every key minted from it, works only while that
 * sign-in does: each way a sign-in ends (the code's, listed below) ends its keys at once, checked where
 * keys are authenticated. A key made in the browser is left as it was.
 */

let t: TestApp;
let administrator: Client;
beforeAll(async () => {
  // A webhook's URL on this machine (never called: the test reads what it would deliver).
  t = await buildTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: 'true' });
  administrator = (await signedIn(t, 'admin')).client;
});
afterAll(() => t.close());

const KEY_SCOPES: Permission[] = ['automation.view', 'automation.edit', 'tag.view'];
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const NEW_PASSWORD = 'a quite different passphrase, 2026';

/** Whether a key still reads what its scopes allow: 200, or the 401 of a key that no longer works. */
async function works(key: string) {
  const res = await keyClient(t, key).get('/api/tags');
  if (res.statusCode === 200) return true;
  expect(res.statusCode, res.body).toBe(401);
  return false;
}

async function makeKey(caller: Client, automationId: string, expiresAt?: string) {
  const res = await caller.post(`/api/automations/${automationId}/api-keys`, {
    name: unique('key'),
    scopes: KEY_SCOPES,
    ...(expiresAt ? { expiresAt } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { key: string; apiKey: { id: string; status: string } };
}

interface KeyShown {
  id: string;
  status: string;
  revokedAt: string | null;
}

interface Scene {
  userId: string;
  browser: Client;
  device: Client;
  refreshToken: string;
  deviceSessionId: string;
}

/**
 * A fresh administrator signed in in a browser and on a device; the device's token makes a key, that
 * key mints one, which mints another; the browser makes one too.
 */
async function scene() {
  const { user, client: browser } = await signedIn(t, 'admin');
  const { client: device, refreshToken } = await deviceSignIn(t, browser);
  const [{ id: deviceSessionId }] = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), isNotNull(sessions.clientId)));
  const automation = await createAutomationVia(browser);
  const deviceKey = await makeKey(device, automation.id, hours(24));
  const minted = await makeKey(keyClient(t, deviceKey.key), automation.id, hours(23));
  const mintedTwice = await makeKey(keyClient(t, minted.key), automation.id, hours(22));
  const browserKey = await createKeyVia(browser, automation.id, KEY_SCOPES);
  const s: Scene = { userId: user.id, browser, device, refreshToken, deviceSessionId };
  const signInKeyIds = [deviceKey, minted, mintedTwice].map((k) => k.apiKey.id);
  return {
    s,
    automation,
    signInKeys: [deviceKey.key, minted.key, mintedTwice.key],
    signInKeyIds,
    browserKey,
  };
}

const asAdministrator = async (s: Scene, body: Record<string, unknown>) => {
  const res = await administrator.patch(`/api/users/${s.userId}`, body);
  expect(res.statusCode, res.body).toBe(200);
};
const expectStatus = async (res: Promise<{ statusCode: number; body: string }>, status: number) => {
  const answered = await res;
  expect(answered.statusCode, answered.body).toBe(status);
};

/** Every way a sign-in ends, and whether the key made in the browser lives on through it. */
const WAYS: [string, (s: Scene) => Promise<void>, boolean][] = [
  [
    'the device signs out (POST /api/auth/logout)',
    (s) => expectStatus(s.device.post('/api/auth/logout', {}), 204),
    true,
  ],
  [
    'the user revokes it from the sessions list',
    (s) => expectStatus(s.browser.delete(`/api/auth/sessions/${s.deviceSessionId}`), 204),
    true,
  ],
  [
    'the user signs out everywhere else',
    (s) => expectStatus(s.browser.post('/api/auth/sessions/revoke-others', {}), 200),
    true,
  ],
  [
    'the user changes their password',
    (s) =>
      expectStatus(
        s.browser.post('/api/auth/password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }),
        204,
      ),
    true,
  ],
  ['an administrator sets their password', (s) => asAdministrator(s, { password: NEW_PASSWORD }), true],
  ['an administrator changes their role', (s) => asAdministrator(s, { role: 'investigator' }), true],
  ['an administrator disables them', (s) => asAdministrator(s, { disabled: true }), false],
  [
    'its refresh token is used twice (copied)',
    async (s) => {
      await expectStatus(refreshDeviceToken(t, s.refreshToken), 200);
      await expectStatus(refreshDeviceToken(t, s.refreshToken), 400);
    },
    true,
  ],
  [
    'it is idle past DEVICE_SESSION_IDLE_HOURS',
    async (s) => {
      const idleSince = new Date(Date.now() - t.config.deviceSessionIdleMs - 60_000);
      await t.database.db
        .update(sessions)
        .set({ lastSeenAt: idleSince })
        .where(eq(sessions.id, s.deviceSessionId));
    },
    true,
  ],
  [
    'it reaches its absolute expiry',
    async (s) => {
      await t.database.db
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(sessions.id, s.deviceSessionId));
    },
    true,
  ],
  [
    'its row is deleted (its user deleted, or old sessions purged)',
    async (s) => {
      await t.database.db.delete(sessions).where(eq(sessions.id, s.deviceSessionId));
    },
    true,
  ],
];

/** The ways a sign-in ends by itself, or its row goes: its keys end without any write. */
const ENDED_ON_ITS_OWN = new Set([
  'it is idle past DEVICE_SESSION_IDLE_HOURS',
  'it reaches its absolute expiry',
  'its row is deleted (its user deleted, or old sessions purged)',
]);

/** The `api_key.revoked` events of these keys. */
const revocationsOf = (keyIds: readonly string[]) =>
  t.database.db
    .select({ subjectId: events.subjectId, data: events.data, actor: events.actorOriginatorId })
    .from(events)
    .where(and(eq(events.type, 'api_key.revoked'), inArray(events.subjectId, [...keyIds])));

describe("a key made with a device sign-in's token", () => {
  it.each(WAYS)(
    'stops working, with the keys minted from it, when %s',
    async (_way, end, browserKeyLives) => {
      const { s, automation, signInKeys, signInKeyIds, browserKey } = await scene();
      for (const key of signInKeys) expect(await works(key)).toBe(true);
      await end(s);
      for (const key of signInKeys) expect(await works(key)).toBe(false);
      // A key made in the browser ends only as before (with its creator disabled).
      expect(await works(browserKey.key)).toBe(browserKeyLives);
      // The automation's keys say so: revoked from the sign-in's end (or gone with its row).
      const list = await administrator.get(`/api/automations/${automation.id}/api-keys`);
      const detail = await administrator.get(`/api/automations/${automation.id}`);
      for (const keys of [list.json().data, detail.json().apiKeys] as KeyShown[][]) {
        for (const key of keys.filter((k) => signInKeyIds.includes(k.id))) {
          expect(key.status).toBe('revoked');
          expect(key.revokedAt).not.toBeNull();
        }
        expect(keys.find((k) => k.id === browserKey.apiKey.id)?.status).toBe('active');
      }
      // Ended on purpose, each key it ends says so once, with why; ended on its own (idle, expiry)
      // or deleted, nothing is written (until its token is presented again, below).
      const recorded = await revocationsOf([...signInKeyIds, browserKey.apiKey.id]);
      if (ENDED_ON_ITS_OWN.has(_way)) {
        expect(recorded).toEqual([]);
      } else {
        expect(recorded.map((e) => e.subjectId).sort()).toEqual([...signInKeyIds].sort());
        for (const e of recorded) {
          expect(e.data).toMatchObject({
            automationId: automation.id,
            sessionId: s.deviceSessionId,
            reason: 'sign_in_ended',
          });
        }
      }
    },
  );

  it('is revoked from when its sign-in went idle, though the sign-in is ended later', async () => {
    const { s, automation, signInKeyIds } = await scene();
    const lastUse = new Date(Date.now() - t.config.deviceSessionIdleMs - 3_600_000);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: lastUse })
      .where(eq(sessions.id, s.deviceSessionId));
    // Days later the account's sign-ins are ended on purpose: the device's had ended already.
    await asAdministrator(s, { password: NEW_PASSWORD });
    const list = await administrator.get(`/api/automations/${automation.id}/api-keys`);
    const shown = (list.json().data as KeyShown[]).filter((k) => signInKeyIds.includes(k.id));
    expect(shown.map((k) => k.revokedAt)).toEqual(
      signInKeyIds.map(() => new Date(lastUse.getTime() + t.config.deviceSessionIdleMs).toISOString()),
    );
    // Recorded as the idle end it was, by no one: not as the administrator's.
    const recorded = await revocationsOf(signInKeyIds);
    expect(recorded.map((e) => e.subjectId).sort()).toEqual([...signInKeyIds].sort());
    for (const e of recorded) {
      expect(e.actor).toBeNull();
      expect(e.data).toMatchObject({ sessionId: s.deviceSessionId, reason: 'sign_in_idle' });
    }
  });

  // The device comes back with its access token (any request) or its refresh token (a new access token).
  const PRESENTED = [
    ['its access token', (s: Scene) => expectStatus(s.device.get('/api/tags'), 401)],
    ['its refresh token', (s: Scene) => expectStatus(refreshDeviceToken(t, s.refreshToken), 400)],
  ] as const;
  it.each(
    (
      [
        [
          'went idle',
          'sign_in_idle',
          (): Partial<typeof sessions.$inferInsert> & { endedAt: Date } => {
            const lastSeenAt = new Date(Date.now() - t.config.deviceSessionIdleMs - 3_600_000);
            return { lastSeenAt, endedAt: new Date(lastSeenAt.getTime() + t.config.deviceSessionIdleMs) };
          },
        ],
        [
          'expired',
          'sign_in_expired',
          (): Partial<typeof sessions.$inferInsert> & { endedAt: Date } => {
            const expiresAt = new Date(Date.now() - 60_000);
            return { expiresAt, endedAt: expiresAt };
          },
        ],
      ] as const
    ).flatMap(([how, reason, ending]) =>
      PRESENTED.map(([token, present]) => [how, token, reason, ending, present] as const),
    ),
  )(
    'is revoked from then, once, when a sign-in that %s is presented again with %s',
    async (_how, _token, reason, ending, present) => {
      const { s, automation, signInKeyIds, browserKey } = await scene();
      const { endedAt, ...set } = ending();
      await t.database.db.update(sessions).set(set).where(eq(sessions.id, s.deviceSessionId));
      const listed = async () => {
        const list = await administrator.get(`/api/automations/${automation.id}/api-keys`);
        return (list.json().data as KeyShown[]).filter((k) => signInKeyIds.includes(k.id));
      };
      const before = await listed();
      expect(before.map((k) => k.revokedAt)).toEqual(signInKeyIds.map(() => endedAt.toISOString()));
      // The device comes back: refused, and its sign-in ended with its keys, each recorded.
      await present(s);
      const [session] = await t.database.db
        .select({ revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(eq(sessions.id, s.deviceSessionId));
      expect(session.revokedAt).not.toBeNull();
      const rows = await t.database.db
        .select({ id: apiKeys.id, revokedAt: apiKeys.revokedAt })
        .from(apiKeys)
        .where(inArray(apiKeys.id, [...signInKeyIds, browserKey.apiKey.id]));
      for (const row of rows) {
        expect(row.revokedAt).toEqual(row.id === browserKey.apiKey.id ? null : endedAt);
      }
      expect(await listed()).toEqual(before);
      await expectStatus(s.device.get('/api/tags'), 401);
      const recorded = await revocationsOf([...signInKeyIds, browserKey.apiKey.id]);
      expect(recorded.map((e) => e.subjectId).sort()).toEqual([...signInKeyIds].sort());
      for (const e of recorded) {
        expect(e.actor).toBeNull();
        expect(e.data).toMatchObject({ automationId: automation.id, sessionId: s.deviceSessionId, reason });
      }
    },
  );

  it('records its end once, as readers of api key events see it, and no other reader', async () => {
    const { s, automation, signInKeyIds } = await scene();
    const stream = await administrator.post('/api/export-streams', {
      name: unique('keys feed'),
      topics: ['access'],
    });
    expect(stream.statusCode, stream.body).toBe(201);
    const streamId = stream.json().id as string;
    await expectStatus(s.device.post('/api/auth/logout', {}), 204);
    // Ending the account's other sign-ins afterwards ends nothing more of these keys.
    await asAdministrator(s, { disabled: true });
    expect((await revocationsOf(signInKeyIds)).map((e) => e.subjectId).sort()).toEqual(
      [...signInKeyIds].sort(),
    );
    const read = async (caller: Client) => {
      await untilEveryEventReadable(t);
      const res = await caller.get(`/api/export-streams/${streamId}/events?limit=1000`);
      return res;
    };
    const seen = await read(administrator);
    expect(seen.statusCode, seen.body).toBe(200);
    const keyEvents = (seen.json().data as { type: string; subject: { id: string } }[]).filter(
      (e) => e.type === 'api_key.revoked' && signInKeyIds.includes(e.subject.id),
    );
    expect(keyEvents).toHaveLength(signInKeyIds.length);
    // Reading access events needs user.view besides export.view: a key without it reads none.
    const { key } = await createKeyVia(administrator, automation.id, ['export.view']);
    const refused = await read(keyClient(t, key));
    expect(refused.statusCode, refused.body).toBe(403);
  });

  it('lives on while the sign-in does: past its access token, and through a refresh', async () => {
    const { s, signInKeys } = await scene();
    await t.database.db
      .update(sessions)
      .set({ accessExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, s.deviceSessionId));
    expect((await s.device.get('/api/tags')).statusCode).toBe(401);
    for (const key of signInKeys) expect(await works(key)).toBe(true);
    await expectStatus(refreshDeviceToken(t, s.refreshToken), 200);
    for (const key of signInKeys) expect(await works(key)).toBe(true);
  });

  it("records the sign-in on the key and its minted keys; the browser's key records none", async () => {
    const { s, automation, browserKey } = await scene();
    const rows = await t.database.db
      .select({ id: apiKeys.id, sessionId: apiKeys.sessionId })
      .from(apiKeys)
      .where(eq(apiKeys.automationId, automation.id));
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.sessionId).toBe(row.id === browserKey.apiKey.id ? null : s.deviceSessionId);
    }
  });

  it("ends with its own sign-in only: another device's, or the browser's, leaves it", async () => {
    const { s, signInKeys } = await scene();
    const { client: otherDevice } = await deviceSignIn(t, s.browser);
    await expectStatus(otherDevice.post('/api/auth/logout', {}), 204);
    await expectStatus(s.browser.post('/api/auth/logout', {}), 204);
    for (const key of signInKeys) expect(await works(key)).toBe(true);
  });

  it.each([
    ['signs out', (device: Client) => expectStatus(device.post('/api/auth/logout', {}), 204)],
    [
      'goes idle past DEVICE_SESSION_IDLE_HOURS',
      async (_device: Client, sessionId: string) => {
        await t.database.db
          .update(sessions)
          .set({ lastSeenAt: new Date(Date.now() - t.config.deviceSessionIdleMs - 60_000) })
          .where(eq(sessions.id, sessionId));
      },
    ],
  ] as const)(
    'no longer feeds a webhook once its sign-in %s, as a key it holds or as the chooser of its URL',
    async (_how, end) => {
      const { user, client: browser } = await signedIn(t, 'admin');
      const { client: device } = await deviceSignIn(t, browser);
      const [{ id: sessionId }] = await t.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, user.id), isNotNull(sessions.clientId)));
      const automation = await createAutomationVia(browser);
      const key = await createKeyVia(
        device,
        automation.id,
        ['automation.edit', 'export.view', 'identifier.view'],
        {
          expiresAt: hours(24),
        },
      );
      const webhook = `/api/automations/${automation.id}/webhook`;
      await expectStatus(
        keyClient(t, key.key).patch(`/api/automations/${automation.id}`, {
          webhookUrl: 'http://127.0.0.1:9/hook',
        }),
        200,
      );
      await expectStatus(browser.patch(webhook, { topics: ['identifiers'] }), 200);
      await expectStatus(browser.post(`${webhook}/secret`), 200);
      const delivered = async () => {
        const res = await browser.get(webhook);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().deliveredTopics as string[];
      };
      expect(await delivered()).toEqual(['identifiers']);
      await end(device, sessionId);
      // The key opens nothing now, and feeds nothing: both the automation's keys and the URL's
      // chooser (the key alone held identifier.view and chose it).
      expect((await keyClient(t, key.key).get(`/api/automations/${automation.id}`)).statusCode).toBe(401);
      expect(await delivered()).toEqual([]);
    },
  );
});
