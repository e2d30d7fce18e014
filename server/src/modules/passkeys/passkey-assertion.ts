import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { AuthenticationResponse } from '@scamtrail/domain/passkeys';
import type { AppError } from '../../lib/errors';
import type { PasskeyRow } from './passkeys.repository';
import type { RelyingParty } from './relying-party';
import { webauthnServer } from './webauthn-library';

/**
 * Verifies a passkey's assertion (`navigator.credentials.get()` answer) with the stored passkey:
 * type `webauthn.get`, the expected challenge, PUBLIC_URL's origin and RP ID, user presence (user
 * verification is preferred, not required), a counter that grows where the authenticator keeps one,
 * and the signature with the stored key. A failure throws `refuse(reason)`, the reason naming the
 * check that failed. Answers what the caller must record: the new counter and the backup state.
 */
export async function verifyPasskeyAssertion(
  rp: RelyingParty,
  passkey: PasskeyRow,
  response: AuthenticationResponse,
  challenge: string,
  refuse: (reason: string) => AppError,
): Promise<{ newCounter: number; credentialBackedUp: boolean }> {
  const { verifyAuthenticationResponse } = await webauthnServer();
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      expectedType: 'webauthn.get',
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    });
  } catch (err) {
    throw refuse(err instanceof Error ? err.message : 'The answer is malformed');
  }
  if (!verification.verified) throw refuse("The signature does not verify with the passkey's public key");
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  return { newCounter, credentialBackedUp };
}
