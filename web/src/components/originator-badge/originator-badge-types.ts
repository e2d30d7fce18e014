import type { Originator, OriginatorType } from '@scamtrail/domain/originators';

/**
 * A proxy originator (spec 3: proxyOriginatorId, proxyOriginatorType, proxyOriginator): the team member
 * who entered a record on behalf of its originator, e.g. a community member's report taken by phone.
 */
export interface BadgeOriginatorRef {
  id: string;
  type: OriginatorType;
  /** "First Last", the username or the systemName. */
  name: string;
  /** "{name} (Team)" and so on; derived from the name and type when absent. */
  displayName?: string;
}

/**
 * The originator a record holds. Only id, type and name are required; any fields of the full originator
 * the record already carries are shown when the detail call fails (spec 8: fall back to the held data).
 */
export type BadgeOriginator = BadgeOriginatorRef &
  Partial<Omit<Originator, 'id' | 'type' | 'name' | 'displayName'>> & {
    /** Who entered the record on the originator's behalf. */
    proxy?: BadgeOriginatorRef | null;
  };

/** The outcome of verifying a journal entry's signature (spec 3, Signature info). */
export interface SignatureInfo {
  valid: boolean;
  signerName?: string | null;
  signerEmail?: string | null;
  passkeyName?: string | null;
  signedAt?: string | null;
  /** ES256 after signing. */
  signatureAlgorithm?: string | null;
  /** Why verification failed, when `valid` is false. */
  invalidReason?: string | null;
}

/** A signed entry's signature bundle: everything needed to verify it offline, as a JSON file. */
export interface SignatureBundleLink {
  url: string;
  /** The name the file is saved under. */
  fileName: string;
}

/** A signable record's signature: whether it is signed, and what verification found (if it ran). */
export interface EntrySignature {
  isSigned: boolean;
  info?: SignatureInfo | null;
}
