import { describe, expect, it } from 'vitest';
import { validateSolanaAddress, validateTronAddress } from './tron-solana';

describe('validateTronAddress', () => {
  it('passes real Tron addresses', () => {
    // The USDT (TRC-20) contract address.
    expect(validateTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t').outcome).toBe('pass');
  });

  it('fails a changed character and a bitcoin address (wrong prefix byte)', () => {
    expect(validateTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toMatchObject({
      outcome: 'fail',
      detail: 'Checksum does not match (likely a typo)',
    });
    expect(validateTronAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toMatchObject({
      outcome: 'fail',
      detail: 'Prefix byte is not 0x41 (Tron mainnet)',
    });
  });
});

describe('validateSolanaAddress', () => {
  it('passes base58 strings that decode to 32 bytes', () => {
    for (const address of [
      '11111111111111111111111111111111',
      'So11111111111111111111111111111111111111112',
      'TokenkegQfeZyiNwAJbNbGqPxUr8W9yXLH8gX5gLGPL',
    ]) {
      expect(validateSolanaAddress(address).outcome).toBe('pass');
    }
  });

  it('fails other lengths and non-base58 characters', () => {
    expect(validateSolanaAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toMatchObject({
      outcome: 'fail',
      detail: 'Decodes to 25 bytes, expected 32',
    });
    expect(validateSolanaAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed').outcome).toBe('fail');
  });
});
