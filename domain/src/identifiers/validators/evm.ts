import { keccak_256 } from '@noble/hashes/sha3.js';
import { validatorResult, type ValidatorResult } from './types';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The EIP-55 mixed-case form of a 40-hex-digit address body. */
function toChecksumCase(hex: string): string {
  const lower = hex.toLowerCase();
  // The hash input is the ASCII text of the lower-case hex, one byte per character.
  const hash = keccak_256(Uint8Array.from(lower, (char) => char.charCodeAt(0)));
  return [...lower]
    .map((char, i) => {
      const nibble = (hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
      return nibble >= 8 ? char.toUpperCase() : char;
    })
    .join('');
}

/**
 * EVM address checks (Ethereum, BNB Smart Chain, Polygon): the 0x + 40 hex format, and the EIP-55
 * checksum when the address is mixed-case. An all-lower or all-upper address carries no checksum.
 */
export function validateEvmAddress(address: string): ValidatorResult[] {
  if (!EVM_ADDRESS.test(address)) {
    return [
      validatorResult('evm_address_format', 'fail', 'Expected 0x followed by 40 hexadecimal characters'),
      validatorResult('evm_eip55_checksum', 'not_applicable', 'Not an EVM address'),
    ];
  }
  const format = validatorResult('evm_address_format', 'pass', '0x followed by 40 hexadecimal characters');
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) {
    return [
      format,
      validatorResult('evm_eip55_checksum', 'not_applicable', 'Single-case address has no checksum'),
    ];
  }
  const expected = toChecksumCase(body);
  return [
    format,
    body === expected
      ? validatorResult('evm_eip55_checksum', 'pass', 'Mixed-case checksum matches')
      : validatorResult('evm_eip55_checksum', 'fail', `Checksum does not match; expected 0x${expected}`),
  ];
}
