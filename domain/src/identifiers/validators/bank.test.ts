import { describe, expect, it } from 'vitest';
import { validateIban, validateRoutingNumber } from './bank';

describe('validateRoutingNumber', () => {
  it('passes real routing numbers', () => {
    for (const routing of ['011000015', '021000021', '121000358']) {
      expect(validateRoutingNumber(routing).outcome).toBe('pass');
    }
  });

  it('fails a wrong check digit or a wrong length', () => {
    expect(validateRoutingNumber('011000016')).toMatchObject({
      outcome: 'fail',
      detail: expect.stringMatching(/typo/),
    });
    expect(validateRoutingNumber('01100001')).toMatchObject({ outcome: 'fail', detail: 'Not 9 digits' });
  });

  it('does not apply without a routing number', () => {
    expect(validateRoutingNumber(undefined).outcome).toBe('not_applicable');
    expect(validateRoutingNumber(' ').outcome).toBe('not_applicable');
  });
});

/** One IBAN of each of 20 countries (the registry's examples), and the same with one digit changed. */
const IBANS_OF_20_COUNTRIES: readonly [valid: string, typo: string][] = [
  ['AL47 2121 1009 0000 0002 3569 8741', 'AL47212110090000000235698751'],
  ['AD12 0001 2030 2003 5910 0100', 'AD1200012030200359100110'],
  ['AT61 1904 3002 3457 3201', 'AT611904300234573211'],
  ['BE68 5390 0754 7034', 'BE68539007547044'],
  ['BG80 BNBG 9661 1020 3456 78', 'BG80BNBG96611020345688'],
  ['HR12 1001 0051 8630 0016 0', 'HR1210010051863000170'],
  ['CY17 0020 0128 0000 0012 0052 7600', 'CY17002001280000001200527610'],
  ['CZ65 0800 0000 1920 0014 5399', 'CZ6508000000192000145309'],
  ['DK50 0040 0440 1162 43', 'DK5000400440116253'],
  ['EE38 2200 2210 2014 5685', 'EE382200221020145695'],
  ['FI21 1234 5600 0007 85', 'FI2112345600000795'],
  ['FR14 2004 1010 0505 0001 3M02 606', 'FR1420041010050500013M02616'],
  ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013010'],
  ['GR16 0110 1250 0000 0001 2300 695', 'GR1601101250000000012300605'],
  ['IE29 AIBK 9311 5212 3456 78', 'IE29AIBK93115212345688'],
  ['IT60 X054 2811 1010 0000 0123 456', 'IT60X0542811101000000123466'],
  ['NL91 ABNA 0417 1643 00', 'NL91ABNA0417164310'],
  ['PL61 1090 1014 0000 0712 1981 2874', 'PL61109010140000071219812884'],
  ['ES91 2100 0418 4502 0005 1332', 'ES9121000418450200051342'],
  ['GB29 NWBK 6016 1331 9268 19', 'GB29NWBK60161331926829'],
];

describe('validateIban', () => {
  it('passes valid IBANs, with or without spaces and in any case', () => {
    for (const iban of [
      'GB82WEST12345698765432',
      'gb82 west 1234 5698 7654 32',
      'DE89370400440532013000',
      'FR1420041010050500013M02606',
    ]) {
      expect(validateIban(iban).outcome).toBe('pass');
    }
  });

  it('fails an IBAN with a changed digit', () => {
    expect(validateIban('GB82WEST12345698765433')).toMatchObject({ outcome: 'fail' });
    expect(validateIban('GB83WEST12345698765432')).toMatchObject({ outcome: 'fail' });
  });

  it.each(IBANS_OF_20_COUNTRIES)('passes %s and fails it with one digit changed (%s)', (valid, typo) => {
    expect(validateIban(valid).outcome).toBe('pass');
    expect(validateIban(valid.replaceAll(' ', '')).outcome).toBe('pass');
    expect(validateIban(typo)).toMatchObject({ outcome: 'fail', detail: expect.stringMatching(/typo/) });
  });

  it('fails an IBAN of the wrong length for its country even when its check digits add up', () => {
    // 25 characters: German IBANs have 22.
    expect(validateIban('DE51370400440532013000123')).toMatchObject({
      outcome: 'fail',
      detail: 'The DE IBAN has the wrong length for its country',
    });
  });

  it('fails a country code no country uses for IBANs', () => {
    expect(validateIban('XX42 1234 5678 9012 3456')).toMatchObject({
      outcome: 'fail',
      detail: 'XX is not a country that uses IBANs',
    });
  });

  it("fails an IBAN whose account part breaks its country's format", () => {
    // Dutch IBANs carry four bank letters, then ten digits.
    expect(validateIban('NL61 1234 0417 1643 0099').outcome).toBe('fail');
  });

  it('does not apply to account numbers that are not IBANs', () => {
    expect(validateIban('12345678').outcome).toBe('not_applicable');
    expect(validateIban(undefined).outcome).toBe('not_applicable');
  });
});
