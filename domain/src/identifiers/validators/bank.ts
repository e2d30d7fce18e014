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

/** The IBAN's remainder mod 97, computed piecewise because the number is far beyond 2^53. */
function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    // Letters count as two digits: A = 10 ... Z = 35.
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** IBAN mod-97 check (ISO 7064) when the account number looks like an IBAN; otherwise not applicable. */
export function validateIban(accountNumber: string | undefined): ValidatorResult {
  const iban = compactUpper(accountNumber ?? '');
  if (!IBAN_SHAPE.test(iban)) {
    return validatorResult('iban_checksum', 'not_applicable', 'The account number is not an IBAN');
  }
  return ibanRemainder(iban) === 1
    ? validatorResult('iban_checksum', 'pass', `Valid ${iban.slice(0, 2)} IBAN check digits`)
    : validatorResult('iban_checksum', 'fail', 'IBAN check digits do not match (likely a typo)');
}
