// The full ('max') metadata is needed for line types; it is large, so only validators import it.
import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/max';
import { internationalReadings } from '../phone';
import { digitsOf } from '../read-data';
import { validatorResult, type ValidatorResult } from './types';

/** libphonenumber's line types, in the words of the detail and the checks. */
export const PHONE_LINE_TYPES: Readonly<Record<string, string>> = {
  MOBILE: 'Mobile',
  FIXED_LINE: 'Fixed line',
  FIXED_LINE_OR_MOBILE: 'Fixed line or mobile',
  TOLL_FREE: 'Toll-free',
  PREMIUM_RATE: 'Premium rate',
  SHARED_COST: 'Shared cost',
  VOIP: 'VoIP',
  PERSONAL_NUMBER: 'Personal number',
  PAGER: 'Pager',
  UAN: 'Universal access number',
  VOICEMAIL: 'Voicemail',
};

function parseNational(digits: string, countryCode: string): PhoneNumber | undefined {
  try {
    return parsePhoneNumberFromString(digits, { defaultCallingCode: digitsOf(countryCode) });
  } catch {
    // libphonenumber-js throws for calling codes no country uses.
    return undefined;
  }
}

/**
 * The number as the identifier's key reads it (`toE164`): national, unless it is a valid number dialled
 * abroad. Undefined when it cannot be read under `countryCode`.
 */
export function parsePhoneFully(countryCode: string, number: string): PhoneNumber | undefined {
  const trimmed = number.trim();
  if (trimmed.startsWith('+')) return parsePhoneNumberFromString(trimmed);
  const digits = digitsOf(trimmed);
  const national = parseNational(digits, countryCode);
  if (national?.isValid()) return national;
  const abroad = internationalReadings(digits)
    .map((reading) => parsePhoneNumberFromString(reading))
    .find((parsed) => parsed?.isValid());
  return abroad ?? national;
}

/**
 * Phone checks with libphonenumber-js's full metadata: whether the number is valid for its country,
 * and its line type (mobile, VoIP, premium rate...). The type cannot be known for an invalid number.
 */
export function validatePhoneNumber(countryCode: string, number: string): ValidatorResult[] {
  const phone = parsePhoneFully(countryCode, number);
  if (!phone) {
    return [
      validatorResult(
        'phone_validity',
        'fail',
        `Not a phone number under country code +${digitsOf(countryCode)}`,
      ),
      validatorResult('phone_type', 'not_applicable', 'The number could not be parsed'),
    ];
  }
  const formatted = phone.formatInternational();
  if (!phone.isValid()) {
    return [
      validatorResult('phone_validity', 'fail', `${formatted} is not a valid number for its country`),
      validatorResult('phone_type', 'not_applicable', 'The line type of an invalid number is unknown'),
    ];
  }
  const where = phone.country ?? `calling code +${phone.countryCallingCode}`;
  const type = phone.getType();
  return [
    validatorResult('phone_validity', 'pass', `${formatted} is a valid number for ${where}`),
    type
      ? validatorResult('phone_type', 'pass', PHONE_LINE_TYPES[type] ?? type)
      : validatorResult('phone_type', 'not_applicable', 'The line type is not known for this number'),
  ];
}
