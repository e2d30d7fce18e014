import { sha256 } from '@noble/hashes/sha2.js';

/** Bitcoin's base58 alphabet (no 0, O, I or l), also used by Tron and Solana. */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * Decodes base58 text to bytes, or undefined when a character is outside the alphabet. Each leading
 * "1" stands for one zero byte.
 */
export function decodeBase58(text: string): Uint8Array | undefined {
  if (text === '') return undefined;
  const bytes: number[] = []; // little-endian big number
  for (const char of text) {
    let carry = ALPHABET.indexOf(char);
    if (carry === -1) return undefined;
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i] * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  const leadingZeros = /^1*/.exec(text)?.[0].length ?? 0;
  return Uint8Array.from([...new Array<number>(leadingZeros).fill(0), ...bytes.reverse()]);
}

/** The result of checking a base58check string: its payload (version byte first) or why it failed. */
export type Base58CheckResult = { ok: true; payload: Uint8Array } | { ok: false; reason: string };

/**
 * Decodes base58check: the last 4 bytes must equal the first 4 bytes of SHA-256(SHA-256(payload)).
 * `expectedLength` is the whole decoded length including the checksum (25 for bitcoin and tron).
 */
export function decodeBase58Check(text: string, expectedLength: number): Base58CheckResult {
  const bytes = decodeBase58(text);
  if (!bytes) return { ok: false, reason: 'Contains characters outside the base58 alphabet' };
  if (bytes.length !== expectedLength) {
    return { ok: false, reason: `Decodes to ${bytes.length} bytes, expected ${expectedLength}` };
  }
  const payload = bytes.slice(0, -4);
  const checksum = sha256(sha256(payload)).slice(0, 4);
  if (!checksum.every((byte, i) => byte === bytes[bytes.length - 4 + i])) {
    return { ok: false, reason: 'Checksum does not match (likely a typo)' };
  }
  return { ok: true, payload };
}
