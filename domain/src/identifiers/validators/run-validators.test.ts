import { describe, expect, it } from 'vitest';
import { runIdentifierValidators } from './run-validators';

const names = (type: string, data: Record<string, string>) =>
  runIdentifierValidators(type, data).map((result) => `${result.name}:${result.outcome}`);

describe('runIdentifierValidators', () => {
  it('runs the checks that apply to each type', () => {
    expect(names('email', { address: 'scam@example.com' })).toEqual(['email_syntax:pass']);
    expect(names('phone', { countryCode: '+44', number: '7911 123456' })).toEqual([
      'phone_validity:pass',
      'phone_type:pass',
    ]);
    expect(
      names('bank_account', {
        bankName: 'B',
        accountName: 'A',
        accountNumber: 'GB82WEST12345698765432',
        routingNumber: '011000015',
      }),
    ).toEqual(['aba_routing_checksum:pass', 'iban_checksum:pass']);
    expect(names('zelle', { identifierType: 'email', identifier: 'pay@example.com' })).toEqual([
      'email_syntax:pass',
    ]);
    expect(names('zelle', { identifierType: 'phone', identifier: '+44 7911 123456' })).toEqual([
      'phone_validity:pass',
      'phone_type:pass',
    ]);
    expect(
      names('social_media', { platform: 'twitter', username: 'x', profileUrl: 'https://x.com/x' }),
    ).toEqual(['social_profile_url_host:pass']);
    expect(names('other', { identifierType: 'Website', value: 'x' })).toEqual([]);
    expect(names('fax', {})).toEqual([]);
  });

  it('picks the wallet checks by network', () => {
    const wallet = (network: string, address: string) => names('crypto_wallet', { network, address });
    expect(wallet('bitcoin', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toEqual([
      'bitcoin_base58check:pass',
      'bitcoin_bech32:not_applicable',
    ]);
    for (const network of ['ethereum', 'binance', 'polygon']) {
      expect(wallet(network, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toEqual([
        'evm_address_format:pass',
        'evm_eip55_checksum:pass',
      ]);
    }
    expect(wallet('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toEqual(['tron_base58check:pass']);
    expect(wallet('solana', 'So11111111111111111111111111111111111111112')).toEqual([
      'solana_base58_key:pass',
    ]);
    expect(wallet('other', 'anything-at-all-here-123')).toEqual([]);
  });
});
