import { ValidationErrorsIBAN, validateIBAN } from 'ibantools';
import { compactUpper } from '../read-data';
import { validatorResult, type ValidatorResult } from './types';

/** ABA weights 3, 7, 1 repeat over the nine digits; the weighted sum must be a multiple of 10. */
const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1];
/** Country code, two check digits, then 11-30 alphanumerics (ISO 13616 lengths run 15-34). */
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** ABA routing-number checksum; not applicable when there is no routing number. */
export function validateRoutingNumber(routingNumber: string | undefined): ValidatorResult {
  const value = (routingNumber ?? '').trim();
  if (value === '') return validatorResult('aba_routing_checksum', 'not_applicable', 'No routing number');
  if (!/^\d{9}$/.test(value)) return validatorResult('aba_routing_checksum', 'fail', 'Not 9 digits');
  const sum = [...value].reduce((total, digit, i) => total + Number(digit) * ABA_WEIGHTS[i], 0);
  return sum % 10 === 0
    ? validatorResult('aba_routing_checksum', 'pass', 'Checksum digit matches')
    : validatorResult('aba_routing_checksum', 'fail', 'Checksum digit does not match (likely a typo)');
}

/** Why ibantools refused an IBAN, in the words of the validation screen; the first error counts. */
const IBAN_ERRORS: Readonly<Partial<Record<ValidationErrorsIBAN, string>>> = {
  [ValidationErrorsIBAN.WrongBBANLength]: 'has the wrong length for its country',
  [ValidationErrorsIBAN.WrongBBANFormat]: "does not follow its country's account format",
  [ValidationErrorsIBAN.ChecksumNotNumber]: 'has check digits that are not digits',
  [ValidationErrorsIBAN.WrongIBANChecksum]: 'check digits do not match (likely a typo)',
  [ValidationErrorsIBAN.WrongAccountBankBranchChecksum]: 'national check digits do not match (likely a typo)',
};

/**
 * The IBAN check when the account number looks like an IBAN (else not applicable), with ibantools:
 * a country that uses IBANs, that country's length and BBAN format, the mod-97 check digits (ISO
 * 7064) and, where the country has them, the national check digits.
 */
export function validateIban(accountNumber: string | undefined): ValidatorResult {
  const iban = compactUpper(accountNumber ?? '');
  if (!IBAN_SHAPE.test(iban)) {
    return validatorResult('iban_checksum', 'not_applicable', 'The account number is not an IBAN');
  }
  const country = iban.slice(0, 2);
  const { valid, errorCodes } = validateIBAN(iban, { allowQRIBAN: true });
  if (valid) return validatorResult('iban_checksum', 'pass', `Valid ${country} IBAN check digits`);
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) {
    return validatorResult('iban_checksum', 'fail', `${country} is not a country that uses IBANs`);
  }
  const problem = errorCodes.map((code) => IBAN_ERRORS[code]).find(Boolean) ?? 'is not valid';
  return validatorResult('iban_checksum', 'fail', `The ${country} IBAN ${problem}`);
}
