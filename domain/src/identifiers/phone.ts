import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
  type PhoneNumber,
} from 'libphonenumber-js';
import { DEFAULT_COUNTRY_CODE } from './limits';
import { digitsOf } from './read-data';

/**
 * Spec 5: "the plus is added if absent". Trims, and prefixes a plus when the value is not blank and
 * lacks one; otherwise returns the value unchanged so validation can still reject it.
 */
export function normaliseCountryCode(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.startsWith('+')) return trimmed;
  return `+${trimmed}`;
}

/**
 * The region phone numbers written without a country code are read in when nothing else says:
 * spec 5 reads them as +1, the United States. A server may set another (`DEFAULT_PHONE_REGION`).
 */
export const DEFAULT_PHONE_REGION = 'US';

/** True for an ISO 3166 region libphonenumber-js has numbering metadata for ("GB", "DE"...). */
export function isPhoneRegion(value: string): value is CountryCode {
  return /^[A-Z]{2}$/.test(value) && isSupportedCountry(value);
}

/** The calling code of a region libphonenumber-js knows, with its plus: "GB" is "+44". */
export function callingCodeOf(region: CountryCode): string {
  return `+${getCountryCallingCode(region)}`;
}

/** What is dialled before a country code: 00 in most of the world, 011 from North America. */
const INTERNATIONAL_PREFIXES = ['00', '011'] as const;

/**
 * The international forms ("+447911123456") that digits dialled with an international prefix
 * ("00447911123456", "011447911123456") may stand for; none without such a prefix. Callers take one
 * only when the digits are not a valid number as written and the international form is.
 */
export function internationalReadings(digits: string): string[] {
  return INTERNATIONAL_PREFIXES.filter((prefix) => digits.startsWith(prefix)).map(
    (prefix) => `+${digits.slice(prefix.length)}`,
  );
}

/** The valid number digits dialled with an international prefix stand for, if any. */
function dialledAbroad(digits: string): PhoneNumber | undefined {
  for (const reading of internationalReadings(digits)) {
    const parsed = parsePhoneNumberFromString(reading);
    if (parsed?.isValid()) return parsed;
  }
  return undefined;
}

/**
 * The E.164 form ("+15551234567") of a number written as a country code and a national number.
 * libphonenumber-js strips national prefixes (e.g. the UK's leading 0, the US's leading 1). It parses
 * numbers it considers invalid, such as +1 555 ones, but gives up on unknown calling codes; then the
 * key falls back to "+" + code digits + number digits so that equal input still gives equal keys.
 * A blank country code means the default +1. A number that is not valid under its code but is once read
 * as dialled abroad ("0044 7911 123456", "011 44 ...") is that international number.
 */
export function toE164(countryCode: string, number: string): string {
  const code = digitsOf(countryCode) || digitsOf(DEFAULT_COUNTRY_CODE);
  const trimmed = number.trim();
  // A number written in full international form wins over the separate country code field.
  const parsed = trimmed.startsWith('+') ? parsePhoneNumberFromString(trimmed) : readNational(trimmed, code);
  if (parsed) {
    lastRead = { e164: parsed.number, nationalNumber: parsed.nationalNumber };
    return parsed.number;
  }
  return `+${trimmed.startsWith('+') ? '' : code}${digitsOf(trimmed)}`;
}

/**
 * The last number `toE164` read, as E.164 and its national number. A phone's key and then its search
 * text are computed one after the other (`toIdentifierValues`, an import's rows): the search text's
 * national number comes from here instead of a second parse of the same number, the most expensive
 * step of an imported phone row (issue 38).
 */
let lastRead: { e164: string; nationalNumber: string } | undefined;

/**
 * The national number of an E.164 number ("+14155550134" is "4155550134"); "" for one libphonenumber-js
 * cannot read. The same as parsing `e164` again: the number libphonenumber-js reads from its own E.164
 * form has the national number it read it with (phone.test.ts holds it to that).
 */
export function nationalNumberOf(e164: string): string {
  if (lastRead?.e164 === e164) return lastRead.nationalNumber;
  return parsePhoneNumberFromString(e164)?.nationalNumber ?? '';
}

/** A number written without a plus: national under `callingCode`, unless it was dialled abroad. */
function readNational(written: string, callingCode: string): PhoneNumber | undefined {
  const digits = digitsOf(written);
  const national = parseNational(digits, callingCode);
  if (national?.isValid()) return national;
  return dialledAbroad(digits) ?? national;
}

/** Parses a national number under a calling code; libphonenumber-js throws for unknown codes. */
function parseNational(digits: string, callingCode: string): PhoneNumber | undefined {
  try {
    return parsePhoneNumberFromString(digits, { defaultCallingCode: callingCode });
  } catch {
    return undefined;
  }
}

/** A phone number split into country code ("+44") and national number ("7911123456"). */
export interface SplitPhone {
  countryCode: string;
  number: string;
}

/**
 * Splits a free-text phone number (spec 5 detection rules). With an explicit "+CC" prefix the calling
 * code comes from libphonenumber-js; a prefix no country uses gives undefined. Digits dialled with an
 * international prefix ("0044 ...", "011 44 ...") that make a valid number are read the same way.
 * With the organisation's `defaultRegion` other than the US (`DEFAULT_PHONE_REGION`), a number valid
 * there as written nationally ("020 7946 0958" in GB) is that region's number. Otherwise the default
 * +1 applies: 10 digits are a US number, 11 digits starting with 1 drop that 1.
 */
export function splitPhoneNumber(
  text: string,
  defaultRegion: string = DEFAULT_PHONE_REGION,
): SplitPhone | undefined {
  const trimmed = text.trim();
  const digits = digitsOf(trimmed);
  if (trimmed.startsWith('+')) {
    const parsed = parsePhoneNumberFromString(trimmed);
    if (!parsed) return undefined;
    return { countryCode: `+${parsed.countryCallingCode}`, number: parsed.nationalNumber };
  }
  const abroad = dialledAbroad(digits);
  if (abroad) return { countryCode: `+${abroad.countryCallingCode}`, number: abroad.nationalNumber };
  if (defaultRegion !== DEFAULT_PHONE_REGION && isPhoneRegion(defaultRegion)) {
    const national = parsePhoneNumberFromString(digits, defaultRegion);
    if (national?.isValid()) {
      return { countryCode: `+${national.countryCallingCode}`, number: national.nationalNumber };
    }
  }
  if (digits.length === 11 && digits.startsWith('1')) {
    return { countryCode: DEFAULT_COUNTRY_CODE, number: digits.slice(1) };
  }
  return { countryCode: DEFAULT_COUNTRY_CODE, number: digits };
}
