import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialDescriptorJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { PASSKEY_TIMEOUT_MS } from '@scamtrail/domain/passkeys';
import { isApiError } from './api-error';

/**
 * The passkey helper (spec 7 and 9): turns what the server answers into WebAuthn options for
 * @simplewebauthn/browser, runs the browser's passkey prompt, and words every failure as spec 8 does.
 * The WebAuthn library is loaded only when a prompt runs, so no screen pays for it up front.
 */

/** Spec 8's passkey messages, plus those of creating a passkey. */
export const PASSKEY_ERRORS = {
  unsupported: 'WebAuthn is not supported in this browser',
  missingChallenge:
    'Invalid authentication options: missing challenge. The server’s answer held no challenge for the passkey to sign; please try again.',
  challengeRequired: 'Challenge is required for authentication',
  cancelled: 'Authentication was cancelled',
  failed: 'Authentication failed',
  registrationCancelled: 'Passkey creation was cancelled',
  registrationFailed: 'Failed to create the passkey',
  alreadyRegistered: 'This device already holds a passkey for your account',
} as const;

export type PasskeyErrorKind = keyof typeof PASSKEY_ERRORS;

export class PasskeyError extends Error {
  readonly kind: PasskeyErrorKind;

  constructor(kind: PasskeyErrorKind, cause?: unknown) {
    super(PASSKEY_ERRORS[kind], { cause });
    this.name = 'PasskeyError';
    this.kind = kind;
  }
}

export const USER_VERIFICATION_DEFAULT = 'preferred' as const;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A binary value as URL-safe base64 without padding: standard base64 is rewritten, bytes (an
 * ArrayBuffer, a typed array or an array of numbers) are encoded. Anything else gives undefined.
 */
export function toBase64Url(value: unknown): string | undefined {
  if (typeof value === 'string') {
    return value.trim().replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  if (value instanceof ArrayBuffer) return bytesToBase64Url(new Uint8Array(value));
  if (ArrayBuffer.isView(value)) {
    return bytesToBase64Url(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
  }
  if (Array.isArray(value) && value.every((item) => Number.isInteger(item) && item >= 0 && item < 256)) {
    return bytesToBase64Url(Uint8Array.from(value as number[]));
  }
  return undefined;
}

/**
 * The WebAuthn options inside an answer, whichever shape it takes: `{ options: { publicKey } }`,
 * `{ options }` (sign/begin), `{ publicKey }`, or the options themselves.
 */
function optionsOf(answer: Json): Json {
  const { options, publicKey } = answer;
  if (isObject(options)) return isObject(options.publicKey) ? options.publicKey : options;
  if (isObject(publicKey)) return publicKey;
  return answer;
}

/**
 * The challenge of an answer, URL-safe base64. Read from the options (any shape above), else from the
 * answer's own `challenge` or `signingChallenge`. No challenge at all: the options are invalid; a
 * challenge that is empty: there is nothing to sign.
 */
export function readChallenge(answer: unknown): string {
  const root = isObject(answer) ? answer : {};
  const raw = [optionsOf(root).challenge, root.challenge, root.signingChallenge].find(
    (value) => value !== undefined && value !== null,
  );
  if (raw === undefined) throw new PasskeyError('missingChallenge');
  const challenge = toBase64Url(raw);
  if (!challenge) throw new PasskeyError('challengeRequired');
  return challenge;
}

/** Credential descriptors from their id fields (`id`, `credentialId`, `credentialID`, `rawId`). */
export function mapCredentials(list: unknown): PublicKeyCredentialDescriptorJSON[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item): PublicKeyCredentialDescriptorJSON[] => {
    const source: Json = isObject(item) ? item : { id: item };
    const id = toBase64Url(source.id ?? source.credentialId ?? source.credentialID ?? source.rawId);
    if (!id) return [];
    const transports = Array.isArray(source.transports) ? source.transports : undefined;
    return [{ id, type: 'public-key', ...(transports ? { transports } : {}) }];
  });
}

function currentHost(): string {
  return window.location.hostname;
}

/** Request options (sign-in, signing) with spec 9's defaults: 60000 ms, user verification preferred, this host. */
export function toRequestOptions(answer: unknown): PublicKeyCredentialRequestOptionsJSON {
  const challenge = readChallenge(answer);
  const options = optionsOf(isObject(answer) ? answer : {});
  const allowCredentials = mapCredentials(options.allowCredentials);
  return {
    ...(options as Partial<PublicKeyCredentialRequestOptionsJSON>),
    challenge,
    timeout: typeof options.timeout === 'number' ? options.timeout : PASSKEY_TIMEOUT_MS,
    rpId: typeof options.rpId === 'string' && options.rpId ? options.rpId : currentHost(),
    userVerification:
      (options.userVerification as UserVerificationRequirement | undefined) ?? USER_VERIFICATION_DEFAULT,
    allowCredentials,
  };
}

/** Creation options (a new passkey) with the same defaults; the relying party is this host unless named. */
export function toCreationOptions(answer: unknown): PublicKeyCredentialCreationOptionsJSON {
  const challenge = readChallenge(answer);
  const options = optionsOf(isObject(answer) ? answer : {});
  const rp = isObject(options.rp) ? options.rp : {};
  const user = isObject(options.user) ? options.user : {};
  const selection = isObject(options.authenticatorSelection) ? options.authenticatorSelection : {};
  const userId = toBase64Url(user.id);
  if (!userId) throw new PasskeyError('registrationFailed');
  return {
    ...(options as Partial<PublicKeyCredentialCreationOptionsJSON>),
    challenge,
    rp: {
      ...rp,
      name: typeof rp.name === 'string' ? rp.name : currentHost(),
      id: (rp.id as string) || currentHost(),
    },
    user: {
      ...user,
      id: userId,
      name: String(user.name ?? ''),
      displayName: String(user.displayName ?? user.name ?? ''),
    },
    pubKeyCredParams: Array.isArray(options.pubKeyCredParams)
      ? (options.pubKeyCredParams as PublicKeyCredentialCreationOptionsJSON['pubKeyCredParams'])
      : [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
    timeout: typeof options.timeout === 'number' ? options.timeout : PASSKEY_TIMEOUT_MS,
    excludeCredentials: mapCredentials(options.excludeCredentials),
    authenticatorSelection: {
      ...selection,
      userVerification:
        (selection.userVerification as UserVerificationRequirement | undefined) ?? USER_VERIFICATION_DEFAULT,
    },
  };
}

/** The browser can run a passkey prompt at all. */
export function browserSupportsPasskeys(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.PublicKeyCredential === 'function' &&
    typeof navigator.credentials?.get === 'function'
  );
}

function isCancel(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return error.name === 'NotAllowedError' || error.name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED';
}

/** A prompt's failure as a PasskeyError: a refusal or a timeout is a cancellation, the rest a failure. */
function toPasskeyError(error: unknown, ceremony: 'authentication' | 'registration'): PasskeyError {
  if (error instanceof PasskeyError) return error;
  if (error instanceof Error && error.message === PASSKEY_ERRORS.unsupported) {
    return new PasskeyError('unsupported', error);
  }
  if (ceremony === 'registration') {
    if ((error as { code?: unknown }).code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
      return new PasskeyError('alreadyRegistered', error);
    }
    return new PasskeyError(isCancel(error) ? 'registrationCancelled' : 'registrationFailed', error);
  }
  return new PasskeyError(isCancel(error) ? 'cancelled' : 'failed', error);
}

const loadWebAuthn = () => import('@simplewebauthn/browser');

/**
 * Runs the passkey prompt for an answer holding request options (`/auth/passkey/options`,
 * `/journal-entries/{id}/sign/begin`) and gives the assertion to send back.
 */
export async function authenticateWithPasskey(answer: unknown): Promise<AuthenticationResponseJSON> {
  if (!browserSupportsPasskeys()) throw new PasskeyError('unsupported');
  const optionsJSON = toRequestOptions(answer);
  try {
    const { startAuthentication } = await loadWebAuthn();
    return await startAuthentication({ optionsJSON });
  } catch (error) {
    throw toPasskeyError(error, 'authentication');
  }
}

/** Runs the prompt that creates a passkey for an answer holding creation options. */
export async function registerPasskey(answer: unknown): Promise<RegistrationResponseJSON> {
  if (!browserSupportsPasskeys()) throw new PasskeyError('unsupported');
  const optionsJSON = toCreationOptions(answer);
  try {
    const { startRegistration } = await loadWebAuthn();
    return await startRegistration({ optionsJSON });
  } catch (error) {
    throw toPasskeyError(error, 'registration');
  }
}

/** What a screen says about a failed passkey flow: the passkey's or the server's message, else `fallback`. */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof PasskeyError) return error.message;
  if (isApiError(error) && error.message) return error.message;
  return fallback;
}
