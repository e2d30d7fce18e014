import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from './limits';
import { isEmailAddress } from './patterns';
import { splitPhoneNumber } from './phone';
import { digitsOf } from './read-data';
import type { CryptoWalletData, EmailData, PhoneData } from './types';

/** What free text looks like, with how sure the guess is (spec 5). */
export type DetectionResult =
  | { type: 'email'; confidence: 1; data: EmailData }
  | { type: 'phone'; confidence: 0.9; data: PhoneData }
  | { type: 'crypto_wallet'; confidence: 0.8; data: CryptoWalletData }
  | { type: null; confidence: 0; data: null };

/** Digits, spaces and the punctuation people write phone numbers with, optionally after a plus. */
const PHONE_LIKE = /^\+?[\d\s().\-/]+$/;
/** Legacy bitcoin addresses: 1 (P2PKH) or 3 (P2SH) and 25-34 more base58 characters. */
const BITCOIN_BASE58 = /^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/;
/** Segwit bitcoin addresses: "bc1" and bech32 characters, all in one case. */
const BITCOIN_BECH32 = /^(bc1[02-9ac-hj-np-z]{8,87}|BC1[02-9AC-HJ-NP-Z]{8,87})$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

const NOTHING: DetectionResult = { type: null, confidence: 0, data: null };

/**
 * Guesses the identifier type of pasted free text (spec 5), in this order:
 * - a valid e-mail address: email, confidence 1;
 * - phone-like text (digits and phone punctuation) with 7 to 15 digits: phone, confidence 0.9. An
 *   explicit "+CC" is honoured (a code no country uses means not a phone); otherwise +1, with 10
 *   digits taken as the number and 11 digits starting with 1 losing that 1 (unless the server's
 *   default region is another and the number is valid there: see `splitPhoneNumber`);
 * - a bitcoin address (legacy 1/3 base58 or bc1 bech32): crypto_wallet on bitcoin, 0x and 40 hex:
 *   crypto_wallet on ethereum, confidence 0.8;
 * - anything else: no type.
 * Only the shape is checked here; checksums belong to the validators.
 */
export function detectIdentifierType(
  text: string,
  options: { defaultRegion?: string } = {},
): DetectionResult {
  const value = text.trim();
  if (value === '') return NOTHING;
  if (isEmailAddress(value)) return { type: 'email', confidence: 1, data: { address: value } };
  const digitCount = digitsOf(value).length;
  if (PHONE_LIKE.test(value) && digitCount >= PHONE_MIN_DIGITS && digitCount <= PHONE_MAX_DIGITS) {
    const phone = splitPhoneNumber(value, options.defaultRegion);
    return phone ? { type: 'phone', confidence: 0.9, data: phone } : NOTHING;
  }
  if (BITCOIN_BASE58.test(value) || BITCOIN_BECH32.test(value)) {
    return { type: 'crypto_wallet', confidence: 0.8, data: { network: 'bitcoin', address: value } };
  }
  if (EVM_ADDRESS.test(value)) {
    return { type: 'crypto_wallet', confidence: 0.8, data: { network: 'ethereum', address: value } };
  }
  return NOTHING;
}
