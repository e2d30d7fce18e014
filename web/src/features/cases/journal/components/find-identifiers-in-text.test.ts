import { describe, expect, it } from 'vitest';
import { findIdentifiersInText } from './find-identifiers-in-text';

const summary = (text: string) =>
  findIdentifiersInText(text).map(({ type, text: written, displayValue }) => ({
    type,
    written,
    displayValue,
  }));

describe('findIdentifiersInText', () => {
  it('finds e-mail addresses, phone numbers and wallets in prose, in order', () => {
    const text = [
      'Called the victim at +1 415-555-0134 (evening).',
      'Scammer wrote from <Refunds@Example.org>, asked for BTC to 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2.',
      'Second number: (202) 555-0123; wallet 0x52908400098527886E0F7030069857D2E4169EE7',
    ].join('\n');
    expect(summary(text)).toEqual([
      { type: 'phone', written: '+1 415-555-0134', displayValue: '+1 4155550134' },
      { type: 'email', written: 'Refunds@Example.org', displayValue: 'Refunds@Example.org' },
      {
        type: 'crypto_wallet',
        written: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
        displayValue: 'BITCOIN 1BvBMS...NVN2',
      },
      { type: 'phone', written: '(202) 555-0123', displayValue: '+1 2025550123' },
      {
        type: 'crypto_wallet',
        written: '0x52908400098527886E0F7030069857D2E4169EE7',
        displayValue: 'ETHEREUM 0x5290...9EE7',
      },
    ]);
  });

  it('names each identifier once, however often and however it is written', () => {
    const found = findIdentifiersInText('202 555 0123, then 1-202-555-0123 and a@b.org, A@B.org');
    expect(found.map((item) => item.key)).toEqual(['phone:+12025550123', 'email:a@b.org']);
  });

  it('keeps phone numbers to their line', () => {
    expect(summary('202 555 0123\n202 555 0124').map((item) => item.written)).toEqual([
      '202 555 0123',
      '202 555 0124',
    ]);
  });

  it('does not take dates, short numbers or digits inside words for phone numbers', () => {
    expect(summary('On 2024-05-01 and 05/01/2024 they paid 1200 dollars, ref ABC1234567X')).toEqual([]);
  });

  it('offers the IBAN of a wire transfer, masked, and none of its digits as a phone', () => {
    const [iban, ...others] = findIdentifiersInText('Wire went to IBAN GB82 WEST 1234 5698 7654 32');
    expect(others).toEqual([]);
    expect(iban).toEqual({
      key: 'bank_account:GB82WEST12345698765432',
      type: 'bank_account',
      data: {
        bankName: 'Unknown',
        accountName: 'Unknown',
        accountNumber: 'GB82WEST12345698765432',
        notes: 'IBAN found in a journal entry',
      },
      text: 'IBAN ****5432',
      displayValue: 'Unknown ****5432',
      typeLabel: 'Bank Account',
      reason: 'An IBAN: Valid GB IBAN check digits',
    });
  });

  it('offers a card number as a bank account, masked', () => {
    expect(summary('Charged to card 4111 1111 1111 1111 on Monday.')).toEqual([
      { type: 'bank_account', written: 'Card ****1111', displayValue: 'Unknown ****1111' },
    ]);
  });

  it('finds nothing in blank text', () => {
    expect(findIdentifiersInText('   ')).toEqual([]);
  });
});
