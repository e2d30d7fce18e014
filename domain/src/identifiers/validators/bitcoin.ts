import { decodeBase58Check } from './base58';
import { decodeSegwitAddress } from './bech32';
import { validatorResult, type ValidatorResult } from './types';

/** Version bytes of mainnet base58 addresses: P2PKH ("1...") and P2SH ("3..."). */
const VERSIONS: Readonly<Record<number, string>> = { 0x00: 'P2PKH', 0x05: 'P2SH' };

/**
 * Bitcoin address checks: bech32/bech32m for "bc1" addresses, base58check for the others; the one
 * that does not apply is reported as not applicable.
 */
export function validateBitcoinAddress(address: string): ValidatorResult[] {
  if (/^bc1/i.test(address)) {
    const segwit = decodeSegwitAddress(address, 'bc');
    return [
      validatorResult('bitcoin_base58check', 'not_applicable', 'A bc1 address is bech32, not base58'),
      segwit.ok
        ? validatorResult(
            'bitcoin_bech32',
            'pass',
            `Valid ${segwit.encoding} segwit version ${segwit.version} address`,
          )
        : validatorResult('bitcoin_bech32', 'fail', segwit.reason),
    ];
  }
  const decoded = decodeBase58Check(address, 25);
  const version = decoded.ok ? decoded.payload[0] : undefined;
  const base58 = !decoded.ok
    ? validatorResult('bitcoin_base58check', 'fail', decoded.reason)
    : version !== undefined && VERSIONS[version]
      ? validatorResult('bitcoin_base58check', 'pass', `Valid ${VERSIONS[version]} mainnet address`)
      : validatorResult(
          'bitcoin_base58check',
          'fail',
          `Version byte 0x${(version ?? 0).toString(16).padStart(2, '0')} is not a bitcoin mainnet address`,
        );
  return [base58, validatorResult('bitcoin_bech32', 'not_applicable', 'Not a bc1 (segwit) address')];
}
