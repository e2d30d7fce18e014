/**
 * Identifier types and the shape of each type's `data` object (spec 3). The catalogue
 * (`catalogue.ts`) describes the same fields for forms; this file is the TypeScript view of them.
 */

/** Every identifier type, in the order of the spec's type table. */
export const IDENTIFIER_TYPES = [
  'email',
  'phone',
  'bank_account',
  'zelle',
  'crypto_wallet',
  'social_media',
  'other',
] as const;
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];

/** Bank account kinds a `bank_account` may name. */
export const BANK_ACCOUNT_TYPES = ['checking', 'savings', 'business'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

/** What a Zelle identifier points to. */
export const ZELLE_IDENTIFIER_TYPES = ['email', 'phone'] as const;
export type ZelleIdentifierType = (typeof ZELLE_IDENTIFIER_TYPES)[number];

/** Networks a crypto wallet may live on. */
export const CRYPTO_NETWORKS = [
  'bitcoin',
  'ethereum',
  'binance',
  'polygon',
  'solana',
  'tron',
  'other',
] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

/** Networks whose addresses are EVM (0x + 40 hex) addresses, compared case-insensitively. */
export const EVM_NETWORKS: readonly CryptoNetwork[] = ['ethereum', 'binance', 'polygon'];

/** Social platforms a `social_media` identifier may name. */
export const SOCIAL_PLATFORMS = [
  'facebook',
  'instagram',
  'twitter',
  'linkedin',
  'tiktok',
  'snapchat',
  'telegram',
  'whatsapp',
  'discord',
  'other',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** The free-text note any identifier may carry (spec 3: "an extra free-text notes value"). */
interface WithNotes {
  notes?: string;
}

/** `email` data. */
export interface EmailData extends WithNotes {
  address: string;
}

/** `phone` data. */
export interface PhoneData extends WithNotes {
  /** A plus sign and 1-4 digits, e.g. "+1". */
  countryCode: string;
  /** The number as entered, without the country code. */
  number: string;
}

/** `bank_account` data. */
export interface BankAccountData extends WithNotes {
  bankName: string;
  accountName: string;
  accountNumber: string;
  routingNumber?: string;
  accountType?: BankAccountType;
}

/** `zelle` data. */
export interface ZelleData extends WithNotes {
  identifierType: ZelleIdentifierType;
  /** The e-mail address or phone number registered with Zelle. */
  identifier: string;
}

/** `crypto_wallet` data. */
export interface CryptoWalletData extends WithNotes {
  network: CryptoNetwork;
  address: string;
}

/** `social_media` data; `username` is kept as entered (with any @). */
export interface SocialMediaData extends WithNotes {
  platform: SocialPlatform;
  username: string;
  profileUrl?: string;
}

/** `other` data. */
export interface OtherData extends WithNotes {
  /** Free text naming what kind of identifier this is, e.g. "Website". */
  identifierType: string;
  value: string;
  description?: string;
}

/** The data shape of each identifier type. */
export interface IdentifierDataByType {
  email: EmailData;
  phone: PhoneData;
  bank_account: BankAccountData;
  zelle: ZelleData;
  crypto_wallet: CryptoWalletData;
  social_media: SocialMediaData;
  other: OtherData;
}

/** A validated, cleaned identifier: its type and the matching data. */
export type IdentifierInput = {
  [T in IdentifierType]: { type: T; data: IdentifierDataByType[T] };
}[IdentifierType];

/** True when `value` names one of the seven identifier types. */
export function isIdentifierType(value: unknown): value is IdentifierType {
  return typeof value === 'string' && (IDENTIFIER_TYPES as readonly string[]).includes(value);
}
