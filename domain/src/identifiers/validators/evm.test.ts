import { describe, expect, it } from 'vitest';
import { validateEvmAddress } from './evm';

const outcomes = (address: string) =>
  Object.fromEntries(validateEvmAddress(address).map((result) => [result.name, result.outcome]));

describe('validateEvmAddress', () => {
  it('passes the EIP-55 test vectors', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(outcomes(address)).toEqual({ evm_address_format: 'pass', evm_eip55_checksum: 'pass' });
    }
  });

  it('fails a mixed-case address whose case does not match the checksum', () => {
    const results = validateEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAEd');
    expect(results[1]).toMatchObject({
      outcome: 'fail',
      detail: 'Checksum does not match; expected 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
  });

  it('has no checksum to check on single-case addresses', () => {
    expect(outcomes('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toEqual({
      evm_address_format: 'pass',
      evm_eip55_checksum: 'not_applicable',
    });
    expect(outcomes('0x52908400098527886E0F7030069857D2E4169EE7').evm_eip55_checksum).toBe('not_applicable');
  });

  it('fails addresses that are not 0x and 40 hex characters', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe',
      '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00',
      '0xZZ',
    ]) {
      expect(outcomes(address)).toEqual({ evm_address_format: 'fail', evm_eip55_checksum: 'not_applicable' });
    }
  });
});
