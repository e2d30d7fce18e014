import { splitPhoneNumber, toE164 } from './phone';
import { compactUpper, readText } from './read-data';
import { EVM_NETWORKS, type CryptoNetwork } from './types';
import { UNKNOWN_IDENTIFIER_TYPE } from './catalogue';

const EVM_ADDRESS = /^0x[0-9a-f]{40}$/i;
const BECH32_BITCOIN = /^bc1/i;

function normaliseEmail(address: string): string {
  return address.trim().toLowerCase();
}

/** Zelle keys equal the email or phone key they point to, so a Zelle handle matches that identifier. */
function normaliseZelle(kind: string, identifier: string): string {
  const isEmail = kind === 'email' || (kind !== 'phone' && identifier.includes('@'));
  if (isEmail) return normaliseEmail(identifier);
  const phone = splitPhoneNumber(identifier);
  return phone ? toE164(phone.countryCode, phone.number) : toE164('', identifier);
}

/**
 * EVM addresses are hex (EIP-55 case is only a checksum) and bech32 is case-insensitive, so both are
 * lower-cased; base58 (legacy bitcoin, tron, solana) is case-sensitive and kept as entered.
 */
function normaliseWalletAddress(network: string, address: string): string {
  const isEvm = (EVM_NETWORKS as readonly string[]).includes(network) || EVM_ADDRESS.test(address);
  return isEvm || BECH32_BITCOIN.test(address) ? address.toLowerCase() : address;
}

/**
 * The key two identifiers share when they are the same thing (architecture.md, "Identifier
 * normalisation"). Keys are unique per type; cases link through equal keys. Formats:
 * - email: trimmed, lower-cased address: "foo@example.com".
 * - phone: E.164 via libphonenumber-js, falling back to "+" + code digits + number digits for numbers
 *   it cannot parse: "+15551234567".
 * - bank_account: "{routing}:{account}", or "{account}" without a routing number; spaces and dashes
 *   removed, upper-cased: "011000015:GB82WEST12345698765432".
 * - zelle: the e-mail or phone key it points to: "foo@example.com", "+15551234567".
 * - crypto_wallet: "{network}:{address}", EVM and bech32 addresses lower-cased: "ethereum:0x5aae...".
 * - social_media: "{platform}:{username}", leading @ removed, lower-cased: "twitter:scam".
 * - other: "{identifierType}:{value}", each trimmed and lower-cased: "website:scam.example".
 * @throws Error("Unknown identifier type") for a type outside the catalogue.
 */
export function buildNormalisedKey(type: unknown, data: unknown): string {
  const text = (name: string) => readText(data, name);
  switch (type) {
    case 'email':
      return normaliseEmail(text('address'));
    case 'phone':
      return toE164(text('countryCode'), text('number'));
    case 'bank_account': {
      const routing = compactUpper(text('routingNumber'));
      const account = compactUpper(text('accountNumber'));
      return routing === '' ? account : `${routing}:${account}`;
    }
    case 'zelle':
      return normaliseZelle(text('identifierType'), text('identifier'));
    case 'crypto_wallet': {
      const network = text('network').toLowerCase() as CryptoNetwork;
      return `${network}:${normaliseWalletAddress(network, text('address'))}`;
    }
    case 'social_media':
      return `${text('platform').toLowerCase()}:${text('username').replace(/^@+/, '').toLowerCase()}`;
    case 'other':
      return `${text('identifierType').toLowerCase()}:${text('value').toLowerCase()}`;
    default:
      throw new Error(UNKNOWN_IDENTIFIER_TYPE);
  }
}
