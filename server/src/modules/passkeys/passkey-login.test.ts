import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys, users, webauthnChallenges } from '../../db/schema/index';
import { buildTestApp, PUBLIC_URL, signedIn, type TestApp } from '../../../test/helpers';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';
import {
  addPasskey,
  anonymousPost,
  clientOf,
  passkeySignIn,
  registrationOptionsFor,
  signInOptions,
} from './passkey-test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');

/** A user with one passkey on a fresh authenticator. */
async function userWithPasskey(options: { keepsCounter?: boolean } = {}) {
  const { user, client } = await signedIn(t, 'investigator');
  const authenticator = new SoftwareAuthenticator(PUBLIC_URL, options);
  const passkey = await addPasskey(client, authenticator);
  return { user, client, authenticator, passkey };
}

async function storedPasskey(id: string) {
  const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, id));
  return row;
}

function expectRefused(
  res: { statusCode: number; json(): unknown },
  status: number,
  message: string | RegExp,
) {
  expect(res.statusCode).toBe(status);
  const error = (res.json() as { error: { message: string } }).error;
  if (typeof message === 'string') expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
  expect((res as unknown as { cookies: { name: string }[] }).cookies).toEqual([]);
}

describe('sign-in options', () => {
  it('ask for any passkey of this RP ID (discoverable), user verification preferred, 60 s', async () => {
    const options = await signInOptions(t);
    expect(options).toEqual({
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      rpId: 'localhost',
      timeout: 60_000,
      userVerification: 'preferred',
    });
    const [stored] = await t.database.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, options.challenge));
    expect(stored).toMatchObject({ purpose: 'authentication', userId: null, usedAt: null });
  });
});

describe('signing in with a passkey', () => {
  it('starts a session as the password sign-in does and records the sign-in', async () => {
    const { user, authenticator, passkey } = await userWithPasskey();
    await t.database.db.update(users).set({ lastLoginAt: null }).where(eq(users.id, user.id));
    const before = Date.now();
    const res = await passkeySignIn(t, authenticator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: 'investigator',
      permissions: expect.arrayContaining(['case.view']),
      originatorId: user.originatorId,
    });
    const cookie = res.cookies.find((c) => c.name === 'scamtrail_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const me = await clientOf(t, res).get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);

    const [account] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(account.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(before);
    const row = await storedPasskey(passkey.id);
    expect(row.counter).toBe(1);
    expect(row.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before);
    const listed = (await clientOf(t, res).get('/api/auth/passkeys')).json();
    expect(listed[0].lastUsedAt).toBe(row.lastUsedAt!.toISOString());
  });

  it('accepts a synced passkey that always reports a counter of 0', async () => {
    const { authenticator, passkey } = await userWithPasskey({ keepsCounter: false });
    expect((await passkeySignIn(t, authenticator)).statusCode).toBe(200);
    expect((await passkeySignIn(t, authenticator)).statusCode).toBe(200);
    expect((await storedPasskey(passkey.id)).counter).toBe(0);
  });

  it('accepts an answer without a user handle, the credential id naming the passkey', async () => {
    const { user, authenticator } = await userWithPasskey();
    const response = authenticator.assert(await signInOptions(t));
    delete response.response.userHandle;
    const res = await anonymousPost(t, '/api/auth/passkey/login', { response });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.id);
  });

  it('is refused from another origin (403), as the password sign-in is', async () => {
    const { authenticator } = await userWithPasskey();
    const response = authenticator.assert(await signInOptions(t));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkey/login',
      headers: { origin: 'https://evil.example' },
      payload: { response },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_ORIGIN');
  });
});

describe('passkey sign-in refuses', () => {
  it('a challenge this server never issued', async () => {
    const { authenticator } = await userWithPasskey();
    const res = await passkeySignIn(t, authenticator, { challenge: b64url(randomBytes(32)) });
    expectRefused(res, 400, 'The passkey answer does not match a challenge this server issued');
  });

  it('a registration challenge answered as a sign-in one', async () => {
    const { client, authenticator } = await userWithPasskey();
    const registration = await registrationOptionsFor(client);
    const res = await passkeySignIn(t, authenticator, { challenge: registration.challenge });
    expectRefused(res, 400, 'The passkey answer does not match a challenge this server issued');
  });

  it('an answer sent twice (replay): the challenge is used once', async () => {
    const { authenticator } = await userWithPasskey();
    const response = authenticator.assert(await signInOptions(t));
    expect((await anonymousPost(t, '/api/auth/passkey/login', { response })).statusCode).toBe(200);
    const replay = await anonymousPost(t, '/api/auth/passkey/login', { response });
    expectRefused(replay, 400, 'This passkey challenge has already been used; please try again');
  });

  it('an expired challenge', async () => {
    const { authenticator } = await userWithPasskey();
    const options = await signInOptions(t);
    await t.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, options.challenge));
    const res = await anonymousPost(t, '/api/auth/passkey/login', {
      response: authenticator.assert(options),
    });
    expectRefused(res, 400, 'This passkey challenge has expired; please try again');
  });

  it('an answer from another origin', async () => {
    const { authenticator } = await userWithPasskey();
    const res = await passkeySignIn(t, authenticator, { origin: 'https://evil.example' });
    expectRefused(res, 401, "The passkey's answer could not be verified");
    expect(res.json().error.details.reason).toMatch(/origin "https:\/\/evil.example"/);
  });

  it('an answer for another RP ID', async () => {
    const { authenticator } = await userWithPasskey();
    const res = await passkeySignIn(t, authenticator, { rpId: 'evil.example' });
    expectRefused(res, 401, "The passkey's answer could not be verified");
    expect(res.json().error.details.reason).toMatch(/RP ID/);
  });

  it('an answer made without the user present', async () => {
    const { authenticator, passkey } = await userWithPasskey();
    const res = await passkeySignIn(t, authenticator, { withoutUserPresence: true });
    expectRefused(res, 401, "The passkey's answer could not be verified");
    expect(res.json().error.details.reason).toMatch(/not present/);
    expect((await storedPasskey(passkey.id)).lastUsedAt).toBeNull();
  });

  it('a signature counter that does not grow (a cloned authenticator)', async () => {
    const { authenticator, passkey } = await userWithPasskey();
    expect((await passkeySignIn(t, authenticator)).statusCode).toBe(200);
    expect((await passkeySignIn(t, authenticator)).statusCode).toBe(200);
    const res = await passkeySignIn(t, authenticator, { counter: 1 });
    expectRefused(res, 401, "The passkey's answer could not be verified");
    expect(res.json().error.details.reason).toMatch(/counter/);
    const zero = await passkeySignIn(t, authenticator, { counter: 0 });
    expectRefused(zero, 401, "The passkey's answer could not be verified");
    expect((await storedPasskey(passkey.id)).counter).toBe(2);
  });

  it("a signature made with another key under the passkey's credential id", async () => {
    const { authenticator } = await userWithPasskey();
    const real = authenticator.credentials[0];
    const impostor = unregisteredAuthenticator();
    const forged = { ...impostor.credentials[0], id: real.id, userHandle: real.userHandle, counter: 10 };
    const res = await passkeySignIn(t, impostor, {}, forged);
    expectRefused(res, 401, "The passkey's answer could not be verified");
    expect(res.json().error.details.reason).toMatch(/signature/i);
  });

  it("another user's passkey: a user handle that is not the passkey's user", async () => {
    const alice = await userWithPasskey();
    const bob = await signedIn(t, 'admin');
    const credential = alice.authenticator.credentials[0];
    credential.userHandle = b64url(bob.user.id);
    const res = await passkeySignIn(t, alice.authenticator);
    expectRefused(res, 401, 'Passkey not recognised');
  });

  it('a disabled user, with the same answer as an unknown passkey', async () => {
    const { user, authenticator } = await userWithPasskey();
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    const res = await passkeySignIn(t, authenticator);
    expectRefused(res, 401, 'Passkey not recognised');
    const unknown = await passkeySignIn(t, unregisteredAuthenticator());
    expect(res.json()).toEqual(unknown.json());
  });

  it('a passkey this server does not know', async () => {
    const res = await passkeySignIn(t, unregisteredAuthenticator());
    expectRefused(res, 401, 'Passkey not recognised');
  });

  it('a passkey its owner deleted', async () => {
    const { client, authenticator, passkey } = await userWithPasskey();
    expect((await client.delete(`/api/auth/passkeys/${passkey.id}`)).statusCode).toBe(204);
    expectRefused(await passkeySignIn(t, authenticator), 401, 'Passkey not recognised');
  });
});

/** An authenticator holding a credential made for this RP ID but never registered here. */
function unregisteredAuthenticator(): SoftwareAuthenticator {
  const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
  authenticator.register({
    challenge: b64url(randomBytes(32)),
    rp: { name: 'Scamtrail', id: 'localhost' },
    user: { id: b64url(crypto.randomUUID()), name: 'nobody@example.com', displayName: 'Nobody' },
    pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  });
  return authenticator;
}
