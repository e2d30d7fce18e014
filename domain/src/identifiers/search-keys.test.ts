import { describe, expect, it } from 'vitest';
import { buildDisplayValue } from './display';
import { buildNormalisedKey } from './normalise';
import { buildSearchText, searchTermOf } from './search-keys';

/** Whether `query` finds the identifier, as the server's ILIKE '%term%' on its search text does. */
function finds(type: string, data: Record<string, string>, query: string, region?: string): boolean {
  const text = buildSearchText(type, data, buildDisplayValue(type, data));
  return text.includes(searchTermOf(query, region).toLowerCase());
}

const iban = {
  bankName: 'Westminster',
  accountName: 'J Doe',
  accountNumber: 'GB82 WEST 1234 5698 7654 32',
};
const compactIban = { ...iban, accountNumber: 'GB82WEST12345698765432' };
const phone = { countryCode: '+1', number: '415 555 0134' };

describe('searchTermOf', () => {
  it.each([
    ['(415) 555-0134', '4155550134'],
    ['+1 415-555-0134', '14155550134'],
    ['@Scammer', 'scammer'],
    ['GB82 WEST 1234', 'gb82west1234'],
    ['  John   Smith ', 'john smith'],
    ['a\u0000b', 'a b'],
    ['   ', ''],
  ])('%j is searched as %j', (query, term) => {
    expect(searchTermOf(query)).toBe(term);
  });
});

describe('buildSearchText', () => {
  it('keeps each form once, one per line, lower-cased', () => {
    expect(buildSearchText('email', { address: 'Jane.Doe@Example.com' }, 'Jane.Doe@Example.com')).toBe(
      'jane.doe@example.com\njane.doe',
    );
  });

  it.each([
    ['GB82', iban],
    ['GB82WEST12345698765432', iban],
    ['GB82 WEST 1234 5698 7654 32', iban],
    ['WEST 1234', compactIban],
    ['west1234', iban],
    ['5698 7654', iban],
    ['5432', iban],
  ])('a bank account written with or without spaces is found by %j', (query, data) => {
    expect(finds('bank_account', data, query)).toBe(true);
  });

  it('a US account by its account and routing numbers, whatever the separators', () => {
    const data = { ...iban, accountNumber: '000123456789', routingNumber: '011-000-015' };
    expect(finds('bank_account', data, '123456789')).toBe(true);
    expect(finds('bank_account', data, '011000015')).toBe(true);
    expect(finds('bank_account', data, '011 000 015')).toBe(true);
  });

  it.each(['4155550134', '(415) 555-0134', '+1 415 555 0134', '555-0134', '5550134', '+14155550134'])(
    'a phone is found by %j',
    (query) => {
      expect(finds('phone', phone, query)).toBe(true);
    },
  );

  it('a phone is not found by digits it does not hold', () => {
    expect(finds('phone', phone, '555-0135')).toBe(false);
  });

  it('an e-mail by its address or local part', () => {
    const data = { address: 'jane.doe@example.com' };
    expect(finds('email', data, 'JANE.DOE@example.com')).toBe(true);
    expect(finds('email', data, 'jane.doe')).toBe(true);
  });

  it('a wallet by any part of its address', () => {
    const data = { network: 'bitcoin', address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' };
    expect(finds('crypto_wallet', data, 'stWetq')).toBe(true);
    expect(finds('crypto_wallet', data, 'xJaNVN2')).toBe(true);
  });

  it('a handle with or without "@", stored either way', () => {
    for (const username of ['@scam_king', 'scam_king']) {
      const data = { platform: 'telegram', username };
      expect(finds('social_media', data, '@scam_king')).toBe(true);
      expect(finds('social_media', data, 'scam_king')).toBe(true);
    }
  });

  it('a Zelle phone by its digits and a Zelle e-mail by its local part', () => {
    expect(finds('zelle', { identifierType: 'phone', identifier: '415-555-0134' }, '(415) 555 0134')).toBe(
      true,
    );
    expect(finds('zelle', { identifierType: 'email', identifier: 'pay.me@example.com' }, 'pay.me')).toBe(
      true,
    );
  });

  it.each([
    ['phone', { countryCode: '+1', number: '(415) 555-0134' }],
    ['phone', { countryCode: '44', number: '07911 123456' }],
    ['phone', { countryCode: '', number: '0044 20 7946 0958' }],
    ['phone', { countryCode: '+999', number: '12345' }],
    ['zelle', { identifierType: 'phone', identifier: '+1 415 555 0134' }],
    ['email', { address: 'Jane.Doe@Example.com' }],
    ['bank_account', compactIban],
  ])('is the same for %s %j whether the caller passes the key or not', (type, data) => {
    const display = buildDisplayValue(type, data);
    expect(buildSearchText(type, data, display, buildNormalisedKey(type, data))).toBe(
      buildSearchText(type, data, display),
    );
  });

  it('an identifier of a type outside the catalogue by its display value', () => {
    expect(buildSearchText('unknown', {}, 'Shown Value')).toBe('shown value');
  });

  it('a phone dialled with an international prefix, and one written nationally in the default region', () => {
    const london = { countryCode: '+44', number: '20 7946 0958' };
    expect(finds('phone', london, '0044 20 7946 0958')).toBe(true);
    expect(finds('phone', london, '011 44 20 7946 0958')).toBe(true);
    expect(searchTermOf('0044 20 7946 0958')).toBe('442079460958');
    // The trunk 0 is the region's: read in GB, "020 ..." is the national number.
    expect(finds('phone', london, '020 7946 0958', 'GB')).toBe(true);
    expect(finds('phone', london, '020 7946 0958', 'US')).toBe(false);
    // A part of a number stays a part.
    expect(searchTermOf('7946 0958', 'GB')).toBe('79460958');
  });

  it('a number dialled from abroad that is possible but not valid, as an import stores it', () => {
    // +44 7700 467612 has a UK mobile's length, yet libphonenumber calls it possible only.
    const notValid = { countryCode: '+44', number: '7700467612' };
    expect(finds('phone', notValid, '0044 770 046 7612', 'US')).toBe(true);
    expect(finds('phone', notValid, '011 44 7700 467612', 'US')).toBe(true);
    expect(searchTermOf('0044 770 046 7612', 'US')).toBe('447700467612');
    // Digits no country's numbering allows keep their prefix.
    expect(searchTermOf('00 0123')).toBe('000123');
  });
});
