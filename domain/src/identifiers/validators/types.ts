/**
 * The shape every identifier validator answers with. Validators are pure and isomorphic: the server
 * runs them behind `POST /api/identifiers/{id}/validate` and stores the results with their reasons.
 */

/** Every validator, by stable name (stored with results, so never rename one). */
export const VALIDATOR_NAMES = [
  'phone_validity',
  'phone_type',
  'email_syntax',
  'aba_routing_checksum',
  'iban_checksum',
  'bitcoin_base58check',
  'bitcoin_bech32',
  'evm_address_format',
  'evm_eip55_checksum',
  'tron_base58check',
  'solana_base58_key',
  'social_profile_url_host',
  'card_scheme',
  'crypto_address_format',
] as const;
export type ValidatorName = (typeof VALIDATOR_NAMES)[number];

/** Human-readable validator names, for the validation screen and confidence reasons. */
export const VALIDATOR_LABELS: Readonly<Record<ValidatorName, string>> = {
  phone_validity: 'Phone number validity',
  phone_type: 'Phone line type',
  email_syntax: 'E-mail syntax',
  aba_routing_checksum: 'ABA routing number checksum',
  iban_checksum: 'IBAN checksum',
  bitcoin_base58check: 'Bitcoin base58check',
  bitcoin_bech32: 'Bitcoin bech32/bech32m checksum',
  evm_address_format: 'EVM address format',
  evm_eip55_checksum: 'EIP-55 checksum',
  tron_base58check: 'Tron base58check',
  solana_base58_key: 'Solana public key',
  social_profile_url_host: 'Profile URL host',
  card_scheme: 'Card scheme',
  crypto_address_format: 'Address format',
};

/** `pass`: the check holds; `fail`: it does not; `not_applicable`: nothing to check (e.g. no routing number). */
export type ValidatorOutcome = 'pass' | 'fail' | 'not_applicable';

/** One validator's verdict. */
export interface ValidatorResult {
  name: ValidatorName;
  /** `VALIDATOR_LABELS[name]`, carried along so stored results read on their own. */
  label: string;
  outcome: ValidatorOutcome;
  /** Why, in a sentence a person can read, e.g. "Checksum digit is 5, expected 6". */
  detail: string;
}

/** Builds a result with its label filled in. */
export function validatorResult(
  name: ValidatorName,
  outcome: ValidatorOutcome,
  detail: string,
): ValidatorResult {
  return { name, label: VALIDATOR_LABELS[name], outcome, detail };
}
