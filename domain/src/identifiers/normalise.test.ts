import { describe, expect, it } from 'vitest';
import { detectIdentifierType } from './detection';
import { buildNormalisedKey } from './normalise';

describe('buildNormalisedKey', () => {
  it('email: trimmed and lower-cased, so case and spaces collide', () => {
    expect(buildNormalisedKey('email', { address: 'Foo@Example.COM ' })).toBe('foo@example.com');
    expect(buildNormalisedKey('email', { address: 'foo@example.com' })).toBe('foo@example.com');
  });

  it('phone: E.164, so every way of writing one number collides', () => {
    const detected = detectIdentifierType('5551234567');
    expect(detected.type).toBe('phone');
    const keys = [
      buildNormalisedKey('phone', { countryCode: '+1', number: '(555) 123-4567' }),
      buildNormalisedKey('phone', { countryCode: '+1', number: '5551234567' }),
      buildNormalisedKey('phone', { countryCode: '1', number: '555.123.4567' }),
      buildNormalisedKey('phone', detected.data),
      buildNormalisedKey('phone', detectIdentifierType('+1 (555) 123-4567').data),
    ];
    expect(new Set(keys)).toEqual(new Set(['+15551234567']));
  });

  it('phone: strips national trunk prefixes', () => {
    expect(buildNormalisedKey('phone', { countryCode: '+44', number: '07911 123456' })).toBe('+447911123456');
    expect(buildNormalisedKey('phone', { countryCode: '+44', number: '7911 123456' })).toBe('+447911123456');
  });

  it('phone: a number dialled abroad has the key of its international form', () => {
    const international = buildNormalisedKey('phone', { countryCode: '+44', number: '7911 123456' });
    expect(buildNormalisedKey('phone', { countryCode: '+1', number: '0044 7911 123456' })).toBe(
      international,
    );
    expect(buildNormalisedKey('phone', detectIdentifierType('00 44 7911 123456').data)).toBe(international);
  });

  it('phone: falls back to + code + digits when libphonenumber-js cannot parse', () => {
    expect(buildNormalisedKey('phone', { countryCode: '+999', number: '123 4567' })).toBe('+9991234567');
  });

  it('bank account: routing and account, spaces and dashes removed, upper-cased', () => {
    const data = {
      bankName: 'Chase',
      accountNumber: 'gb82 west-1234 5698 7654 32',
      routingNumber: '011000015',
    };
    expect(buildNormalisedKey('bank_account', data)).toBe('011000015:GB82WEST12345698765432');
    expect(buildNormalisedKey('bank_account', { accountNumber: '12-34 56' })).toBe('123456');
  });

  it('zelle: the key of the e-mail or phone it points to', () => {
    expect(buildNormalisedKey('zelle', { identifierType: 'email', identifier: ' Pay@Example.com' })).toBe(
      buildNormalisedKey('email', { address: 'pay@example.com' }),
    );
    expect(buildNormalisedKey('zelle', { identifierType: 'phone', identifier: '(555) 123-4567' })).toBe(
      '+15551234567',
    );
    expect(buildNormalisedKey('zelle', { identifierType: 'phone', identifier: '+44 7911 123456' })).toBe(
      '+447911123456',
    );
  });

  it('crypto: EVM addresses lower-cased, so checksummed and lower-case forms collide', () => {
    const mixed = buildNormalisedKey('crypto_wallet', {
      network: 'ethereum',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    const lower = buildNormalisedKey('crypto_wallet', {
      network: 'ethereum',
      address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    });
    expect(mixed).toBe('ethereum:0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');
    expect(lower).toBe(mixed);
    expect(
      buildNormalisedKey('crypto_wallet', {
        network: 'polygon',
        address: '0xABCDEF0123456789abcdef0123456789ABCDEF01',
      }),
    ).toBe('polygon:0xabcdef0123456789abcdef0123456789abcdef01');
  });

  it('crypto: bech32 lower-cased, base58 kept as entered', () => {
    expect(
      buildNormalisedKey('crypto_wallet', {
        network: 'bitcoin',
        address: 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ',
      }),
    ).toBe('bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    expect(
      buildNormalisedKey('crypto_wallet', {
        network: 'bitcoin',
        address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      }),
    ).toBe('bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2');
    expect(
      buildNormalisedKey('crypto_wallet', { network: 'tron', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }),
    ).toBe('tron:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });

  it('social media: platform and username without a leading @, lower-cased', () => {
    expect(buildNormalisedKey('social_media', { platform: 'twitter', username: '@Scam_Bot' })).toBe(
      'twitter:scam_bot',
    );
    expect(buildNormalisedKey('social_media', { platform: 'twitter', username: 'scam_bot' })).toBe(
      'twitter:scam_bot',
    );
    expect(buildNormalisedKey('social_media', { platform: 'instagram', username: 'scam_bot' })).toBe(
      'instagram:scam_bot',
    );
  });

  it('other: type and value, trimmed and lower-cased', () => {
    expect(buildNormalisedKey('other', { identifierType: ' Website ', value: ' Scam.Example ' })).toBe(
      'website:scam.example',
    );
  });

  it('throws for an unknown type', () => {
    expect(() => buildNormalisedKey('fax', {})).toThrow('Unknown identifier type');
  });
});
