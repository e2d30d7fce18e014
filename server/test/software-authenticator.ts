import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/**
 * A WebAuthn authenticator in software for the server's tests: a real P-256 key per credential, real
 * attestation objects ("none" attestation) and real assertions, as a browser would send them. Every
 * value the server checks can be overridden to test its refusals.
 */

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

export interface SoftwareCredential {
  id: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The user handle the server gave at registration (URL-safe base64). */
  userHandle: string;
  rpId: string;
  counter: number;
}

export interface CeremonyOverrides {
  origin?: string;
  rpId?: string;
  challenge?: string;
  type?: string;
  /** Clears the user-presence flag. */
  withoutUserPresence?: boolean;
  /** The counter to report (defaults to the next one when the authenticator keeps a counter). */
  counter?: number;
}

function sha256(data: Uint8Array | string): Buffer {
  return createHash('sha256').update(data).digest();
}

function b64url(data: Uint8Array): string {
  return Buffer.from(data).toString('base64url');
}

function uint32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const key = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, isoBase64URL.toBuffer(jwk.x!)],
    [-3, isoBase64URL.toBuffer(jwk.y!)],
  ]);
  return isoCBOR.encode(key);
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = [];

  /**
   * @param origin the page's origin the "browser" reports, normally PUBLIC_URL
   * @param options.keepsCounter false for a synced passkey that always reports 0
   * @param options.backedUp marks the credentials as backed up (multi-device)
   */
  constructor(
    readonly origin: string,
    readonly options: { keepsCounter?: boolean; backedUp?: boolean } = {},
  ) {}

  private flags(base: number, overrides: CeremonyOverrides): number {
    let flags = base | FLAG_UV | (overrides.withoutUserPresence ? 0 : FLAG_UP);
    if (this.options.backedUp) flags |= FLAG_BE | FLAG_BS;
    return flags;
  }

  /** Answers `navigator.credentials.create()` for the given creation options. */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    overrides: CeremonyOverrides = {},
  ): RegistrationResponseJSON {
    const rpId = overrides.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credentialId = randomBytes(16);
    const id = b64url(credentialId);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(FLAG_AT, overrides)]),
      uint32(0),
      Buffer.alloc(16), // AAGUID: none
      Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]),
      credentialId,
      coseKey(publicKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    this.credentials.push({ id, privateKey, publicKey, userHandle: options.user.id, rpId, counter: 0 });
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(
          clientData(
            overrides.type ?? 'webauthn.create',
            overrides.challenge ?? options.challenge,
            overrides.origin ?? this.origin,
          ),
        ),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * Answers `navigator.credentials.get()`: signs with the first credential the options allow (any of
   * this authenticator's for discoverable sign-in), or with `credential` when given.
   */
  assert(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides: CeremonyOverrides = {},
    credential?: SoftwareCredential,
  ): AuthenticationResponseJSON {
    const allowed = options.allowCredentials?.map((c) => c.id);
    const chosen =
      credential ?? this.credentials.find((c) => !allowed || allowed.length === 0 || allowed.includes(c.id));
    if (!chosen) throw new Error('No credential of this authenticator is allowed by the options');
    if (this.options.keepsCounter !== false) chosen.counter += 1;
    const counter = overrides.counter ?? (this.options.keepsCounter === false ? 0 : chosen.counter);
    const authData = Buffer.concat([
      sha256(overrides.rpId ?? options.rpId ?? chosen.rpId),
      Buffer.from([this.flags(0, overrides)]),
      uint32(counter),
    ]);
    const clientDataJSON = clientData(
      overrides.type ?? 'webauthn.get',
      overrides.challenge ?? options.challenge,
      overrides.origin ?? this.origin,
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), chosen.privateKey);
    return {
      id: chosen.id,
      rawId: chosen.id,
      type: 'public-key',
      response: {
        authenticatorData: b64url(authData),
        clientDataJSON: b64url(clientDataJSON),
        signature: b64url(signature),
        userHandle: chosen.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
