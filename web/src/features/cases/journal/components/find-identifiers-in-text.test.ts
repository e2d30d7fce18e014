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
      'Called the victim at +1 555-0100 (evening).',
      'Scammer wrote from <Refunds@Example.org>, asked for BTC to 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2.',
      'Second number: (555) 123-4567; wallet 0x52908400098527886E0F7030069857D2E4169EE7',
    ].join('\n');
    expect(summary(text)).toEqual([
      { type: 'phone', written: '+1 555-0100', displayValue: '+1 5550100' },
      { type: 'email', written: 'Refunds@Example.org', displayValue: 'Refunds@Example.org' },
      {
        type: 'crypto_wallet',
        written: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
        displayValue: 'BITCOIN 1BvBMS...NVN2',
      },
      { type: 'phone', written: '(555) 123-4567', displayValue: '+1 5551234567' },
      {
        type: 'crypto_wallet',
        written: '0x52908400098527886E0F7030069857D2E4169EE7',
        displayValue: 'ETHEREUM 0x5290...9EE7',
      },
    ]);
  });

  it('names each identifier once, however often and however it is written', () => {
    const found = findIdentifiersInText('555 123 4567, then 1-555-123-4567 and a@b.org, A@B.org');
    expect(found.map((item) => item.key)).toEqual(['phone:+15551234567', 'email:a@b.org']);
  });

  it('keeps phone numbers to their line', () => {
    expect(summary('555 0100\n555 0101').map((item) => item.written)).toEqual(['555 0100', '555 0101']);
  });

  it('does not take dates, short numbers or digits inside words for phone numbers', () => {
    expect(summary('On 2024-05-01 and 05/01/2024 they paid 1200 dollars, ref ABC1234567X')).toEqual([]);
  });

  it('finds nothing in blank text', () => {
    expect(findIdentifiersInText('   ')).toEqual([]);
  });
});
