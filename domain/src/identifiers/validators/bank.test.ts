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

  it('does not apply to account numbers that are not IBANs', () => {
    expect(validateIban('12345678').outcome).toBe('not_applicable');
    expect(validateIban(undefined).outcome).toBe('not_applicable');
  });
});
