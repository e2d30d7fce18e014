import type { JsonWebKey } from 'node:crypto';
import { cose, decodeCredentialPublicKey } from '@simplewebauthn/server/helpers';

/**
 * The JWK of an ES256 passkey's COSE public key (kty EC2, crv P-256, alg -7), as the signature bundle
 * carries it. Anything else throws: only ES256 passkeys are accepted.
 */
export function coseToJwk(coseKey: Uint8Array): JsonWebKey {
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
}
