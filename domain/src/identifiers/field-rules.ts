import { IDENTIFIER_MESSAGES } from './messages';
import {
  isAccountNumber,
  isCountryCode,
  isEmailAddress,
  isPhoneNumber,
  isRoutingNumber,
  isWalletAddress,
  parseProfileUrl,
} from './patterns';
import { readText } from './read-data';
import type { IdentifierType } from './types';

/** A format check on a non-blank, trimmed value. */
export interface FormatRule {
  /** True when the value is well-formed; `data` is the whole form, for rules that depend on another field. */
  isValid: (value: string, data: unknown) => boolean;
  /** The submit message; without one, submit says "{label} format is invalid". */
  message?: (data: unknown) => string;
}

const fixed = (message: string) => () => message;

/** Zelle identifiers are checked as what they point to; spec 5 requires this for e-mail, we extend it to phones. */
const zelleIdentifier: FormatRule = {
  isValid: (value, data) => {
    const kind = readText(data, 'identifierType');
    if (kind === 'email') return isEmailAddress(value);
    if (kind === 'phone') return isPhoneNumber(value);
    return true;
  },
  message: (data) =>
    readText(data, 'identifierType') === 'phone'
      ? IDENTIFIER_MESSAGES.invalidPhoneNumber
      : IDENTIFIER_MESSAGES.invalidEmail,
};

/** Format rules by type and field. Fields not listed have no format beyond length and options. */
export const FORMAT_RULES: Readonly<Record<IdentifierType, Readonly<Record<string, FormatRule>>>> = {
  email: {
    address: { isValid: isEmailAddress, message: fixed(IDENTIFIER_MESSAGES.invalidEmail) },
  },
  phone: {
    countryCode: { isValid: isCountryCode, message: fixed(IDENTIFIER_MESSAGES.invalidCountryCode) },
    number: { isValid: isPhoneNumber, message: fixed(IDENTIFIER_MESSAGES.invalidPhoneNumber) },
  },
  bank_account: {
    // Spec 5 gives no specific message for a short account number, so the generic one applies.
    accountNumber: { isValid: isAccountNumber },
    routingNumber: { isValid: isRoutingNumber, message: fixed(IDENTIFIER_MESSAGES.invalidRoutingNumber) },
  },
  zelle: { identifier: zelleIdentifier },
  crypto_wallet: {
    address: { isValid: isWalletAddress, message: fixed(IDENTIFIER_MESSAGES.invalidWalletAddress) },
  },
  social_media: {
    profileUrl: { isValid: (value) => parseProfileUrl(value) !== undefined },
  },
  other: {},
};

/** Required-field messages that differ from "{label} is required" (spec 5 words Zelle's its own way). */
export const REQUIRED_MESSAGES: Readonly<Partial<Record<IdentifierType, Readonly<Record<string, string>>>>> =
  {
    zelle: { identifier: IDENTIFIER_MESSAGES.zelleIdentifierRequired },
  };
