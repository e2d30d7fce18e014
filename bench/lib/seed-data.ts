/**
 * Deterministic, realistic identifier rows for the benchmark: the seven types in the proportions an
 * investigation team sees them, every value unique (the row index is woven into each one), formatted
 * the many ways people type them.
 */

const FIRST = [
  'james',
  'maria',
  'wei',
  'fatima',
  'olga',
  'chidi',
  'lucas',
  'aisha',
  'kenji',
  'sofia',
  'ivan',
  'amara',
];
const LAST = [
  'smith',
  'garcia',
  'chen',
  'okafor',
  'novak',
  'tanaka',
  'silva',
  'khan',
  'muller',
  'rossi',
  'kim',
  'dubois',
];
const DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'outlook.com',
  'proton.me',
  'mail.ru',
  'secure-refunds.net',
  'hotmail.co.uk',
  'icloud.com',
];
const BANKS = [
  'Chase',
  'Bank of America',
  'Wells Fargo',
  'Citibank',
  'HSBC',
  'Barclays',
  'Revolut',
  'Santander',
];
const PLATFORMS = [
  'facebook',
  'instagram',
  'twitter',
  'telegram',
  'whatsapp',
  'tiktok',
  'discord',
  'linkedin',
];
const WORDS = [
  'crypto',
  'invest',
  'support',
  'official',
  'giveaway',
  'refund',
  'secure',
  'trader',
  'help',
  'prize',
];
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const HEX = '0123456789abcdef';

/** A cheap integer hash, so choices look random but every run seeds the same rows. */
function mix(i: number, salt: number): number {
  let h = (i + 1) * 0x9e3779b1 + salt * 0x85ebca6b;
  h = Math.imul(h ^ (h >>> 16), 0x21f0aaad);
  h = Math.imul(h ^ (h >>> 15), 0x735a2d97);
  return (h ^ (h >>> 15)) >>> 0;
}

const pick = <T>(list: readonly T[], i: number, salt: number) => list[mix(i, salt) % list.length];

/** `length` characters of `alphabet`, unique per i (i is spelled in the alphabet, then padded). */
function spell(i: number, alphabet: string, length: number, salt: number): string {
  let unique = '';
  for (let n = i; n > 0 || unique === ''; n = Math.floor(n / alphabet.length))
    unique += alphabet[n % alphabet.length];
  let pad = '';
  for (let k = 0; pad.length < length - unique.length; k += 1)
    pad += alphabet[mix(i, salt + k) % alphabet.length];
  return pad + unique;
}

function phoneNumber(i: number) {
  if (i % 5 === 0) return { countryCode: '+44', number: `7${String(400_000_000 + i).slice(-9)}` };
  const area = 201 + (i % 698);
  const local = String(2_000_000 + (Math.floor(i / 698) % 8_000_000));
  const styles = [
    `(${area}) ${local.slice(0, 3)}-${local.slice(3)}`,
    `${area}-${local.slice(0, 3)}-${local.slice(3)}`,
    `${area}${local}`,
    `${area} ${local.slice(0, 3)} ${local.slice(3)}`,
  ];
  return { countryCode: '+1', number: pick(styles, i, 7) };
}

/** A valid GB IBAN (mod-97 check digits, ISO 7064) whose account number is `i`: "GB.. WEST 4000 ...". */
export function ibanOf(i: number): string {
  const bban = `WEST40${String(i).padStart(12, '0')}`;
  const digits = `${bban}GB00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  const check = 98 - Number(BigInt(digits) % 97n);
  return `GB${String(check).padStart(2, '0')}${bban}`;
}

function wallet(i: number) {
  const network = pick(['bitcoin', 'ethereum', 'ethereum', 'tron', 'solana', 'binance'] as const, i, 11);
  if (network === 'ethereum' || network === 'binance')
    return { network, address: `0x${spell(i, HEX, 40, 3)}` };
  if (network === 'bitcoin') return { network, address: `1${spell(i, BASE58, 33, 5)}` };
  if (network === 'tron') return { network, address: `T${spell(i, BASE58, 33, 9)}` };
  return { network, address: spell(i, BASE58, 44, 13) };
}

/** The i-th benchmark row as `{ type, data }`, exactly what an import request carries. */
export function seedIdentifier(i: number): { type: string; data: Record<string, string> } {
  const slot = mix(i, 1) % 100;
  const person = `${pick(FIRST, i, 2)}.${pick(LAST, i, 3)}${i}`;
  if (slot < 30) return { type: 'email', data: { address: `${person}@${pick(DOMAINS, i, 4)}` } };
  if (slot < 55) return { type: 'phone', data: phoneNumber(i) };
  if (slot < 65) {
    const data: Record<string, string> = {
      bankName: pick(BANKS, i, 5),
      accountName: `${pick(FIRST, i, 6)} ${pick(LAST, i, 8)}`,
      // One in four an IBAN, written in its print form (groups of four) one time in two.
      accountNumber:
        i % 4 === 0
          ? i % 8 === 0
            ? (ibanOf(i).match(/.{1,4}/g) ?? []).join(' ')
            : ibanOf(i)
          : String(10_000_000_000 + i),
    };
    if (i % 3 !== 0) data.routingNumber = String(21_000_021 + (i % 900_000_000)).padStart(9, '0');
    return { type: 'bank_account', data };
  }
  if (slot < 73) {
    return i % 2 === 0
      ? {
          type: 'zelle',
          data: { identifierType: 'email', identifier: `zelle.${person}@${pick(DOMAINS, i, 9)}` },
        }
      : {
          type: 'zelle',
          data: { identifierType: 'phone', identifier: `+1 ${phoneNumber(i * 5 + 1).number}` },
        };
  }
  if (slot < 85) return { type: 'crypto_wallet', data: wallet(i) };
  if (slot < 95) {
    return {
      type: 'social_media',
      data: { platform: pick(PLATFORMS, i, 10), username: `@${pick(WORDS, i, 12)}_${i}` },
    };
  }
  return { type: 'other', data: { identifierType: 'Website', value: `${pick(WORDS, i, 14)}-${i}.example` } };
}
