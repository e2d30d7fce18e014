import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import {
  callingCodeOf,
  isPhoneRegion,
  nationalNumberOf,
  normaliseCountryCode,
  splitPhoneNumber,
  toE164,
} from './phone';

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

  it('reads a number dialled abroad (00 or 011 before the country code) as that international number', () => {
    expect(toE164('+1', '0044 7911 123456')).toBe('+447911123456');
    expect(toE164('+1', '011 44 7911 123456')).toBe('+447911123456');
    expect(toE164('+44', '00 33 6 12 34 56 78')).toBe('+33612345678');
    // Not when the digits are a valid number as written, nor when the reading abroad is not valid.
    expect(toE164('+44', '07911 123456')).toBe('+447911123456');
    expect(toE164('+1', '00123')).toBe('+100123');
  });

  it('falls back to + code + digits for codes no country uses', () => {
    expect(toE164('+999', '123456')).toBe('+999123456');
  });
});

describe('nationalNumberOf', () => {
  it('gives the national number of an E.164 number, and "" for one that cannot be read', () => {
    expect(nationalNumberOf('+14155550134')).toBe('4155550134');
    expect(nationalNumberOf('+447911123456')).toBe('7911123456');
    expect(nationalNumberOf('+999123')).toBe('');
  });

  it('right after toE164 read a number, gives what a new parse of its E.164 form gives', () => {
    // Every region's example mobile number, written nationally, with a trunk 0, and dialled abroad:
    // the national number toE164's own parse read equals the one read again from its E.164 form.
    let checked = 0;
    for (const region of getCountries()) {
      const example = examples[region];
      if (!example) continue;
      const code = `+${getCountryCallingCode(region)}`;
      for (const written of [example, `0${example}`, `00${code.slice(1)}${example}`, `${code} ${example}`]) {
        const e164 = toE164(code, written);
        expect(nationalNumberOf(e164), `${region} ${written}`).toBe(
          parsePhoneNumberFromString(e164)?.nationalNumber ?? '',
        );
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(800);
  });
});

describe('splitPhoneNumber', () => {
  it('splits an international number on its calling code', () => {
    expect(splitPhoneNumber('+33 6 12 34 56 78')).toEqual({ countryCode: '+33', number: '612345678' });
  });

  it('splits a number dialled abroad on the calling code after the prefix', () => {
    expect(splitPhoneNumber('0044 7911 123456')).toEqual({ countryCode: '+44', number: '7911123456' });
    expect(splitPhoneNumber('011 33 6 12 34 56 78')).toEqual({ countryCode: '+33', number: '612345678' });
    expect(splitPhoneNumber('(555) 123-4567')).toEqual({ countryCode: '+1', number: '5551234567' });
  });

  it('returns undefined for a code no country uses', () => {
    expect(splitPhoneNumber('+999 123 4567')).toBeUndefined();
  });
});

describe('the default phone region', () => {
  it('reads a national number in the region given, and keeps spec 5 (+1) for the US or none', () => {
    expect(splitPhoneNumber('020 7946 0958', 'GB')).toEqual({ countryCode: '+44', number: '2079460958' });
    expect(splitPhoneNumber('4155550134', 'GB')).toEqual({ countryCode: '+1', number: '4155550134' });
    expect(splitPhoneNumber('020 7946 0958')).toEqual({ countryCode: '+1', number: '02079460958' });
    expect(splitPhoneNumber('14155550134', 'US')).toEqual({ countryCode: '+1', number: '4155550134' });
  });

  it('knows the regions libphonenumber-js knows, and their calling codes', () => {
    expect(isPhoneRegion('GB')).toBe(true);
    expect(isPhoneRegion('XX')).toBe(false);
    expect(isPhoneRegion('gb')).toBe(false);
    expect(callingCodeOf('DE')).toBe('+49');
  });
});
