import { z } from 'zod';
import { authenticationResponseSchema, requestOptionsSchema } from './passkeys';
import { responseText } from './text';

/** Signed journal entries, their verification and the case journal's hash chain (docs/signatures.md). */

export const SIGNATURE_ALGORITHM = 'ES256';
export const CANONICALIZATION_VERSION = 'scamtrail-journal-entry-v1';
export const SIGNATURE_BUNDLE_FORMAT = 'scamtrail-signature-bundle';

/** Signature info (spec 3). */
export const signatureInfoSchema = z
  .object({
    valid: z.boolean(),
    signerName: responseText().nullable().optional(),
    signerEmail: responseText().nullable().optional(),
    passkeyName: responseText().nullable().optional(),
    signedAt: responseText().nullable().optional(),
    signatureAlgorithm: responseText().nullable().optional(),
    invalidReason: responseText().nullable().optional(),
  })
  .meta({ id: 'SignatureInfo' });
export type SignatureInfo = z.infer<typeof signatureInfoSchema>;

export const verifyEntryResponseSchema = z.object({ valid: z.boolean(), info: signatureInfoSchema });
export type VerifyEntryResponse = z.infer<typeof verifyEntryResponseSchema>;

export const verifyCaseResponseSchema = z.object({
  caseId: responseText(),
  results: z.array(
    z.object({ journalEntryId: responseText(), valid: z.boolean(), info: signatureInfoSchema }),
  ),
  summary: z.object({
    /** Entries of the case, removed ones included. */
    total: z.number().int(),
    valid: z.number().int(),
    invalid: z.number().int(),
    unsigned: z.number().int(),
  }),
});
export type VerifyCaseResponse = z.infer<typeof verifyCaseResponseSchema>;

export const signBeginResponseSchema = z.object({
  /** The challenge, URL-safe base64: the content hash followed by a random nonce. */
  signingChallenge: responseText(),
  /** WebAuthn request options (JSON form), limited to the caller's passkeys. */
  options: requestOptionsSchema,
});
export type SignBeginResponse = z.infer<typeof signBeginResponseSchema>;

export const signCompleteBodySchema = z.object({ response: authenticationResponseSchema });

export const journalIntegritySchema = z
  .object({
    intact: z.boolean(),
    /** Links checked in the chain. */
    entries: z.number().int(),
    firstBreak: z
      .object({
        seq: z.number().int().nullable(),
        journalEntryId: responseText().nullable(),
        reason: responseText(),
      })
      .optional(),
    /**
     * When the whole chain was last verified, for a long chain checked from its last checkpoint (the
     * links up to it were verified then); absent when this answer checked the whole chain.
     */
    fullyVerifiedAt: responseText().optional(),
  })
  .meta({ id: 'JournalIntegrity' });
export type JournalIntegrity = z.infer<typeof journalIntegritySchema>;

/**
 * Everything needed to verify a signature offline, with no server (README, "Signature bundles"):
 * the content as it is now, the signed content hash and nonce, and the assertion's parts.
 */
export const signatureBundleSchema = z
  .object({
    format: responseText(),
    version: z.number().int(),
    canonicalization: responseText(),
    /** The signable content of the entry as it is now (RFC 8785 canonical JSON of it is what was hashed). */
    content: z
      .record(responseText(), z.unknown())
      .describe('Free-form: the signable fields of the entry as they are now, as the signer saw them'),
    /** SHA-256 (hex) of the canonical content when it was signed. */
    contentHash: responseText(),
    /** URL-safe base64 of the 16 random bytes after the content hash in the challenge. */
    challengeNonce: responseText(),
    rpId: responseText(),
    origin: responseText(),
    signer: z.object({ name: responseText(), email: responseText(), passkeyName: responseText() }),
    signedAt: responseText(),
    algorithm: responseText(),
    credentialId: responseText(),
    publicKeyJwk: z.record(responseText(), responseText()),
    /** URL-safe base64, as the authenticator produced them. */
    authenticatorData: responseText(),
    clientDataJSON: responseText(),
    signature: responseText(),
  })
  .meta({ id: 'SignatureBundle' });
export type SignatureBundle = z.infer<typeof signatureBundleSchema>;
