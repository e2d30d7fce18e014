import { getIdentifierFields, UNKNOWN_IDENTIFIER_TYPE } from './catalogue';
import { normaliseCountryCode } from './phone';
import { readText } from './read-data';
import { isIdentifierType } from './types';

const MASK = '****';

/** "bitcoin" -> "Bitcoin": spec 3 capitalises the stored platform value, not its option label. */
function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** The first 6 and last 4 characters joined by "..."; short addresses are shown whole. */
function shortenAddress(address: string): string {
  return address.length <= 10 ? address : `${address.slice(0, 6)}...${address.slice(-4)}`;
}

/**
 * The display value of an identifier (spec 3). Exact formats, values trimmed:
 * - email: the address, e.g. "scam@example.com".
 * - phone: country code (plus added if absent), a space, the number as entered: "+1 5551234567".
 * - bank_account: bank name, a space, "****" and the last 4 characters of the account number
 *   (spaces and dashes removed), or "XXXX" when it is missing: "Chase ****6789", "Chase ****XXXX".
 * - zelle: "Zelle: " and the identifier: "Zelle: scam@example.com".
 * - crypto_wallet: the upper-cased network, a space, the first 6 and last 4 characters of the
 *   address joined by "...": "BITCOIN 1BvBMS...NVN2".
 * - social_media: the capitalised platform, a space, the username as entered: "Twitter @scam".
 * - other: the identifier type, ": ", the value: "Website: scam.example".
 * - an unknown type: "Unknown identifier type".
 */
export function buildDisplayValue(type: unknown, data: unknown): string {
  const text = (name: string) => readText(data, name);
  switch (type) {
    case 'email':
      return text('address');
    case 'phone':
      return `${normaliseCountryCode(text('countryCode'))} ${text('number')}`.trim();
    case 'bank_account': {
      const account = text('accountNumber').replace(/[\s-]/g, '');
      const last4 = account === '' ? 'XXXX' : account.slice(-4);
      return `${text('bankName')} ${MASK}${last4}`.trim();
    }
    case 'zelle':
      return `Zelle: ${text('identifier')}`;
    case 'crypto_wallet':
      return `${text('network').toUpperCase()} ${shortenAddress(text('address'))}`.trim();
    case 'social_media':
      return `${capitalise(text('platform'))} ${text('username')}`.trim();
    case 'other':
      return `${text('identifierType')}: ${text('value')}`;
    default:
      return UNKNOWN_IDENTIFIER_TYPE;
  }
}

/** One line of an identifier's type-specific details: the field label and the readable value. */
export interface IdentifierDetail {
  name: string;
  label: string;
  value: string;
}

/**
 * The type-specific details section of the detail modal: every field that has a value, in form
 * order, select values shown by their option label ("savings" -> "Savings").
 */
export function listIdentifierDetails(type: unknown, data: unknown): IdentifierDetail[] {
  if (!isIdentifierType(type)) return [];
  return getIdentifierFields(type).flatMap((field) => {
    const value = readText(data, field.name);
    if (value === '') return [];
    const option = field.options?.find((candidate) => candidate.value === value);
    return [{ name: field.name, label: field.label, value: option?.label ?? value }];
  });
}
