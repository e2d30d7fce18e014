import {
  ACCOUNT_NUMBER_MIN_LENGTH,
  COUNTRY_CODE_MAX_DIGITS,
  COUNTRY_CODE_MIN_DIGITS,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  ROUTING_NUMBER_LENGTH,
  WALLET_ADDRESS_MIN_LENGTH,
} from './limits';
import { normaliseCountryCode } from './phone';
import { compactUpper, digitsOf } from './read-data';

/**
 * Spec 5's e-mail rule: a local part, an at sign, and a domain with a dot, with no spaces. Scam
 * addresses are often odd, so this is deliberately loose; `validators/email.ts` checks RFC syntax.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const COUNTRY_CODE_PATTERN = new RegExp(`^\\+\\d{${COUNTRY_CODE_MIN_DIGITS},${COUNTRY_CODE_MAX_DIGITS}}$`);
const ROUTING_NUMBER_PATTERN = new RegExp(`^\\d{${ROUTING_NUMBER_LENGTH}}$`);

/** True for an address matching spec 5's e-mail rule. */
export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** True for a plus sign and 1-4 digits, after adding the plus if it is absent. */
export function isCountryCode(value: string): boolean {
  return COUNTRY_CODE_PATTERN.test(normaliseCountryCode(value));
}

/** True when the value has 7 to 15 digits once non-digits are removed. */
export function isPhoneNumber(value: string): boolean {
  const count = digitsOf(value).length;
  return count >= PHONE_MIN_DIGITS && count <= PHONE_MAX_DIGITS;
}

/** True for exactly 9 digits. */
export function isRoutingNumber(value: string): boolean {
  return ROUTING_NUMBER_PATTERN.test(value.trim());
}

/** True for at least 4 characters, not counting spaces and dashes. */
export function isAccountNumber(value: string): boolean {
  return compactUpper(value).length >= ACCOUNT_NUMBER_MIN_LENGTH;
}

/** True for at least 20 characters with no whitespace inside. */
export function isWalletAddress(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length >= WALLET_ADDRESS_MIN_LENGTH && !/\s/.test(trimmed);
}

/** The parts of a profile link the platform check needs. */
export interface ProfileUrl {
  /** Lower-cased host name without port, user info or trailing dot. */
  host: string;
  /** Everything after the host, e.g. "/scammer?ref=1". */
  path: string;
}

/** The parts of a WHATWG URL read here; the domain's TypeScript libs declare no `URL`. */
interface WhatwgUrl {
  protocol: string;
  hostname: string;
  pathname: string;
  search: string;
  hash: string;
}
/** The runtime's WHATWG URL parser (browsers and Node.js both have it), which throws on a bad URL. */
const WhatwgUrlParser = (globalThis as unknown as { URL: new (input: string) => WhatwgUrl }).URL;

/**
 * Reads a profile link as a browser would (the WHATWG URL parser), accepting a bare
 * "instagram.com/name" (people paste them without a scheme) as https. Undefined unless the scheme is
 * http(s) and the host is a dotted name. The host is the one a browser would open: user info is not
 * the host ("https://facebook.com@evil.example" opens evil.example) and a backslash ends the host
 * ("https://evil.example\@facebook.com/" opens evil.example too).
 */
export function parseProfileUrl(value: string): ProfileUrl | undefined {
  const trimmed = value.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: WhatwgUrl;
  try {
    url = new WhatwgUrlParser(withScheme);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) return undefined;
  return { host, path: `${url.pathname}${url.search}${url.hash}` };
}
