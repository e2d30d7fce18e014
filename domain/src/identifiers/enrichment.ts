/**
 * Offline enrichment of an identifier: what its value tells about itself, read from tables shipped
 * with the code, with no lookup service called. Phones by libphonenumber-js's full metadata (country
 * and line type; it carries no geocoding, so no region finer than the country), IBANs by their BBAN
 * structure (ibantools: country, bank code, branch, national account number; no bank directory is
 * shipped, so no bank name), payment cards by an IIN table of our own for the major schemes (no
 * issuing country: no offline IIN-to-country table is shipped), crypto addresses by their format and
 * checksums (network and address kind). The full phone metadata is large: only the server imports it.
 */
import { extractIBAN, getCountrySpecifications } from 'ibantools';
import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/max';
import { internationalReadings, splitPhoneNumber } from './phone';
import { compactUpper, digitsOf, readText } from './read-data';
import { decodeBase58, decodeBase58Check } from './validators/base58';
import { decodeSegwitAddress } from './validators/bech32';
import { isLuhnValid } from './extract';

/** One thing learnt about the identifier, as the detail lists it: "Country", "United Kingdom (GB)". */
export interface EnrichmentFact {
  label: string;
  value: string;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "United Kingdom (GB)", or the code alone when it has no English name. */
export function countryName(code: string): string {
  let name: string | undefined;
  try {
    name = regionNames.of(code);
  } catch {
    name = undefined;
  }
  return name && name !== code ? `${name} (${code})` : code;
}

// ---------------------------------------------------------------------------------------------- phone

/** libphonenumber's line types, in the words of the detail. */
export const PHONE_LINE_TYPES: Readonly<Record<string, string>> = {
  MOBILE: 'Mobile',
  FIXED_LINE: 'Fixed line',
  FIXED_LINE_OR_MOBILE: 'Fixed line or mobile',
  TOLL_FREE: 'Toll-free',
  PREMIUM_RATE: 'Premium rate',
  SHARED_COST: 'Shared cost',
  VOIP: 'VoIP',
  PERSONAL_NUMBER: 'Personal number',
  PAGER: 'Pager',
  UAN: 'Universal access number',
  VOICEMAIL: 'Voicemail',
};

function parseNational(digits: string, countryCode: string): PhoneNumber | undefined {
  try {
    return parsePhoneNumberFromString(digits, { defaultCallingCode: digitsOf(countryCode) || '1' });
  } catch {
    return undefined;
  }
}

/** The number as the identifier's key reads it: national, unless it is a valid number dialled abroad. */
export function parsePhoneFully(countryCode: string, number: string): PhoneNumber | undefined {
  const trimmed = number.trim();
  if (trimmed.startsWith('+')) return parsePhoneNumberFromString(trimmed);
  const digits = digitsOf(trimmed);
  const national = parseNational(digits, countryCode);
  if (national?.isValid()) return national;
  const abroad = internationalReadings(digits)
    .map((reading) => parsePhoneNumberFromString(reading))
    .find((parsed) => parsed?.isValid());
  return abroad ?? national;
}

export interface PhoneEnrichment {
  /** ISO 3166 region the number belongs to, when the metadata knows it. */
  country?: string;
  callingCode: string;
  /** One of `PHONE_LINE_TYPES`' keys, when the metadata knows it. */
  lineType?: string;
  valid: boolean;
  international: string;
}

export function enrichPhone(countryCode: string, number: string): PhoneEnrichment | undefined {
  const phone = parsePhoneFully(countryCode, number);
  if (!phone) return undefined;
  const valid = phone.isValid();
  return {
    country: phone.country,
    callingCode: phone.countryCallingCode,
    lineType: valid ? phone.getType() : undefined,
    valid,
    international: phone.formatInternational(),
  };
}

function phoneFacts(found: PhoneEnrichment | undefined): EnrichmentFact[] {
  if (!found) return [{ label: 'Phone', value: 'Not a number under any known calling code' }];
  return [
    {
      label: 'Country',
      value: found.country ? countryName(found.country) : `Calling code +${found.callingCode}`,
    },
    {
      label: 'Line type',
      value: found.lineType
        ? (PHONE_LINE_TYPES[found.lineType] ?? found.lineType)
        : found.valid
          ? 'Not known for this number'
          : 'Unknown: not a valid number for its country',
    },
  ];
}

// ----------------------------------------------------------------------------------------------- IBAN

export interface IbanEnrichment {
  country: string;
  bankCode?: string;
  branchCode?: string;
  accountNumber?: string;
  sepa: boolean;
}

/** What a valid IBAN's BBAN structure says; undefined for anything else. */
export function enrichIban(accountNumber: string): IbanEnrichment | undefined {
  const iban = compactUpper(accountNumber);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return undefined;
  const found = extractIBAN(iban);
  if (!found.valid || !found.countryCode) return undefined;
  return {
    country: found.countryCode,
    bankCode: found.bankIdentifier,
    branchCode: found.branchIdentifier,
    accountNumber: found.accountNumber,
    sepa: getCountrySpecifications()[found.countryCode]?.SEPA === true,
  };
}

function ibanFacts(found: IbanEnrichment): EnrichmentFact[] {
  return [
    { label: 'IBAN country', value: countryName(found.country) },
    ...(found.bankCode ? [{ label: 'Bank code', value: found.bankCode }] : []),
    ...(found.branchCode ? [{ label: 'Branch code', value: found.branchCode }] : []),
    ...(found.accountNumber ? [{ label: 'National account number', value: found.accountNumber }] : []),
    { label: 'SEPA', value: found.sepa ? 'Yes' : 'No' },
  ];
}

// ----------------------------------------------------------------------------------------------- card

/**
 * The major card schemes by IIN range (the first digits) and number length, from the schemes'
 * published ranges. The first range that matches wins, so narrower ranges come before wider ones
 * (Discover's 622126-622925 before UnionPay's 62).
 */
const CARD_SCHEMES: readonly { scheme: string; ranges: readonly [string, string][]; lengths: number[] }[] = [
  {
    scheme: 'American Express',
    ranges: [
      ['34', '34'],
      ['37', '37'],
    ],
    lengths: [15],
  },
  { scheme: 'Mir', ranges: [['2200', '2204']], lengths: [16, 17, 18, 19] },
  {
    scheme: 'Mastercard',
    ranges: [
      ['51', '55'],
      ['2221', '2720'],
    ],
    lengths: [16],
  },
  { scheme: 'Visa', ranges: [['4', '4']], lengths: [13, 16, 19] },
  {
    scheme: 'Discover',
    ranges: [
      ['6011', '6011'],
      ['622126', '622925'],
      ['644', '649'],
      ['65', '65'],
    ],
    lengths: [16, 17, 18, 19],
  },
  { scheme: 'JCB', ranges: [['3528', '3589']], lengths: [16, 17, 18, 19] },
  {
    scheme: 'Diners Club',
    ranges: [
      ['300', '305'],
      ['36', '36'],
      ['38', '39'],
    ],
    lengths: [14, 15, 16, 17, 18, 19],
  },
  {
    scheme: 'UnionPay',
    ranges: [
      ['62', '62'],
      ['81', '81'],
    ],
    lengths: [16, 17, 18, 19],
  },
  {
    scheme: 'Maestro',
    ranges: [
      ['50', '50'],
      ['56', '58'],
      ['6304', '6304'],
      ['6759', '6759'],
      ['676770', '676774'],
    ],
    lengths: [12, 13, 14, 15, 16, 17, 18, 19],
  },
];

export interface CardEnrichment {
  scheme: string;
  /** The first six digits: the issuer's identification number. */
  iin: string;
  length: number;
}

/** The scheme of a Luhn-valid card number of a length its scheme issues; undefined otherwise. */
export function enrichCard(accountNumber: string): CardEnrichment | undefined {
  const compact = accountNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(compact) || !isLuhnValid(compact)) return undefined;
  const match = CARD_SCHEMES.find(
    (entry) =>
      entry.lengths.includes(compact.length) &&
      entry.ranges.some(([from, to]) => {
        const prefix = compact.slice(0, from.length);
        return prefix >= from && prefix <= to;
      }),
  );
  return match ? { scheme: match.scheme, iin: compact.slice(0, 6), length: compact.length } : undefined;
}

function cardFacts(found: CardEnrichment): EnrichmentFact[] {
  return [
    { label: 'Card scheme', value: found.scheme },
    { label: 'IIN', value: found.iin },
  ];
}

// --------------------------------------------------------------------------------------------- crypto

/** The networks an address's format belongs to, as the catalogue names them where it can. */
export type AddressNetwork = 'bitcoin' | 'evm' | 'tron' | 'solana' | 'litecoin';

export interface CryptoEnrichment {
  network: AddressNetwork;
  /** "Legacy (P2PKH)", "Taproot (P2TR)", "EVM account"... */
  format: string;
  /** The catalogue's networks this format is used on; none for a network it does not name (Litecoin). */
  networks: string[];
}

const NETWORK_LABELS: Readonly<Record<AddressNetwork, string>> = {
  bitcoin: 'Bitcoin',
  evm: 'EVM (Ethereum, BNB Smart Chain, Polygon...)',
  tron: 'TRON',
  solana: 'Solana',
  litecoin: 'Litecoin',
};

function segwitFormat(version: number, programLength: number): string {
  if (version === 0) return programLength === 20 ? 'Native segwit (P2WPKH)' : 'Native segwit (P2WSH)';
  if (version === 1 && programLength === 32) return 'Taproot (P2TR)';
  return `Segwit version ${version}`;
}

/** What an address is, by its format and checksum alone (whatever network it was recorded under). */
export function describeCryptoAddress(written: string): CryptoEnrichment | undefined {
  const address = written.trim();
  if (/^0x[0-9a-fA-F]{40}$/.test(address)) {
    const body = address.slice(2);
    const checksummed = body !== body.toLowerCase() && body !== body.toUpperCase();
    return {
      network: 'evm',
      format: checksummed ? 'EVM account (EIP-55 mixed case)' : 'EVM account (single case, no checksum)',
      networks: ['ethereum', 'binance', 'polygon'],
    };
  }
  for (const [hrp, network] of [
    ['bc', 'bitcoin'],
    ['ltc', 'litecoin'],
  ] as const) {
    if (address.toLowerCase().startsWith(`${hrp}1`)) {
      const segwit = decodeSegwitAddress(address, hrp);
      if (!segwit.ok) return undefined;
      return {
        network,
        format: segwitFormat(segwit.version, segwit.program.length),
        networks: network === 'bitcoin' ? ['bitcoin'] : [],
      };
    }
  }
  const check = decodeBase58Check(address, 25);
  if (check.ok) {
    const version = check.payload[0];
    if (version === 0x00) return { network: 'bitcoin', format: 'Legacy (P2PKH)', networks: ['bitcoin'] };
    if (version === 0x05) return { network: 'bitcoin', format: 'Script hash (P2SH)', networks: ['bitcoin'] };
    if (version === 0x41)
      return { network: 'tron', format: 'TRON account (base58check)', networks: ['tron'] };
    if (version === 0x30) return { network: 'litecoin', format: 'Legacy (P2PKH)', networks: [] };
    if (version === 0x32) return { network: 'litecoin', format: 'Script hash (P2SH)', networks: [] };
    return undefined;
  }
  if (/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address) && decodeBase58(address)?.length === 32) {
    return { network: 'solana', format: 'Solana account (32-byte public key)', networks: ['solana'] };
  }
  return undefined;
}

function cryptoFacts(found: CryptoEnrichment | undefined): EnrichmentFact[] {
  if (!found) return [{ label: 'Address format', value: 'Not recognised' }];
  return [
    { label: 'Address network', value: NETWORK_LABELS[found.network] },
    { label: 'Address format', value: found.format },
  ];
}

// ------------------------------------------------------------------------------------------ identifier

/** Everything offline enrichment tells about an identifier; empty when it tells nothing. */
export function enrichIdentifier(type: unknown, data: unknown): EnrichmentFact[] {
  const text = (name: string) => readText(data, name);
  switch (type) {
    case 'phone':
      return phoneFacts(enrichPhone(text('countryCode'), text('number')));
    case 'zelle': {
      if (text('identifierType') !== 'phone') return [];
      const phone = splitPhoneNumber(text('identifier'));
      return phoneFacts(enrichPhone(phone?.countryCode ?? '', phone?.number ?? text('identifier')));
    }
    case 'bank_account': {
      const iban = enrichIban(text('accountNumber'));
      if (iban) return ibanFacts(iban);
      const card = enrichCard(text('accountNumber'));
      return card ? cardFacts(card) : [];
    }
    case 'crypto_wallet':
      return cryptoFacts(describeCryptoAddress(text('address')));
    default:
      return [];
  }
}
