import { describe, expect, it } from 'vitest';
import { detectIdentifierType } from './detection';

describe('detectIdentifierType', () => {
  it('detects an e-mail address with confidence 1', () => {
    expect(detectIdentifierType('  Scam@Example.com ')).toEqual({
      type: 'email',
      confidence: 1,
      data: { address: 'Scam@Example.com' },
    });
  });

  it('takes a 10-digit number as a US number', () => {
    expect(detectIdentifierType('(555) 123-4567')).toEqual({
      type: 'phone',
      confidence: 0.9,
      data: { countryCode: '+1', number: '5551234567' },
    });
  });

  it('drops the leading 1 of an 11-digit US number', () => {
    expect(detectIdentifierType('1-555-123-4567').data).toEqual({ countryCode: '+1', number: '5551234567' });
  });

  it('defaults other digit counts of 7 or more to +1', () => {
    expect(detectIdentifierType('555 1234').data).toEqual({ countryCode: '+1', number: '5551234' });
  });

  it('honours an explicit country code', () => {
    expect(detectIdentifierType('+44 7911 123456')).toEqual({
      type: 'phone',
      confidence: 0.9,
      data: { countryCode: '+44', number: '7911123456' },
    });
    expect(detectIdentifierType('+1 (555) 123-4567').data).toEqual({
      countryCode: '+1',
      number: '5551234567',
    });
  });

  it('reads 00 or 011 before a country code as dialling abroad', () => {
    expect(detectIdentifierType('0044 7911 123456')).toEqual({
      type: 'phone',
      confidence: 0.9,
      data: { countryCode: '+44', number: '7911123456' },
    });
    expect(detectIdentifierType('011 33 6 12 34 56 78').data).toEqual({
      countryCode: '+33',
      number: '612345678',
    });
  });

  it('does not call text with a country code nobody uses a phone', () => {
    expect(detectIdentifierType('+999 123 4567').type).toBeNull();
  });

  it('needs 7 to 15 digits for a phone', () => {
    expect(detectIdentifierType('555-123').type).toBeNull();
    expect(detectIdentifierType('1234567890123456').type).toBeNull();
  });

  it('detects legacy and segwit bitcoin addresses with confidence 0.8', () => {
    for (const address of [
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    ]) {
      expect(detectIdentifierType(address)).toEqual({
        type: 'crypto_wallet',
        confidence: 0.8,
        data: { network: 'bitcoin', address },
      });
    }
  });

  it('detects 0x and 40 hex characters as an ethereum wallet', () => {
    const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(detectIdentifierType(address)).toEqual({
      type: 'crypto_wallet',
      confidence: 0.8,
      data: { network: 'ethereum', address },
    });
    expect(detectIdentifierType(`${address}0`).type).toBeNull();
  });

  it('gives no type for anything else', () => {
    for (const text of ['', '   ', 'hello world', '@scammer', 'https://scam.example', '0x123']) {
      expect(detectIdentifierType(text)).toEqual({ type: null, confidence: 0, data: null });
    }
  });
});
