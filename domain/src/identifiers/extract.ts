import { getCountrySpecifications } from 'ibantools';
import { findNumbers, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';
import { buildNormalisedKey } from './normalise';
import { parseProfileUrl } from './patterns';
import { digitsOf } from './read-data';
import type { CryptoNetwork, IdentifierType, SocialPlatform } from './types';
import { validateIban } from './validators/bank';
import { validateBitcoinAddress } from './validators/bitcoin';
import { validateEmailSyntax } from './validators/email';
import { validateEvmAddress } from './validators/evm';
import { PLATFORM_HOSTS } from './validators/social';
import { validateSolanaAddress, validateTronAddress } from './validators/tron-solana';
import type { ValidatorResult } from './validators/types';

/** An identifier written in free text, with where it stands and why it was taken for one. */
export interface ExtractedIdentifier {
  type: IdentifierType;
  /** The fields of the type's data that the text gives (a bank account has no bank name here). */
  data: Record<string, string>;
  /** Bank accounts only: an IBAN, or a payment card number (offered as a bank account). */
  kind?: 'iban' | 'card';
  /** The text as written, and its offsets: `text.slice(start, end)`. */
  text: string;
  start: number;
  end: number;
  /** Why it was recognised, in a sentence a person can read. */
  reason: string;
}

export interface ExtractOptions {
  /** The organisation's country, for phone numbers written without a country code. */
  defaultRegion?: CountryCode;
}

type Found = Omit<ExtractedIdentifier, 'text' | 'start' | 'end'>;

/** A span of the text already taken by an identifier, so nothing inside it is read again. */
interface Span {
  start: number;
  end: number;
}

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
const EMAIL_PATTERN = /[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
/** A country code, check digits, then letters and digits in groups of up to four, or in one run. */
const IBAN_PATTERN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,32}/g;
/** 13-19 digits in one run, in groups of four, or as American Express writes them (4-6-5). */
const CARD_PATTERN =
  /(?<![\w+])(?:\d{13,19}|\d{4}(?:[ -]\d{4}){2,3}(?:[ -]?\d{1,3})?|\d{4}[ -]\d{6}[ -]\d{5})(?!\w)/g;
/** A word long enough to be a wallet address: every network's addresses are 25 or more characters. */
const WALLET_WORD = /\b[0-9A-Za-z]{25,90}\b/g;
/** A dotted name ending in a top-level domain that scam sites use (a file name such as a.pdf is not one). */
const DOMAIN_PATTERN =
  /(?<![\w@.-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:com|net|org|info|biz|io|co|app|online|site|shop|store|xyz|top|club|live|vip|pro|me|tv|cc|ru|de|uk|fr|nl|es|it|ch|at|be|pl|cn|in|br|au|ca|us|eu|ly|to|ai|finance|exchange|trade|money|bank|digital|tech|website|support|services|asia|icu|cfd|sbs)\b(?![\w@-]|\.[a-z0-9])/gi;
/** Where the platform is named before the handle: "on Telegram @name", "Instagram account: @name". */
const HANDLE_AFTER_PLATFORM =
  /\b(facebook|instagram|twitter|linkedin|tiktok|snapchat|telegram|whatsapp|discord)\b(?:[\s:,–-]+(?:account|handle|username|user|profile|name|channel|group|is|was|called|as|konto|kanal|nutzer|als|unter|heißt))*[\s:,–-]+@([A-Za-z0-9_][A-Za-z0-9_.]{1,31})\b/gi;
/** Or after it: "@name on Telegram". */
const HANDLE_BEFORE_PLATFORM =
  /(?<![\w@])@([A-Za-z0-9_][A-Za-z0-9_.]{1,31})\s+(?:on|via|in|auf|bei)\s+(facebook|instagram|twitter|linkedin|tiktok|snapchat|telegram|whatsapp|discord)\b/gi;
/** What surrounds a link in prose, and is not part of it. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>]+$/;
/** EVM networks named near an 0x address; otherwise it is taken for Ethereum. */
const EVM_CONTEXT: readonly [RegExp, CryptoNetwork][] = [
  [/\b(bsc|bnb|bep-?20|binance)\b/i, 'binance'],
  [/\b(polygon|matic)\b/i, 'polygon'],
];

const failed = (results: readonly ValidatorResult[]) => results.some((result) => result.outcome === 'fail');
const passed = (results: readonly ValidatorResult[]) =>
  results.filter((result) => result.outcome === 'pass').map((result) => result.detail);

/** True for a digit string whose Luhn (mod 10) check digit holds, as every card number's does. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    const doubled = i % 2 === 1 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The platform whose host this is, if any. */
function platformOfHost(host: string): SocialPlatform | undefined {
  const entry = Object.entries(PLATFORM_HOSTS).find(([, hosts]) =>
    hosts.some((known) => host === known || host.endsWith(`.${known}`)),
  );
  return entry?.[0] as SocialPlatform | undefined;
}

function readUrl(written: string): Found {
  const url = parseProfileUrl(written);
  const platform = url && platformOfHost(url.host);
  const handle = url && /^\/@?([A-Za-z0-9_.]{2,64})\/?$/.exec(url.path)?.[1];
  if (platform && handle) {
    return {
      type: 'social_media',
      data: { platform, username: handle, profileUrl: written },
      reason: `A link to a ${platform} profile on ${url.host}`,
    };
  }
  return {
    type: 'other',
    data: { identifierType: 'Website', value: written },
    reason: url ? `A link to ${url.host}` : 'A link',
  };
}

/** A wallet on `network` when none of its checks fails, with the checks that passed as the reason. */
function walletOf(network: CryptoNetwork, word: string, results: ValidatorResult[], what: string) {
  if (failed(results)) return undefined;
  const reason = [what, ...passed(results)].join(': ');
  return { type: 'crypto_wallet', data: { network, address: word }, reason } satisfies Found;
}

function readWallet(word: string, context: string): Found | undefined {
  const wallet = (network: CryptoNetwork, results: ValidatorResult[], what: string) =>
    walletOf(network, word, results, what);
  if (/^0x[0-9a-f]{40}$/i.test(word)) {
    const network = EVM_CONTEXT.find(([pattern]) => pattern.test(context))?.[1] ?? 'ethereum';
    return wallet(network, validateEvmAddress(word), 'An EVM address');
  }
  if (/^bc1/i.test(word)) return wallet('bitcoin', validateBitcoinAddress(word), 'A bitcoin segwit address');
  if (/^T/.test(word) && word.length === 34) {
    return wallet('tron', [validateTronAddress(word)], 'A Tron address');
  }
  if (/^[13]/.test(word) && word.length <= 35) {
    return wallet('bitcoin', validateBitcoinAddress(word), 'A bitcoin address');
  }
  // Solana keys carry no checksum: ask for letters and digits, so a long word is not taken for one.
  if (word.length >= 32 && word.length <= 44 && /\d/.test(word) && /[a-z]/i.test(word)) {
    return wallet('solana', [validateSolanaAddress(word)], 'A Solana address');
  }
  return undefined;
}

/** Dates look like numbers with punctuation: 2024-05-01, 05/01/2024, 03.05.2024. */
const DATE_LIKE = /^(\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})$/;
/** What introduces a reference rather than a phone number: "#", "case", "Nr.", "Aktenzeichen"... */
const REFERENCE_BEFORE =
  /(#|\b(case|ticket|ref|reference|order|invoice|no|nr|az|aktenzeichen|vorgang|rechnung|bestellung)\.?\s*[:#]?\s*)$/i;

/**
 * Whether a number libphonenumber found was written as a phone number a person could add by hand.
 * Written with its country code ("+1 ...", "00 44 ..."), any number of a possible length for that
 * country is: the identifier form takes any country code and 7-15 digits, so a number libphonenumber
 * does not know as assigned (a fictional +1 555 555 0143 of a scam call's caller ID) is offered too,
 * and a word before it ("Phone no.") does not make it a reference. Written nationally, it must be valid
 * for the region, not a date, not after a reference word, and written with the trunk prefix its
 * country dials ("0151 ..." in Germany; "3456/24" is a file number, not the German number 3456 24).
 */
function looksLikePhone(written: string, number: PhoneNumber, before: string): boolean {
  if (isInternational(written)) return number.isPossible();
  if (DATE_LIKE.test(written.trim()) || REFERENCE_BEFORE.test(before) || !number.isValid()) return false;
  return digitsOf(written) === digitsOf(number.formatNational());
}

/** Written with its country code: "+1 ...", "00 44 ...". */
const isInternational = (written: string) => /^(\+|00)/.test(written);

/** Walks the text's matches of a pattern that do not overlap a taken span. */
function* freeMatches(text: string, pattern: RegExp, taken: readonly Span[]) {
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    const end = start + match[0].length;
    if (!taken.some((span) => start < span.end && span.start < end)) yield match;
  }
}

/**
 * The identifiers written in free text (journal entries, written evidence, imported text), in the
 * order they appear, each once, each with the reason it was recognised. Read in this order, and a
 * later reader skips what an earlier one took, so no digits inside a link, an IBAN, a card or a
 * wallet are read as a phone number:
 * 1. links (http(s):// or www.): a profile on a platform's own host is a social media identifier,
 *    any other link an "other" identifier of type Website;
 * 2. e-mail addresses that pass the e-mail syntax check;
 * 3. IBANs, with or without spaces, that pass the IBAN check (country, length, format, checksum);
 * 4. wallet addresses of every network whose checksum (or, for Solana, length) holds;
 * 5. card numbers: 13-19 digits, first digit 2-6, that pass the Luhn check, as bank accounts;
 * 6. social handles where the platform is named beside them ("on Telegram @name");
 * 7. domains with a known top-level domain, as "other" identifiers of type Domain;
 * 8. phone numbers (libphonenumber's finder), international or national in `defaultRegion`.
 */
export function extractIdentifiers(text: string, options: ExtractOptions = {}): ExtractedIdentifier[] {
  const taken: Span[] = [];
  const found: ExtractedIdentifier[] = [];
  const take = (start: number, written: string, candidate: Found) => {
    const end = start + written.length;
    taken.push({ start, end });
    found.push({ ...candidate, text: written, start, end });
  };

  for (const match of freeMatches(text, URL_PATTERN, taken)) {
    const link = match[0].replace(TRAILING_PUNCTUATION, '');
    take(match.index, link, readUrl(link));
  }
  for (const match of freeMatches(text, EMAIL_PATTERN, taken)) {
    const address = match[0].replace(/^[.'-]+|[.'-]+$/g, '');
    if (validateEmailSyntax(address).outcome === 'pass') {
      take(match.index + match[0].indexOf(address), address, {
        type: 'email',
        data: { address },
        reason: 'A well-formed e-mail address',
      });
    }
  }
  const ibanLengths = getCountrySpecifications();
  for (const match of freeMatches(text, IBAN_PATTERN, taken)) {
    // Take exactly the country's length of characters, so a word written after the IBAN is not read into it.
    const length = ibanLengths[match[0].slice(0, 2)]?.chars;
    if (!length) continue;
    const written = new RegExp(`^(?:[A-Z0-9] ?){${length - 1}}[A-Z0-9]`).exec(match[0])?.[0];
    if (!written || /[A-Z0-9]/i.test(text[match.index + written.length] ?? '')) continue;
    const result = validateIban(written);
    if (result.outcome === 'pass') {
      take(match.index, written, {
        type: 'bank_account',
        kind: 'iban',
        data: { accountNumber: written.replace(/ /g, '') },
        reason: `An IBAN: ${result.detail}`,
      });
    }
  }
  for (const match of freeMatches(text, WALLET_WORD, taken)) {
    const context = text.slice(Math.max(0, match.index - 40), match.index);
    const wallet = readWallet(match[0], context);
    if (wallet) take(match.index, match[0], wallet);
  }
  for (const match of freeMatches(text, CARD_PATTERN, taken)) {
    const digits = match[0].replace(/\D/g, '');
    if (/^[2-6]/.test(digits) && isLuhnValid(digits)) {
      take(match.index, match[0], {
        type: 'bank_account',
        kind: 'card',
        data: { accountNumber: digits },
        reason: `A ${digits.length}-digit card number whose Luhn check digit holds`,
      });
    }
  }
  const handles = [
    ...[...freeMatches(text, HANDLE_AFTER_PLATFORM, taken)].map((match) => ({
      match,
      platform: match[1],
      handle: match[2],
    })),
    ...[...freeMatches(text, HANDLE_BEFORE_PLATFORM, taken)].map((match) => ({
      match,
      platform: match[2],
      handle: match[1],
    })),
  ];
  for (const { match, platform, handle } of handles) {
    const at = match.index + match[0].indexOf(`@${handle}`);
    const name = platform.toLowerCase() as SocialPlatform;
    take(at, `@${handle}`, {
      type: 'social_media',
      data: { platform: name, username: `@${handle}` },
      reason: `A handle next to the platform's name (${platform})`,
    });
  }
  for (const match of freeMatches(text, DOMAIN_PATTERN, taken)) {
    take(match.index, match[0], {
      type: 'other',
      data: { identifierType: 'Domain', value: match[0].toLowerCase() },
      reason: 'A domain name',
    });
  }
  // Possible, not only valid, numbers: looksLikePhone keeps the ones a person could add by hand.
  // `leniency` is a documented option of the matcher (source/PhoneNumberMatcher.js) missing from its
  // types; passed as a variable, it type-checks.
  const finderOptions = { defaultCountry: options.defaultRegion, leniency: 'POSSIBLE', v2: true } as const;
  for (const { number, startsAt, endsAt } of findNumbers(text, finderOptions)) {
    if (taken.some((span) => startsAt < span.end && span.start < endsAt)) continue;
    const written = text.slice(startsAt, endsAt);
    if (!looksLikePhone(written, number, text.slice(Math.max(0, startsAt - 20), startsAt))) continue;
    const how = isInternational(written)
      ? 'written internationally'
      : `written nationally, read for ${options.defaultRegion ?? 'its country'}`;
    const where = number.country ?? `+${number.countryCallingCode}`;
    take(startsAt, written, {
      type: 'phone',
      data: { countryCode: `+${number.countryCallingCode}`, number: number.nationalNumber },
      reason: number.isValid()
        ? `A valid phone number for ${where} (${how})`
        : `A phone number of a possible length for +${number.countryCallingCode}, not known to be assigned (${how})`,
    });
  }

  const keys = new Set<string>();
  return found
    .sort((a, b) => a.start - b.start)
    .filter((item) => {
      const key = `${item.type}:${buildNormalisedKey(item.type, item.data)}`;
      if (keys.has(key)) return false;
      keys.add(key);
      return true;
    });
}
