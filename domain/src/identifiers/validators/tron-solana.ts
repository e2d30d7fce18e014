import { decodeBase58, decodeBase58Check } from './base58';
import { validatorResult, type ValidatorResult } from './types';

/** Tron addresses are base58check of 0x41 + a 20-byte account id ("T..."). */
export function validateTronAddress(address: string): ValidatorResult {
  const decoded = decodeBase58Check(address, 25);
  if (!decoded.ok) return validatorResult('tron_base58check', 'fail', decoded.reason);
  if (decoded.payload[0] !== 0x41) {
    return validatorResult('tron_base58check', 'fail', 'Prefix byte is not 0x41 (Tron mainnet)');
  }
  return validatorResult('tron_base58check', 'pass', 'Valid Tron mainnet address');
}

/**
 * Solana addresses are base58 ed25519 public keys: 32 bytes, no checksum. So a pass only proves the
 * shape, and a typo can still pass.
 */
export function validateSolanaAddress(address: string): ValidatorResult {
  const bytes = decodeBase58(address);
  if (!bytes) {
    return validatorResult('solana_base58_key', 'fail', 'Contains characters outside the base58 alphabet');
  }
  if (bytes.length !== 32) {
    return validatorResult('solana_base58_key', 'fail', `Decodes to ${bytes.length} bytes, expected 32`);
  }
  return validatorResult('solana_base58_key', 'pass', 'Decodes to a 32-byte public key');
}
