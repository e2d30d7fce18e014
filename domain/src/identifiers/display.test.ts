import { describe, expect, it } from 'vitest';
import { buildDisplayValue, listIdentifierDetails } from './display';

describe('buildDisplayValue', () => {
  it('shows an e-mail as its address', () => {
    expect(buildDisplayValue('email', { address: ' scam@example.com ' })).toBe('scam@example.com');
  });

  it('shows a phone as country code, a space and the number, adding a missing plus', () => {
    expect(buildDisplayValue('phone', { countryCode: '+1', number: '5551234567' })).toBe('+1 5551234567');
    expect(buildDisplayValue('phone', { countryCode: '44', number: '7911 123456' })).toBe('+44 7911 123456');
  });

  it('masks a bank account to its last 4 characters', () => {
    const data = { bankName: 'Chase', accountName: 'J Doe', accountNumber: '1234-5678 9012' };
    expect(buildDisplayValue('bank_account', data)).toBe('Chase ****9012');
  });

  it('shows XXXX when the account number is missing', () => {
    expect(buildDisplayValue('bank_account', { bankName: 'Chase' })).toBe('Chase ****XXXX');
    expect(buildDisplayValue('bank_account', { bankName: 'Chase', accountNumber: '  ' })).toBe(
      'Chase ****XXXX',
    );
  });

  it('prefixes a Zelle identifier with "Zelle: "', () => {
    expect(buildDisplayValue('zelle', { identifierType: 'email', identifier: 'pay@example.com' })).toBe(
      'Zelle: pay@example.com',
    );
  });

  it('shows a wallet as the upper-case network and the first 6 and last 4 of the address', () => {
    const data = { network: 'bitcoin', address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' };
    expect(buildDisplayValue('crypto_wallet', data)).toBe('BITCOIN 1BvBMS...NVN2');
    const evm = { network: 'ethereum', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' };
    expect(buildDisplayValue('crypto_wallet', evm)).toBe('ETHEREUM 0x5aAe...eAed');
  });

  it('shows a short address whole rather than overlapping its ends', () => {
    expect(buildDisplayValue('crypto_wallet', { network: 'other', address: 'abcdefghij' })).toBe(
      'OTHER abcdefghij',
    );
  });

  it('shows social media as the capitalised platform and the username', () => {
    expect(buildDisplayValue('social_media', { platform: 'twitter', username: '@scam' })).toBe(
      'Twitter @scam',
    );
    expect(buildDisplayValue('social_media', { platform: 'tiktok', username: 'fake.shop' })).toBe(
      'Tiktok fake.shop',
    );
  });

  it('shows other as its type, a colon and the value', () => {
    expect(buildDisplayValue('other', { identifierType: 'Website', value: 'scam.example' })).toBe(
      'Website: scam.example',
    );
  });

  it('says "Unknown identifier type" for a type outside the catalogue', () => {
    expect(buildDisplayValue('fax', { number: '1' })).toBe('Unknown identifier type');
  });

  it('does not throw on missing data', () => {
    expect(buildDisplayValue('email', null)).toBe('');
    expect(buildDisplayValue('zelle', undefined)).toBe('Zelle: ');
  });
});

describe('listIdentifierDetails', () => {
  it('lists filled fields in form order with option labels', () => {
    const data = { bankName: 'Chase', accountName: 'J Doe', accountNumber: '123456', accountType: 'savings' };
    expect(listIdentifierDetails('bank_account', data)).toEqual([
      { name: 'bankName', label: 'Bank Name', value: 'Chase' },
      { name: 'accountName', label: 'Account Name', value: 'J Doe' },
      { name: 'accountNumber', label: 'Account Number', value: '123456' },
      { name: 'accountType', label: 'Account Type', value: 'Savings' },
    ]);
    expect(listIdentifierDetails('fax', data)).toEqual([]);
  });
});
