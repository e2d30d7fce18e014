import type { JsonWebKey } from 'node:crypto';
import { webauthnHelpers } from '../passkeys/webauthn-library';

/**
 * Turns an ES256 passkey's COSE public key (kty EC2, crv P-256, alg -7) into the JWK the signature
 * bundle carries. Anything else throws: only ES256 passkeys are accepted.
 */
export type CoseToJwk = (coseKey: Uint8Array) => JsonWebKey;

/** The converter, once the COSE helpers it needs have loaded (see `webauthnHelpers`). */
export async function loadCoseToJwk(): Promise<CoseToJwk> {
  const { cose, decodeCredentialPublicKey } = await webauthnHelpers();
  return (coseKey) => {
    const key = decodeCredentialPublicKey(new Uint8Array(coseKey));
    if (!cose.isCOSEPublicKeyEC2(key)) throw new Error('not an EC2 COSE key');
    const x = key.get(cose.COSEKEYS.x);
    const y = key.get(cose.COSEKEYS.y);
    if (
      key.get(cose.COSEKEYS.alg) !== cose.COSEALG.ES256 ||
      key.get(cose.COSEKEYS.crv) !== cose.COSECRV.P256 ||
      !x ||
      !y
    ) {
      throw new Error('not an ES256 (P-256) COSE key');
    }
    return {
      kty: 'EC',
      crv: 'P-256',
      x: Buffer.from(x).toString('base64url'),
      y: Buffer.from(y).toString('base64url'),
    };
  };
}
