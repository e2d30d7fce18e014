import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, passkeys, webauthnChallenges } from '../../db/schema/index';
import { buildTestApp, PUBLIC_URL, signedIn, type TestApp } from '../../../test/helpers';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';
import { addPasskey, registerWith, registrationOptionsFor } from './passkey-test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');

/** The answer's clientDataJSON rewritten to name another challenge (it is not signed at registration). */
function withChallenge(response: RegistrationResponseJSON, challenge: string): RegistrationResponseJSON {
  const clientData = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString());
  return {
    ...response,
    response: { ...response.response, clientDataJSON: b64url(JSON.stringify({ ...clientData, challenge })) },
  };
}

function refusalMessage(res: { statusCode: number; json(): unknown }): string {
  return (res.json() as { error: { message: string } }).error.message;
}

describe('registration options', () => {
  it('describe this relying party and user: ES256 only, a discoverable credential, 60 s', async () => {
    const { user, client } = await signedIn(t, 'investigator');
    const options = await registrationOptionsFor(client);
    expect(options.rp).toEqual({ name: 'Scamtrail', id: 'localhost' });
    expect(options.user).toEqual({
      id: b64url(user.id),
      name: user.email,
      displayName: `${user.firstName} ${user.lastName}`,
    });
    expect(options.pubKeyCredParams).toEqual([{ alg: -7, type: 'public-key' }]);
    expect(options.attestation).toBe('none');
    expect(options.timeout).toBe(60_000);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'preferred',
    });
    expect(options.excludeCredentials).toEqual([]);
    const [stored] = await t.database.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, options.challenge));
    expect(stored).toMatchObject({ purpose: 'registration', userId: user.id, usedAt: null });
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(5 * 60_000);
  });

  it("exclude the user's passkeys, so one authenticator is not registered twice", async () => {
    const { client } = await signedIn(t, 'viewer');
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    await addPasskey(client, authenticator);
    const options = await registrationOptionsFor(client);
    expect(options.excludeCredentials).toEqual([
      { id: authenticator.credentials[0].id, type: 'public-key', transports: ['internal'] },
    ]);
  });
});

describe('a registered passkey', () => {
  it('is stored with its key and listed, renamed and deleted by its owner', async () => {
    const { user, client } = await signedIn(t, 'investigator');
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL, { backedUp: true });
    const { res, response } = await registerWith(client, authenticator, { name: '  Work laptop ' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Work laptop',
      createdAt: expect.any(String),
      lastUsedAt: null,
      backedUp: true,
      deviceType: 'multiDevice',
    });
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, created.id));
    expect(row).toMatchObject({
      userId: user.id,
      credentialId: response.id,
      counter: 0,
      transports: ['internal'],
    });
    expect(row.publicKey.length).toBeGreaterThan(64);

    const second = await addPasskey(client, new SoftwareAuthenticator(PUBLIC_URL), 'Phone');
    const list = await client.get('/api/auth/passkeys');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((p: { name: string }) => p.name)).toEqual(['Phone', 'Work laptop']);

    const renamed = await client.patch(`/api/auth/passkeys/${created.id}`, { name: 'Old laptop' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: created.id, name: 'Old laptop' });

    const deleted = await client.delete(`/api/auth/passkeys/${second.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await client.get('/api/auth/passkeys')).json()).toEqual([
      expect.objectContaining({ id: created.id, name: 'Old laptop' }),
    ]);

    const audit = await t.database.db
      .select({ type: events.type, subjectId: events.subjectId })
      .from(events)
      .where(eq(events.subjectType, 'passkey'));
    expect(audit).toEqual(
      expect.arrayContaining([
        { type: 'passkey.added', subjectId: created.id },
        { type: 'passkey.renamed', subjectId: created.id },
        { type: 'passkey.removed', subjectId: second.id },
      ]),
    );
  });

  it('cannot be listed, renamed or deleted by another user: 404 as for a missing one', async () => {
    const owner = await signedIn(t, 'investigator');
    const other = await signedIn(t, 'admin');
    const passkey = await addPasskey(owner.client, new SoftwareAuthenticator(PUBLIC_URL));
    expect((await other.client.get('/api/auth/passkeys')).json()).toEqual([]);

    const missing = await other.client.patch(`/api/auth/passkeys/${crypto.randomUUID()}`, { name: 'x' });
    const rename = await other.client.patch(`/api/auth/passkeys/${passkey.id}`, { name: 'Mine now' });
    expect(rename.statusCode).toBe(404);
    expect(rename.json()).toEqual(missing.json());
    const remove = await other.client.delete(`/api/auth/passkeys/${passkey.id}`);
    expect(remove.statusCode).toBe(404);
    expect(remove.json()).toEqual(missing.json());
    expect((await owner.client.get('/api/auth/passkeys')).json()).toEqual([
      expect.objectContaining({ id: passkey.id, name: 'Laptop' }),
    ]);
  });

  it('needs a name, and a rename needs one too', async () => {
    const { client } = await signedIn(t, 'viewer');
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    const response = authenticator.register(await registrationOptionsFor(client));
    const res = await client.post('/api/auth/passkeys', { name: '   ', response });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([
      expect.objectContaining({ field: 'name', message: 'Name is required' }),
    ]);
    const passkey = await addPasskey(client, authenticator);
    const rename = await client.patch(`/api/auth/passkeys/${passkey.id}`, { name: '' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().error.details.fields).toEqual([
      expect.objectContaining({ field: 'name', message: 'Name is required' }),
    ]);
  });

  it('is 409 when the same credential is registered again', async () => {
    const { client } = await signedIn(t, 'investigator');
    const { res, response } = await registerWith(client, new SoftwareAuthenticator(PUBLIC_URL));
    expect(res.statusCode).toBe(201);
    const again = withChallenge(response, (await registrationOptionsFor(client)).challenge);
    const conflict = await client.post('/api/auth/passkeys', { name: 'Again', response: again });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'This passkey is already registered',
      details: { fields: [{ field: 'response', message: 'This passkey is already registered' }] },
    });
  });
});

describe('registration refuses, naming the response', () => {
  async function refused(overrides: Parameters<SoftwareAuthenticator['register']>[1]) {
    const { client } = await signedIn(t, 'investigator');
    const { res } = await registerWith(client, new SoftwareAuthenticator(PUBLIC_URL), { overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toMatchObject({ field: 'response' });
    expect((await client.get('/api/auth/passkeys')).json()).toEqual([]);
    return refusalMessage(res);
  }

  it('a challenge this server never issued', async () => {
    expect(await refused({ challenge: b64url(randomBytes(32)) })).toBe(
      'The passkey answer does not match a challenge this server issued',
    );
  });

  it('an answer from another origin', async () => {
    expect(await refused({ origin: 'https://evil.example' })).toMatch(/could not be verified.*origin/i);
  });

  it('an answer for another RP ID', async () => {
    expect(await refused({ rpId: 'evil.example' })).toMatch(/could not be verified.*RP ID/i);
  });

  it('an answer made without the user present', async () => {
    expect(await refused({ withoutUserPresence: true })).toMatch(/could not be verified.*not present/i);
  });

  it('an answer to a sign-in challenge rather than a registration one', async () => {
    const { client } = await signedIn(t, 'viewer');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkey/options',
      headers: { origin: PUBLIC_URL },
      payload: {},
    });
    const { res } = await registerWith(client, new SoftwareAuthenticator(PUBLIC_URL), {
      overrides: { challenge: signIn.json().challenge },
    });
    expect(res.statusCode).toBe(400);
    expect(refusalMessage(res)).toBe('The passkey answer does not match a challenge this server issued');
  });

  it("another user's challenge", async () => {
    const alice = await signedIn(t, 'investigator');
    const bob = await signedIn(t, 'investigator');
    const aliceOptions = await registrationOptionsFor(alice.client);
    const response = new SoftwareAuthenticator(PUBLIC_URL).register(aliceOptions);
    const res = await bob.client.post('/api/auth/passkeys', { name: 'Stolen', response });
    expect(res.statusCode).toBe(400);
    expect(refusalMessage(res)).toBe('The passkey answer does not match a challenge this server issued');
    // Bob's attempt does not use up Alice's challenge.
    const own = await alice.client.post('/api/auth/passkeys', { name: 'Mine', response });
    expect(own.statusCode).toBe(201);
  });

  it('an answer sent twice: the challenge is used once', async () => {
    const { client } = await signedIn(t, 'investigator');
    const { res, response } = await registerWith(client, new SoftwareAuthenticator(PUBLIC_URL));
    expect(res.statusCode).toBe(201);
    const replay = await client.post('/api/auth/passkeys', { name: 'Replay', response });
    expect(replay.statusCode).toBe(400);
    expect(refusalMessage(replay)).toBe('This passkey challenge has already been used; please try again');
  });

  it('an expired challenge', async () => {
    const { client } = await signedIn(t, 'investigator');
    const options = await registrationOptionsFor(client);
    await t.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, options.challenge));
    const response = new SoftwareAuthenticator(PUBLIC_URL).register(options);
    const res = await client.post('/api/auth/passkeys', { name: 'Late', response });
    expect(res.statusCode).toBe(400);
    expect(refusalMessage(res)).toBe('This passkey challenge has expired; please try again');
  });

  it('a key that is not ES256 (an Ed25519 key)', async () => {
    const { client } = await signedIn(t, 'investigator');
    const response = new SoftwareAuthenticator(PUBLIC_URL).register(await registrationOptionsFor(client));
    const res = await client.post('/api/auth/passkeys', {
      name: 'EdDSA',
      response: withEd25519Key(response),
    });
    expect(res.statusCode).toBe(400);
    expect(refusalMessage(res)).toMatch(/could not be verified.*alg "-8"/);
    const stored = await t.database.db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.credentialId, response.id)));
    expect(stored).toEqual([]);
  });
});

/**
 * The registration answer with its credential key replaced by an Ed25519 one (COSE alg -8). "none"
 * attestation signs nothing, so only the key algorithm is wrong.
 */
function withEd25519Key(response: RegistrationResponseJSON): RegistrationResponseJSON {
  const attestation = isoCBOR.decodeFirst<Map<string, unknown>>(
    Buffer.from(response.response.attestationObject, 'base64url'),
  );
  const authData = Buffer.from(attestation.get('authData') as Uint8Array);
  // rpIdHash (32), flags (1), counter (4), AAGUID (16), credential id length (2), credential id.
  const idLength = authData.readUInt16BE(53);
  const okpKey = new Map<number, number | Uint8Array>([
    [1, 1], // kty: OKP
    [3, -8], // alg: EdDSA
    [-1, 6], // crv: Ed25519
    [-2, new Uint8Array(randomBytes(32))],
  ]);
  const newAuthData = Buffer.concat([authData.subarray(0, 55 + idLength), isoCBOR.encode(okpKey)]);
  attestation.set('authData', new Uint8Array(newAuthData));
  return {
    ...response,
    response: { ...response.response, attestationObject: b64url(isoCBOR.encode(attestation as never)) },
  };
}
