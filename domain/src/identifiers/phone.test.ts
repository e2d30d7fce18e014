import { describe, expect, it } from 'vitest';
import { normaliseCountryCode, splitPhoneNumber, toE164 } from './phone';

describe('normaliseCountryCode', () => {
  it('adds the plus when it is absent and trims', () => {
    expect(normaliseCountryCode(' 44 ')).toBe('+44');
    expect(normaliseCountryCode('+1')).toBe('+1');
    expect(normaliseCountryCode('')).toBe('');
  });
});

describe('toE164', () => {
  it('formats +1 555 numbers although libphonenumber-js calls them invalid', () => {
    expect(toE164('+1', '(555) 123-4567')).toBe('+15551234567');
    expect(toE164('+1', '1 555 123 4567')).toBe('+15551234567');
  });

  it('prefers a full international number over the country code field', () => {
    expect(toE164('+1', '+44 7911 123456')).toBe('+447911123456');
  });

  it('falls back to + code + digits for codes no country uses', () => {
    expect(toE164('+999', '123456')).toBe('+999123456');
  });
});

describe('splitPhoneNumber', () => {
  it('splits an international number on its calling code', () => {
    expect(splitPhoneNumber('+33 6 12 34 56 78')).toEqual({ countryCode: '+33', number: '612345678' });
  });

  it('returns undefined for a code no country uses', () => {
    expect(splitPhoneNumber('+999 123 4567')).toBeUndefined();
  });
});
