/**
 * Offline enrichment of the codes an identifier's value is written in: IBANs by their BBAN structure
 * (ibantools: country, bank code, branch, national account number; no bank directory is shipped, so no
 * bank name), payment cards by an IIN table of our own for the major schemes (no issuing country: no
 * offline IIN-to-country table is shipped), crypto addresses by their format and checksums (network
 * and address kind). Light enough for the browser: the validators (and so the web's forms) use it.
 * Phones, which need libphonenumber's full metadata, are in enrichment.ts, which only the server imports.
 */
import { extractIBAN, getCountrySpecifications } from 'ibantools';
import { compactUpper } from './read-data';
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

export function ibanFacts(found: IbanEnrichment): EnrichmentFact[] {
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

export function cardFacts(found: CardEnrichment): EnrichmentFact[] {
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

export function cryptoFacts(found: CryptoEnrichment | undefined): EnrichmentFact[] {
  if (!found) return [{ label: 'Address format', value: 'Not recognised' }];
  return [
    { label: 'Address network', value: NETWORK_LABELS[found.network] },
    { label: 'Address format', value: found.format },
  ];
}
