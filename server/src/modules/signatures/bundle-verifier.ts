import { createHash, createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import canonicalize from 'canonicalize';
import {
  CANONICALIZATION_VERSION,
  SIGNATURE_ALGORITHM,
  SIGNATURE_BUNDLE_FORMAT,
} from '@scamtrail/domain/signatures';

/**
 * The verification of a signed journal entry, with nothing but node:crypto and an RFC 8785
 * canonicaliser: no database, no server. The server verifies stored signatures with it, and
 * `npm run verify -- <bundle.json>` verifies an exported signature bundle with it (README, "Signature
 * bundles"; docs/signatures.md).
 */

export const BUNDLE_VERSION = 1;

/** One named check and its outcome. */
export interface Check {
  name: string;
  passed: boolean;
  detail: string;
}

/** An assertion of a passkey over a content hash, its parts as stored (bytes) or exported (base64url). */
export interface Assertion {
  contentHash: string;
  /** URL-safe base64 of the random part of the challenge. */
  challengeNonce: string;
  rpId: string;
  origin: string;
  algorithm: string;
  publicKeyJwk: JsonWebKey;
  authenticatorData: Buffer;
  clientDataJSON: Buffer;
  signature: Buffer;
}

/** The exported signature bundle (README, "Signature bundles"). */
export interface SignatureBundle {
  format: string;
  version: number;
  canonicalization: string;
  content: Record<string, unknown>;
  contentHash: string;
  challengeNonce: string;
  rpId: string;
  origin: string;
  signer: { name: string; email: string; passkeyName: string };
  signedAt: string;
  algorithm: string;
  credentialId: string;
  publicKeyJwk: JsonWebKey;
  authenticatorData: string;
  clientDataJSON: string;
  signature: string;
}

const FLAG_USER_PRESENT = 0x01;

export function sha256(data: string | Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

export function sha256Hex(data: string | Uint8Array): string {
  return sha256(data).toString('hex');
}

/** RFC 8785 canonical JSON. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('value has no JSON form');
  return text;
}

/** The challenge of a signature: the content hash's 32 bytes, then the nonce's, URL-safe base64. */
export function signingChallenge(contentHash: string, nonce: Buffer): string {
  return Buffer.concat([Buffer.from(contentHash, 'hex'), nonce]).toString('base64url');
}

const check = (name: string, passed: boolean, ok: string, failed: string): Check => ({
  name,
  passed,
  detail: passed ? ok : failed,
});

function parseClientData(bytes: Buffer): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(bytes.toString('utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Public keys already imported: a case's signatures mostly share a few passkeys. */
const importedKeys = new Map<string, KeyObject>();
const IMPORTED_KEYS_MAX = 1000;

function importKey(jwk: JsonWebKey): KeyObject {
  const id = `${jwk.kty}:${jwk.crv}:${jwk.x}:${jwk.y}`;
  let key = importedKeys.get(id);
  if (!key) {
    key = createPublicKey({ key: jwk, format: 'jwk' });
    if (importedKeys.size >= IMPORTED_KEYS_MAX) importedKeys.clear();
    importedKeys.set(id, key);
  }
  return key;
}

function signatureVerifies(assertion: Assertion): boolean {
  try {
    const key = importKey(assertion.publicKeyJwk);
    const signed = Buffer.concat([assertion.authenticatorData, sha256(assertion.clientDataJSON)]);
    // WebAuthn ES256 signatures are DER-encoded ECDSA over SHA-256.
    return verify('sha256', signed, { key, dsaEncoding: 'der' }, assertion.signature);
  } catch {
    return false;
  }
}

/**
 * The checks of a passkey assertion over a content hash: clientDataJSON (type `webauthn.get`, the
 * origin, the challenge = content hash || nonce), the RP ID hash and user-presence flag of
 * authenticatorData, and the ES256 signature over `authenticatorData || SHA-256(clientDataJSON)`.
 */
export function verifyAssertion(assertion: Assertion): Check[] {
  const clientData = parseClientData(assertion.clientDataJSON);
  const expectedChallenge = /^[0-9a-f]{64}$/.test(assertion.contentHash)
    ? signingChallenge(assertion.contentHash, Buffer.from(assertion.challengeNonce, 'base64url'))
    : null;
  const authData = assertion.authenticatorData;
  const jwk = assertion.publicKeyJwk;
  return [
    check(
      'client-data-type',
      clientData?.type === 'webauthn.get',
      'clientDataJSON is an assertion (webauthn.get)',
      `clientDataJSON has type ${JSON.stringify(clientData?.type ?? null)}, not "webauthn.get"`,
    ),
    check(
      'client-data-origin',
      clientData?.origin === assertion.origin,
      `clientDataJSON names the origin ${assertion.origin}`,
      `clientDataJSON names the origin ${JSON.stringify(clientData?.origin ?? null)}, not ${assertion.origin}`,
    ),
    check(
      'client-data-challenge',
      expectedChallenge !== null && clientData?.challenge === expectedChallenge,
      'the signed challenge is the content hash followed by the nonce',
      'the signed challenge is not the content hash followed by the nonce',
    ),
    check(
      'rp-id-hash',
      authData.length >= 37 && authData.subarray(0, 32).equals(sha256(assertion.rpId)),
      `authenticatorData is for the relying party ${assertion.rpId}`,
      `authenticatorData is not for the relying party ${assertion.rpId}`,
    ),
    check(
      'user-present',
      authData.length >= 37 && (authData[32] & FLAG_USER_PRESENT) !== 0,
      'the authenticator saw the user present',
      'the user-presence flag is not set',
    ),
    check(
      'algorithm',
      assertion.algorithm === SIGNATURE_ALGORITHM && jwk.kty === 'EC' && jwk.crv === 'P-256',
      'ES256 with a P-256 public key',
      `the algorithm is ${assertion.algorithm} with a ${jwk.kty ?? '?'} ${jwk.crv ?? ''} key, not ES256 with P-256`,
    ),
    check(
      'signature',
      signatureVerifies(assertion),
      'the signature verifies with the public key',
      'the signature does not verify with the public key',
    ),
  ];
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The fields a bundle must have, with their JSON types; the names of those that are wrong. */
function malformedFields(bundle: Record<string, unknown>): string[] {
  const texts = [
    'format',
    'canonicalization',
    'contentHash',
    'challengeNonce',
    'rpId',
    'origin',
    'signedAt',
    'algorithm',
    'credentialId',
    'authenticatorData',
    'clientDataJSON',
    'signature',
  ];
  const wrong = texts.filter((field) => !isText(bundle[field]));
  if (typeof bundle.version !== 'number') wrong.push('version');
  for (const field of ['content', 'publicKeyJwk', 'signer']) {
    const value = bundle[field];
    if (!value || typeof value !== 'object' || Array.isArray(value)) wrong.push(field);
  }
  return wrong;
}

const base64url = (value: string) => Buffer.from(value, 'base64url');

/**
 * Every check of a signature bundle, in order; it is valid when all pass. `canonicalization` is the
 * content's expected version: a journal entry's by default, a dossier manifest's for the manifest
 * signature of a case dossier (docs/dossier.md).
 */
export function verifyBundle(input: unknown, canonicalization = CANONICALIZATION_VERSION): Check[] {
  const bundle = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const wrong = malformedFields(bundle);
  if (wrong.length) {
    return [check('shape', false, '', `the bundle lacks or mistypes: ${wrong.join(', ')}`)];
  }
  const b = bundle as unknown as SignatureBundle;
  const content = b.content;
  return [
    check(
      'format',
      b.format === SIGNATURE_BUNDLE_FORMAT && b.version === BUNDLE_VERSION,
      `${SIGNATURE_BUNDLE_FORMAT} version ${BUNDLE_VERSION}`,
      `unknown format ${JSON.stringify(b.format)} version ${b.version}`,
    ),
    check(
      'canonicalization',
      b.canonicalization === canonicalization && content.v === b.canonicalization,
      `the content is ${canonicalization}`,
      `the content is ${JSON.stringify(content.v ?? null)} (bundle says ${b.canonicalization}), not ${canonicalization}`,
    ),
    check(
      'content-hash',
      sha256Hex(canonicalJson(content)) === b.contentHash,
      'the SHA-256 of the canonical content is the signed content hash',
      'the SHA-256 of the canonical content is not the signed content hash: the content changed',
    ),
    ...verifyAssertion({
      contentHash: b.contentHash,
      challengeNonce: b.challengeNonce,
      rpId: b.rpId,
      origin: b.origin,
      algorithm: b.algorithm,
      publicKeyJwk: b.publicKeyJwk,
      authenticatorData: base64url(b.authenticatorData),
      clientDataJSON: base64url(b.clientDataJSON),
      signature: base64url(b.signature),
    }),
  ];
}
