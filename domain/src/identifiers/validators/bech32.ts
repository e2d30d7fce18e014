/**
 * Segwit address decoding per BIP-173 (bech32) and BIP-350 (bech32m): the checksum, the witness
 * version and program, and which checksum constant the version requires.
 */

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: readonly number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATORS[i];
  }
  return chk >>> 0;
}

function expandHrp(hrp: string): number[] {
  const chars = [...hrp].map((char) => char.charCodeAt(0));
  return [...chars.map((code) => code >> 5), 0, ...chars.map((code) => code & 31)];
}

/** Regroups 5-bit words into bytes; undefined when the padding is not zero bits as BIP-173 requires. */
function fiveToEight(words: readonly number[]): number[] | undefined {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const word of words) {
    acc = (acc << 5) | word;
    bits += 5;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  if (bits >= 5 || ((acc << (8 - bits)) & 0xff) !== 0) return undefined;
  return out;
}

/** A decoded segwit address, or why it is not one. */
export type SegwitResult =
  | { ok: true; encoding: 'bech32' | 'bech32m'; version: number; program: Uint8Array }
  | { ok: false; reason: string };

/** Decodes a segwit address whose human-readable part must be `expectedHrp` ("bc" for bitcoin). */
export function decodeSegwitAddress(address: string, expectedHrp: string): SegwitResult {
  if (address.length > 90) return { ok: false, reason: 'Longer than 90 characters' };
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) {
    return { ok: false, reason: 'Mixes upper and lower case' };
  }
  const lower = address.toLowerCase();
  const separator = lower.lastIndexOf('1');
  if (separator < 1 || separator + 7 > lower.length) return { ok: false, reason: 'Misplaced "1" separator' };
  const hrp = lower.slice(0, separator);
  if (hrp !== expectedHrp) return { ok: false, reason: `Prefix "${hrp}" is not "${expectedHrp}"` };
  const data = [...lower.slice(separator + 1)].map((char) => CHARSET.indexOf(char));
  if (data.includes(-1)) return { ok: false, reason: 'Contains characters outside the bech32 alphabet' };
  const constant = polymod([...expandHrp(hrp), ...data]);
  const encoding = constant === BECH32_CONST ? 'bech32' : constant === BECH32M_CONST ? 'bech32m' : undefined;
  if (!encoding) return { ok: false, reason: 'Checksum does not match (likely a typo)' };
  const version = data[0];
  const program = fiveToEight(data.slice(1, -6));
  if (version > 16 || !program || program.length < 2 || program.length > 40) {
    return { ok: false, reason: 'Invalid witness program' };
  }
  if (version === 0 && program.length !== 20 && program.length !== 32) {
    return { ok: false, reason: 'Version 0 programs must be 20 or 32 bytes' };
  }
  // BIP-350: version 0 keeps bech32, every later version must use bech32m.
  if ((version === 0) !== (encoding === 'bech32')) {
    return { ok: false, reason: `Witness version ${version} must not use ${encoding}` };
  }
  return { ok: true, encoding, version, program: Uint8Array.from(program) };
}
