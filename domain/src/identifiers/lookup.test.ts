import { describe, expect, it } from 'vitest';
import { identifierKeysOf } from './lookup';
import { buildNormalisedKey } from './normalise';

describe('identifierKeysOf', () => {
  it('gives a phone number written with spaces the key of the same number written without', () => {
    const stored = buildNormalisedKey('phone', { countryCode: '+44', number: '7700900123' });
    expect(identifierKeysOf('+44 7700 900123')).toEqual([
      { type: 'phone', normalizedKey: stored },
      { type: 'zelle', normalizedKey: stored },
    ]);
    expect(identifierKeysOf('+44 (7700) 900-123')[0].normalizedKey).toBe(stored);
  });

  it('looks an e-mail address up in any case, as the identifier and as a Zelle handle', () => {
    expect(identifierKeysOf('  Scam@Example.COM ')).toEqual([
      { type: 'email', normalizedKey: 'scam@example.com' },
      { type: 'zelle', normalizedKey: 'scam@example.com' },
    ]);
  });

  it('looks an EVM address up on every EVM network, in either case', () => {
    const address = '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED';
    expect(identifierKeysOf(address)).toEqual(
      ['ethereum', 'binance', 'polygon'].map((network) => ({
        type: 'crypto_wallet',
        normalizedKey: `${network}:${address.toLowerCase()}`,
      })),
    );
  });

  it('keeps a legacy bitcoin address as written (base58 is case-sensitive)', () => {
    expect(identifierKeysOf('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toEqual([
      { type: 'crypto_wallet', normalizedKey: 'bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' },
    ]);
  });

  it('gives no key for text no identifier type is recognised in', () => {
    expect(identifierKeysOf('gmail')).toEqual([]);
    expect(identifierKeysOf('555')).toEqual([]);
    expect(identifierKeysOf('')).toEqual([]);
  });

  it('reads a number without a country code in the default region it is given', () => {
    expect(identifierKeysOf('020 7946 0958', { defaultRegion: 'GB' })[0]).toEqual({
      type: 'phone',
      normalizedKey: '+442079460958',
    });
    expect(identifierKeysOf('020 7946 0958')[0]?.normalizedKey).not.toBe('+442079460958');
  });
});
