import { z } from 'zod';
import { pageQuery, paginated } from './pagination';
import { requiredText } from './schema-helpers';
import { responseText, text } from './text';

/**
 * Passkeys (WebAuthn credentials) and sessions: the shapes of `/api/auth/passkeys*`,
 * `/api/auth/passkey/*` and `/api/auth/sessions*`.
 */

export const PASSKEY_NAME_MAX_LENGTH = 100;
/** How long a WebAuthn challenge may be answered, in milliseconds. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** The timeout the browser is given for a passkey prompt (spec 9). */
export const PASSKEY_TIMEOUT_MS = 60_000;

/** A passkey's name, as its owner tells their passkeys apart. */
export const passkeyNameSchema = requiredText('Name', PASSKEY_NAME_MAX_LENGTH);

/** URL-safe base64 without padding, as WebAuthn JSON carries binary values. */
const base64url = (label: string) =>
  text({ label, max: 16_384, required: true }).regex(/^[A-Za-z0-9_-]+$/, `${label} must be URL-safe base64`);

/** Free-form: each WebAuthn extension the browser ran writes its own output under its name. */
const clientExtensionResultsSchema = z
  .record(text({ label: 'response.clientExtensionResults', max: 64 }), z.unknown())
  .default({})
  .describe('Free-form: the output of each WebAuthn extension the browser ran, by its name');

/** What a browser's `PublicKeyCredential.toJSON()` gives for `navigator.credentials.create()`. */
export const registrationResponseSchema = z.object({
  id: base64url('response.id'),
  rawId: base64url('response.rawId'),
  type: z.literal('public-key', { message: 'response.type must be "public-key"' }),
  response: z.object({
    clientDataJSON: base64url('response.response.clientDataJSON'),
    attestationObject: base64url('response.response.attestationObject'),
    transports: z
      .array(text({ label: 'response.response.transports', max: 32 }))
      .max(10)
      .optional(),
  }),
  authenticatorAttachment: text({ label: 'response.authenticatorAttachment', max: 32 }).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
});

/** What a browser gives for `navigator.credentials.get()`: the passkey assertion of spec 7. */
export const authenticationResponseSchema = z.object({
  id: base64url('response.id'),
  rawId: base64url('response.rawId'),
  type: z.literal('public-key', { message: 'response.type must be "public-key"' }),
  response: z.object({
    authenticatorData: base64url('response.response.authenticatorData'),
    clientDataJSON: base64url('response.response.clientDataJSON'),
    signature: base64url('response.response.signature'),
    userHandle: text({ label: 'response.response.userHandle', max: 1024 }).optional(),
  }),
  authenticatorAttachment: text({ label: 'response.authenticatorAttachment', max: 32 }).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

export const registerPasskeyBodySchema = z.object({
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});
export type RegisterPasskeyBody = z.infer<typeof registerPasskeyBodySchema>;

export const renamePasskeyBodySchema = z.object({ name: passkeyNameSchema });

export const passkeyLoginBodySchema = z.object({ response: authenticationResponseSchema });

const credentialDescriptorSchema = z.object({
  id: responseText(),
  /** Always "public-key". */
  type: responseText(),
  transports: z.array(responseText()).optional(),
});

/**
 * WebAuthn creation options in their JSON form (`PublicKeyCredentialCreationOptionsJSON`), for
 * `navigator.credentials.create()`: binary values in URL-safe base64.
 */
export const creationOptionsSchema = z
  .object({
    challenge: responseText(),
    rp: z.object({ name: responseText(), id: responseText().optional() }),
    user: z.object({ id: responseText(), name: responseText(), displayName: responseText() }),
    pubKeyCredParams: z.array(z.object({ alg: z.number(), type: responseText() })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(credentialDescriptorSchema).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: responseText().optional(),
        residentKey: responseText().optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: responseText().optional(),
      })
      .optional(),
    hints: z.array(responseText()).optional(),
    attestation: responseText().optional(),
    /** `credProps: true` asks the browser to say whether the credential is discoverable. */
    extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  })
  .meta({ id: 'PasskeyCreationOptions' });
export type CreationOptions = z.infer<typeof creationOptionsSchema>;

/**
 * WebAuthn request options in their JSON form (`PublicKeyCredentialRequestOptionsJSON`), for
 * `navigator.credentials.get()`. Sign-in sends no `allowCredentials` (discoverable credentials).
 */
export const requestOptionsSchema = z
  .object({
    challenge: responseText(),
    timeout: z.number().optional(),
    rpId: responseText().optional(),
    allowCredentials: z.array(credentialDescriptorSchema).optional(),
    userVerification: responseText().optional(),
    hints: z.array(responseText()).optional(),
  })
  .meta({ id: 'PasskeyRequestOptions' });
export type RequestOptions = z.infer<typeof requestOptionsSchema>;

export const passkeySchema = z
  .object({
    id: responseText(),
    name: responseText(),
    createdAt: responseText(),
    lastUsedAt: responseText().nullable(),
    /** Synced to other devices (a multi-device credential that is backed up). */
    backedUp: z.boolean(),
    deviceType: z.enum(['singleDevice', 'multiDevice']),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof passkeySchema>;

/** One of the signed-in user's active sessions. */
export const sessionSchema = z
  .object({
    id: responseText(),
    /** "Chrome 131 on Linux", read from the user agent; "Unknown device" without one. */
    device: responseText(),
    ip: responseText().nullable(),
    createdAt: responseText(),
    lastSeenAt: responseText(),
    /** The session of this request. */
    current: z.boolean(),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;

/** How many sessions a page of the Profile's list shows, unless asked for another size. */
export const SESSIONS_PAGE_SIZE = 10;

export const sessionListQuerySchema = z.object({ ...pageQuery(SESSIONS_PAGE_SIZE, 100) });
export type SessionListQuery = z.infer<typeof sessionListQuerySchema>;

/** A page of the user's active sessions: this request's first, then the newest first. */
export const sessionListSchema = paginated(sessionSchema).extend({
  otherCount: z
    .number()
    .int()
    .min(0)
    .describe(
      'How many of your active sessions, on every page, are not this one: those that signing out of all ' +
        'other sessions signs out',
    ),
});
export type SessionList = z.infer<typeof sessionListSchema>;

/** The answer to signing out of every other session: how many were signed out. */
export const otherSessionsRevokedSchema = z
  .object({
    revoked: z.number().int().min(0).describe('How many sessions were signed out (0: there were none)'),
  })
  .meta({ id: 'OtherSessionsRevoked' });
export type OtherSessionsRevoked = z.infer<typeof otherSessionsRevokedSchema>;
