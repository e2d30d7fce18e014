import type { CurrentUser } from '@scamtrail/domain/auth';
import {
  PASSKEY_TIMEOUT_MS,
  type AuthenticationResponse,
  type RequestOptions,
} from '@scamtrail/domain/passkeys';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { signIn } from '../auth/login.service';
import type { SessionLimits } from '../auth/sessions.service';
import { findUserById } from '../users/users.service';
import { verifyPasskeyAssertion } from './passkey-assertion';
import { userHandleOf } from './passkey-registration.service';
import { webauthnServer } from './webauthn-library';
import { findPasskeyByCredentialId, recordPasskeyUse } from './passkeys.repository';
import type { RelyingParty } from './relying-party';
import { challengeOfResponse, consumeChallenge, issueChallenge } from './webauthn-challenges';

/**
 * One answer for a credential this server does not know, a passkey whose user handle is not its
 * user's, and a disabled account: the caller learns nothing about which.
 */
export const PASSKEY_NOT_RECOGNISED = 'Passkey not recognised';
export const PASSKEY_NOT_VERIFIED = "The passkey's answer could not be verified";

/**
 * Request options for signing in with a passkey: no allowed credentials, so the browser offers the
 * passkeys it holds for this RP ID (discoverable credentials). The challenge is stored for no user.
 */
export async function loginOptions(db: Db, rp: RelyingParty): Promise<RequestOptions> {
  const { generateAuthenticationOptions } = await webauthnServer();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: PASSKEY_TIMEOUT_MS,
    userVerification: 'preferred',
  });
  await issueChallenge(db, { purpose: 'authentication', challenge: options.challenge });
  return {
    challenge: options.challenge,
    rpId: options.rpId,
    timeout: options.timeout,
    userVerification: options.userVerification,
  };
}

/**
 * Signs in with a passkey's answer to a sign-in challenge: the challenge is used up first (whatever
 * follows), then the passkey is found by its credential id and the assertion verified with its key
 * (origin, RP ID, user presence, a counter that grows where the authenticator keeps one). Then the
 * session starts as a password sign-in's does.
 */
export async function passkeyLogin(
  db: Db,
  rp: RelyingParty,
  limits: SessionLimits,
  response: AuthenticationResponse,
  meta: { ip: string; userAgent?: string },
): Promise<{ user: CurrentUser; token: string; expiresAt: Date }> {
  const challenge = challengeOfResponse(response.response.clientDataJSON);
  await consumeChallenge(db, challenge, { purpose: 'authentication' });
  const passkey = await findPasskeyByCredentialId(db, response.id);
  if (!passkey) throw AppError.unauthenticated(PASSKEY_NOT_RECOGNISED);

  const { newCounter, credentialBackedUp } = await verifyPasskeyAssertion(
    rp,
    passkey,
    response,
    challenge,
    notVerified,
  );

  const user = await findUserById(db, passkey.userId);
  const userHandle = response.response.userHandle;
  const handleMatches =
    userHandle === undefined ||
    userHandle === Buffer.from(userHandleOf(passkey.userId)).toString('base64url');
  if (!user || user.disabled || !handleMatches) throw AppError.unauthenticated(PASSKEY_NOT_RECOGNISED);

  const counted = await recordPasskeyUse(db, passkey.id, {
    counter: newCounter,
    backedUp: credentialBackedUp,
    at: new Date(),
  });
  if (!counted) throw notVerified(`Response counter value ${newCounter} was used before`);
  return signIn(db, user, limits, meta, {
    method: 'passkey',
    passkey: { id: passkey.id, name: passkey.name },
  });
}

/** 401 for an assertion that does not verify; the reason concerns only what the caller sent. */
function notVerified(reason: string): AppError {
  return new AppError('UNAUTHENTICATED', PASSKEY_NOT_VERIFIED, { reason });
}
