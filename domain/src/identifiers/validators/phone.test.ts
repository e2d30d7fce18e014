import { describe, expect, it } from 'vitest';
import { validatePhoneNumber } from './phone';

describe('validatePhoneNumber', () => {
  it('passes a valid number and names its line type', () => {
    expect(validatePhoneNumber('+44', '07911 123456')).toEqual([
      expect.objectContaining({ name: 'phone_validity', outcome: 'pass' }),
      expect.objectContaining({ name: 'phone_type', outcome: 'pass', detail: 'Mobile' }),
    ]);
    expect(validatePhoneNumber('+1', '(202) 555-0123')[0]).toMatchObject({
      outcome: 'pass',
      detail: '+1 202 555 0123 is a valid number for US',
    });
    expect(validatePhoneNumber('+1', '800 275 2273')[1]).toMatchObject({
      outcome: 'pass',
      detail: 'Toll-free',
    });
  });

  it('checks a number dialled abroad as its international form, as its key does', () => {
    expect(validatePhoneNumber('+1', '0044 7911 123456')[0]).toMatchObject({
      outcome: 'pass',
      detail: expect.stringMatching(/^\+44 7911 123456 is a valid number for /),
    });
  });

  it('fails a number that is not valid for its country (the +1 555 range)', () => {
    expect(validatePhoneNumber('+1', '555 123 4567')).toEqual([
      expect.objectContaining({
        name: 'phone_validity',
        outcome: 'fail',
        detail: '+1 555 123 4567 is not a valid number for its country',
      }),
      expect.objectContaining({ name: 'phone_type', outcome: 'not_applicable' }),
    ]);
  });

  it('fails a calling code no country uses', () => {
    expect(validatePhoneNumber('+999', '1234567')[0]).toMatchObject({
      outcome: 'fail',
      detail: 'Not a phone number under country code +999',
    });
  });

  it('reads an international number given in the number field', () => {
    expect(validatePhoneNumber('+1', '+33 6 12 34 56 78')[0].outcome).toBe('pass');
  });
});
