import { sha256 } from '@noble/hashes/sha2.js';
import { base58, createBase58check } from '@scure/base';

/** Bitcoin's base58check (version byte, payload, 4 bytes of double SHA-256), also Tron's. */
const base58check = createBase58check(sha256);

/**
 * Decodes base58 text (bitcoin's alphabet, no 0, O, I or l; also used by Tron and Solana) to bytes,
 * or undefined when it is empty or a character is outside the alphabet. Each leading "1" stands for
 * one zero byte.
 */
export function decodeBase58(text: string): Uint8Array | undefined {
  if (text === '') return undefined;
  try {
    return base58.decode(text);
  } catch {
    return undefined;
  }
}

/** The result of checking a base58check string: its payload (version byte first) or why it failed. */
export type Base58CheckResult = { ok: true; payload: Uint8Array } | { ok: false; reason: string };

/**
 * Decodes base58check: the last 4 bytes must equal the first 4 bytes of SHA-256(SHA-256(payload)).
 * `expectedLength` is the whole decoded length including the checksum (25 for bitcoin and tron).
 * The alphabet and the length are checked first, so each failure says what is wrong.
 */
export function decodeBase58Check(text: string, expectedLength: number): Base58CheckResult {
  const bytes = decodeBase58(text);
  if (!bytes) return { ok: false, reason: 'Contains characters outside the base58 alphabet' };
  if (bytes.length !== expectedLength) {
    return { ok: false, reason: `Decodes to ${bytes.length} bytes, expected ${expectedLength}` };
  }
  try {
    return { ok: true, payload: base58check.decode(text) };
  } catch {
    return { ok: false, reason: 'Checksum does not match (likely a typo)' };
  }
}
