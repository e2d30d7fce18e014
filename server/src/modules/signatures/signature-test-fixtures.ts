import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { verifyRegistrationResponse } from '@simplewebauthn/server';
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import { passkeys } from '../../db/schema/index';
import { PUBLIC_URL, type Client } from '../../../test/helpers';
import { SoftwareAuthenticator, type CeremonyOverrides } from '../../../test/software-authenticator';

/**
 * Test-only helpers: a user's passkey written straight to the database from a software
 * authenticator's real registration (the passkey routes are another module's), and signing through
 * the real begin/complete routes.
 */

export const RP_ID = new URL(PUBLIC_URL).hostname;

/** Registers a new credential of the authenticator and stores it as the user's passkey. */
export async function addPasskey(
  db: Db,
  userId: string,
  authenticator = new SoftwareAuthenticator(PUBLIC_URL),
  name = 'Laptop',
) {
  const challenge = randomBytes(32).toString('base64url');
  const response = authenticator.register({
    challenge,
    rp: { id: RP_ID, name: 'Scamtrail' },
    user: { id: Buffer.from(userId).toString('base64url'), name: 'user', displayName: 'User' },
    pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  });
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: PUBLIC_URL,
    expectedRPID: RP_ID,
  });
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo!;
  await db.insert(passkeys).values({
    userId,
    name,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey),
    counter: credential.counter,
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
  });
  return { authenticator, credential: authenticator.credentials.at(-1)! };
}

export async function beginSigning(client: Client, entryId: string) {
  const res = await client.post(`/api/journal-entries/${entryId}/sign/begin`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Begin, the authenticator's assertion (with overrides), complete: answers the complete call. */
export async function signWith(
  client: Client,
  authenticator: SoftwareAuthenticator,
  entryId: string,
  overrides: CeremonyOverrides = {},
) {
  const { options } = await beginSigning(client, entryId);
  const response = authenticator.assert(options, overrides);
  return client.post(`/api/journal-entries/${entryId}/sign/complete`, { response });
}

/** Signs and expects it to succeed; answers the signed entry. */
export async function sign(client: Client, authenticator: SoftwareAuthenticator, entryId: string) {
  const res = await signWith(client, authenticator, entryId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function createEntry(client: Client, body: Record<string, unknown>) {
  const res = await client.post('/api/journal-entries', { type: 'note', description: 'A note', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; caseId: string | null };
}

/**
 * Runs a statement as someone with direct rights on the database would, past the append-only
 * triggers and the foreign keys (replica mode, for this transaction only).
 */
export async function asAttacker(db: Db, statement: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}
