import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { fullName } from '@scamtrail/domain/names';
import {
  PASSKEY_TIMEOUT_MS,
  type CreationOptions,
  type Passkey,
  type RegisterPasskeyBody,
} from '@scamtrail/domain/passkeys';
import type { Db } from '../../db/client';
import { withUniqueField } from '../../lib/conflicts';
import { AppError } from '../../lib/errors';
import type { UserPrincipal } from '../auth/principal';
import { recordEvent } from '../events/events.service';
import { presentPasskey } from './passkey-presenter';
import { insertPasskey, listUserPasskeys } from './passkeys.repository';
import type { RelyingParty } from './relying-party';
import { challengeOfResponse, consumeChallenge, issueChallenge } from './webauthn-challenges';
import { webauthnServer } from './webauthn-library';

/** COSE algorithm -7: ECDSA with P-256 and SHA-256. Signatures are ES256, so passkeys must be. */
export const ES256 = -7;

/** The WebAuthn user handle of a user: the bytes of their id. Sign-in compares it, URL-safe base64. */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(userId);
}

/**
 * Creation options for a new passkey of the signed-in user: a discoverable credential (so it can sign
 * in without an e-mail), ES256 only, none of the user's existing passkeys again. The challenge is
 * stored for this user.
 */
export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  user: UserPrincipal,
): Promise<CreationOptions> {
  const existing = await listUserPasskeys(db, user.userId);
  const { generateRegistrationOptions } = await webauthnServer();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandleOf(user.userId),
    userName: user.email,
    userDisplayName: fullName(user) || user.email,
    timeout: PASSKEY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    supportedAlgorithmIDs: [ES256],
  });
  await issueChallenge(db, { purpose: 'registration', challenge: options.challenge, userId: user.userId });
  return options;
}

/** A 400 naming `response` for an answer that does not verify, with the verifier's reason. */
function unverifiable(what: string, reason: unknown): AppError {
  const detail = reason instanceof Error ? reason.message : 'it was not verified';
  const message = `The passkey's ${what} could not be verified: ${detail}`;
  return new AppError('BAD_REQUEST', message, {
    field: 'response',
    fields: [{ field: 'response', message }],
  });
}

/**
 * Verifies the authenticator's answer to a registration challenge issued to this user (once, within
 * its lifetime; from PUBLIC_URL's origin for its RP ID; an ES256 key) and stores the passkey. A
 * credential registered before is 409.
 */
export async function registerPasskey(
  db: Db,
  rp: RelyingParty,
  user: UserPrincipal,
  body: RegisterPasskeyBody,
): Promise<Passkey> {
  const challenge = challengeOfResponse(body.response.response.clientDataJSON);
  await consumeChallenge(db, challenge, { purpose: 'registration', userId: user.userId });
  const { verifyRegistrationResponse } = await webauthnServer();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: body.response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: [ES256],
    });
  } catch (err) {
    throw unverifiable('registration', err);
  }
  if (!verification.verified) throw unverifiable('registration', null);
  const info = verification.registrationInfo;
  const row = await withUniqueField(
    () =>
      db.transaction(async (tx) => {
        const created = await insertPasskey(tx, {
          userId: user.userId,
          name: body.name,
          credentialId: info.credential.id,
          publicKey: Buffer.from(info.credential.publicKey),
          counter: info.credential.counter,
          transports: body.response.response.transports ?? info.credential.transports ?? [],
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
        });
        await recordEvent(tx, {
          type: 'passkey.added',
          actorOriginatorId: user.originatorId,
          subjectType: 'passkey',
          subjectId: created.id,
          data: { userId: user.userId, name: created.name },
        });
        return created;
      }),
    {
      constraint: 'passkeys_credential_id_unique',
      field: 'response',
      message: 'This passkey is already registered',
    },
  );
  return presentPasskey(row);
}
