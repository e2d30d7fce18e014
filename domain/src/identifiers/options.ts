import type { BankAccountType, CryptoNetwork, SocialPlatform, ZelleIdentifierType } from './types';

/** One choice of a select field: the stored value and the label people read. */
export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

/** Bank account kinds (optional field). */
export const BANK_ACCOUNT_TYPE_OPTIONS: readonly SelectOption<BankAccountType>[] = [
  { value: 'checking', label: 'Checking' },
  { value: 'savings', label: 'Savings' },
  { value: 'business', label: 'Business' },
];

/** What a Zelle identifier points to. */
export const ZELLE_IDENTIFIER_TYPE_OPTIONS: readonly SelectOption<ZelleIdentifierType>[] = [
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
];

/** Wallet networks; "binance" is BNB Smart Chain, an EVM chain. */
export const CRYPTO_NETWORK_OPTIONS: readonly SelectOption<CryptoNetwork>[] = [
  { value: 'bitcoin', label: 'Bitcoin' },
  { value: 'ethereum', label: 'Ethereum' },
  { value: 'binance', label: 'Binance Smart Chain' },
  { value: 'polygon', label: 'Polygon' },
  { value: 'solana', label: 'Solana' },
  { value: 'tron', label: 'Tron' },
  { value: 'other', label: 'Other' },
];

/** Social platforms; the display value capitalises the stored value, not this label. */
export const SOCIAL_PLATFORM_OPTIONS: readonly SelectOption<SocialPlatform>[] = [
  { value: 'facebook', label: 'Facebook' },
  { value: 'instagram', label: 'Instagram' },
  { value: 'twitter', label: 'Twitter / X' },
  { value: 'linkedin', label: 'LinkedIn' },
  { value: 'tiktok', label: 'TikTok' },
  { value: 'snapchat', label: 'Snapchat' },
  { value: 'telegram', label: 'Telegram' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'discord', label: 'Discord' },
  { value: 'other', label: 'Other' },
];
