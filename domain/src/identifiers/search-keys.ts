import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { buildNormalisedKey } from './normalise';
import { internationalReadings, isPhoneRegion, nationalNumberOf, toE164 } from './phone';
import { compactUpper, digitsOf, readText } from './read-data';

/**
 * What the searches of identifiers match: every written form of an identifier's value worth finding
 * it by, stored beside the identifier (`identifiers.search_text`) and matched with ILIKE through a
 * trigram index, and the query turned into the form those values are written in (`searchTermOf`).
 * The full values are in it, masked or not on screen: the match happens on the server, and the
 * answer shows the display value only.
 */

/**
 * Between two forms. A search term never holds it (`searchTermOf` removes control characters), so a
 * match never spans two forms.
 */
const FORM_SEPARATOR = '\n';

/** Whitespace runs as one space, lower-cased: the value as written, for a term typed the same way. */
function asWritten(value: string): string {
  return value.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Both writings of a phone number: the E.164 digits ("14155550134") and the national ones ("4155550134").
 * `e164` is `toE164(countryCode, number)` when the caller has it already (a phone's normalised key).
 */
function phoneForms(countryCode: string, number: string, e164 = toE164(countryCode, number)): string[] {
  return [digitsOf(e164), nationalNumberOf(e164), digitsOf(number)];
}

/** An e-mail address and its local part, so "jane.doe" finds jane.doe@example.com. */
function emailForms(address: string): string[] {
  const at = address.lastIndexOf('@');
  return [address, at > 0 ? address.slice(0, at) : ''];
}

/** A compact IBAN: two letters, two check digits, then letters and digits. */
const COMPACT_IBAN = /^[A-Z]{2}\d{2}[A-Z\d]+$/;

/**
 * An account or routing number compact ("GB82WEST1234...") and as written; an IBAN also in its print
 * form, in groups of four ("GB82 WEST 1234 ..."), however it was written, so a spaced part of it
 * ("WEST 1234") finds it.
 */
function numberForms(value: string): string[] {
  const compact = compactUpper(value);
  const print = COMPACT_IBAN.test(compact) ? (compact.match(/.{1,4}/g) ?? []).join(' ') : '';
  return [compact, value, print];
}

/** `key` is the identifier's normalised key, or '' when its type has none. */
function valueForms(type: unknown, data: unknown, key: string): string[] {
  const text = (name: string) => readText(data, name);
  switch (type) {
    case 'email':
      return emailForms(text('address'));
    case 'phone':
      // A phone's key is its E.164 form (`buildNormalisedKey`): read once, not again here.
      return phoneForms(text('countryCode'), text('number'), key);
    case 'bank_account':
      return [...numberForms(text('accountNumber')), ...numberForms(text('routingNumber'))];
    case 'zelle': {
      const identifier = text('identifier');
      return identifier.includes('@') ? emailForms(identifier) : [identifier, ...phoneForms('', identifier)];
    }
    case 'crypto_wallet':
      return [text('address')];
    case 'social_media': {
      const handle = text('username').replace(/^@+/, '');
      return [handle, `@${handle}`, text('profileUrl')];
    }
    case 'other':
      return [text('value')];
    default:
      return [];
  }
}

/** The normalised key, or '' for a type outside the catalogue (its display value still finds it). */
function keyOrBlank(type: unknown, data: unknown): string {
  try {
    return buildNormalisedKey(type, data);
  } catch {
    return '';
  }
}

/**
 * The stored search text of an identifier: its display value, its normalised key and each written
 * form of its value (see `valueForms`), lower-cased, one per line, each once. Computed at every write
 * from the record's data, and for rows stored before it existed at start-up (`fillSearchTexts`).
 * A caller that has computed the key (`buildNormalisedKey(type, data)`) passes it, so a phone number
 * is not parsed again for it (the parse is most of an import's time).
 */
export function buildSearchText(
  type: unknown,
  data: unknown,
  displayValue: string,
  key: string = keyOrBlank(type, data),
): string {
  const forms = [displayValue, key, ...valueForms(type, data, key)]
    .map(asWritten)
    .filter((form) => form !== '');
  return [...new Set(forms)].join(FORM_SEPARATOR);
}

/** Digits and what phone and account numbers are written with: "+1 (415) 555-0134", "12-34-56". */
const NUMBER_LIKE = /^[\d\s+().\-/]*\d[\d\s+().\-/]*$/;
/** The start of an IBAN written with spaces: two letters, two check digits, then letters, digits and spaces. */
const SPACED_IBAN = /^[a-z]{2}\d{2}[a-z\d ]* [a-z\d ]*$/i;

/**
 * The digits of a number-like term as the stored forms write them: dialled with an international
 * prefix ("0044 20 7946 0958"), the E.164 digits ("442079460958") when they make a valid number, or
 * else a possible one;
 * written nationally with a trunk prefix in the default region ("020 7946 0958" in GB), the national
 * number ("2079460958"); else the digits as typed (a part of a number stays a part).
 */
function numberTerm(term: string, defaultRegion: string | undefined): string {
  const digits = digitsOf(term);
  if (term.startsWith('+')) return digits;
  const abroad = internationalReadings(digits)
    .map((reading) => parsePhoneNumberFromString(reading))
    .filter((parsed) => parsed !== undefined);
  // A valid reading first; else a merely possible one, which an import also stores (`isPhoneNumber`):
  // "0044 7700 467612" is +44 7700 467612 though libphonenumber does not call it valid. Dropping the
  // prefix only widens the match: the shorter digits are part of the longer ones.
  const international =
    abroad.find((parsed) => parsed.isValid()) ?? abroad.find((parsed) => parsed.isPossible());
  if (international) return digitsOf(international.number);
  if (defaultRegion && isPhoneRegion(defaultRegion)) {
    const national = parsePhoneNumberFromString(digits, defaultRegion);
    if (
      national?.isValid() &&
      national.nationalNumber !== digits &&
      digits.endsWith(national.nationalNumber)
    ) {
      return national.nationalNumber;
    }
  }
  return digits;
}

/**
 * A query as the stored search texts write values, the one term the searches of identifiers match:
 * - mostly digits ("(415) 555-0134", "+44 7911 123456", "555 0134"): its digits only, which the
 *   stored E.164 and national digits, and the compact account and routing numbers, hold; a number
 *   dialled abroad ("0044 ...") or written with the default region's trunk prefix as `numberTerm`;
 * - a handle ("@scammer"): without its "@", as the stored handle is also written;
 * - the start of an IBAN with spaces ("GB82 WEST 1234"): without them, as the compact IBAN;
 * - anything else trimmed, whitespace runs as one space (it is matched as written).
 * Control characters go, so a term never spans two stored forms. Empty when nothing is left.
 */
export function searchTermOf(query: string, defaultRegion?: string): string {
  // eslint-disable-next-line no-control-regex -- removing them is the point
  const term = asWritten(query.replace(/[\u0000-\u001f\u007f]/g, ' '));
  if (NUMBER_LIKE.test(term)) return numberTerm(term, defaultRegion);
  if (term.startsWith('@')) return term.replace(/^@+/, '');
  if (SPACED_IBAN.test(term)) return term.replace(/ /g, '');
  return term;
}
