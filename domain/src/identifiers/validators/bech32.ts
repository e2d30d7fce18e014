/**
 * Segwit address decoding per BIP-173 (bech32) and BIP-350 (bech32m): the checksum (by
 * `@scure/base`), the witness version and program, and which checksum the version requires.
 */
import { bech32, bech32m } from '@scure/base';

/** The 32 characters bech32 writes its 5-bit words with. */
const BECH32_DATA = /^[qpzry9x8gf2tvdw0s3jn54khce6mua7l]+$/;

/** A decoded segwit address, or why it is not one. */
export type SegwitResult =
  | { ok: true; encoding: 'bech32' | 'bech32m'; version: number; program: Uint8Array }
  | { ok: false; reason: string };

/** The words of a string whose bech32 or bech32m checksum holds, and which one it is. */
function decodeEither(address: string) {
  const plain = bech32.decodeUnsafe(address);
  if (plain) return { encoding: 'bech32' as const, words: plain.words };
  const modified = bech32m.decodeUnsafe(address);
  return modified ? { encoding: 'bech32m' as const, words: modified.words } : undefined;
}

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
  if (!BECH32_DATA.test(lower.slice(separator + 1))) {
    return { ok: false, reason: 'Contains characters outside the bech32 alphabet' };
  }
  const decoded = decodeEither(lower);
  if (!decoded) return { ok: false, reason: 'Checksum does not match (likely a typo)' };
  const [version, ...programWords] = decoded.words;
  // Undefined when the padding is not zero bits, as BIP-173 requires.
  const program = bech32.fromWordsUnsafe(programWords);
  if (version > 16 || !program || program.length < 2 || program.length > 40) {
    return { ok: false, reason: 'Invalid witness program' };
  }
  if (version === 0 && program.length !== 20 && program.length !== 32) {
    return { ok: false, reason: 'Version 0 programs must be 20 or 32 bytes' };
  }
  // BIP-350: version 0 keeps bech32, every later version must use bech32m.
  if ((version === 0) !== (decoded.encoding === 'bech32')) {
    return { ok: false, reason: `Witness version ${version} must not use ${decoded.encoding}` };
  }
  return { ok: true, encoding: decoded.encoding, version, program };
}
