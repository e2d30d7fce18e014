import { splitPhoneNumber } from '../phone';
import { readText } from '../read-data';
import { EVM_NETWORKS } from '../types';
import { validateIban, validateRoutingNumber } from './bank';
import { validateBitcoinAddress } from './bitcoin';
import { validateEmailSyntax } from './email';
import { validateEvmAddress } from './evm';
import { validatePhoneNumber } from './phone';
import { validateProfileUrl } from './social';
import { validateSolanaAddress, validateTronAddress } from './tron-solana';
import { validatorResult, type ValidatorResult } from './types';
import { describeCryptoAddress, enrichCard } from '../code-enrichment';

/**
 * Offline enrichment used in the confidence: a card number of a known scheme passes; an address whose
 * format belongs to another network than the one recorded fails, and one recorded under "other" (no
 * check of its own) passes when its format is recognised. Nothing when enrichment tells nothing new.
 */
function cardScheme(accountNumber: string): ValidatorResult[] {
  const card = enrichCard(accountNumber);
  return card
    ? [
        validatorResult(
          'card_scheme',
          'pass',
          `A ${card.length}-digit ${card.scheme} card number (IIN ${card.iin})`,
        ),
      ]
    : [];
}

function addressFormat(network: string, address: string): ValidatorResult[] {
  const found = describeCryptoAddress(address);
  if (!found || found.networks.includes(network)) return []; // the network's own checks say it all
  const what = `${found.format}, a ${found.network === 'evm' ? 'EVM' : found.network} address`;
  return network === 'other'
    ? [validatorResult('crypto_address_format', 'pass', what)]
    : [validatorResult('crypto_address_format', 'fail', `${what}, not a ${network} one`)];
}

function validateWallet(network: string, address: string): ValidatorResult[] {
  if ((EVM_NETWORKS as readonly string[]).includes(network)) return validateEvmAddress(address);
  if (network === 'bitcoin') return validateBitcoinAddress(address);
  if (network === 'tron') return [validateTronAddress(address)];
  if (network === 'solana') return [validateSolanaAddress(address)];
  return [];
}

function validateCryptoWallet(network: string, address: string): ValidatorResult[] {
  return [...validateWallet(network, address), ...addressFormat(network, address)];
}

function validateZelle(kind: string, identifier: string): ValidatorResult[] {
  if (kind === 'email' || (kind !== 'phone' && identifier.includes('@'))) {
    return [validateEmailSyntax(identifier)];
  }
  const phone = splitPhoneNumber(identifier);
  return validatePhoneNumber(phone?.countryCode ?? '', phone?.number ?? identifier);
}

/**
 * Runs every validator that applies to an identifier, for `POST /api/identifiers/{id}/validate`:
 * - email: e-mail syntax; zelle: e-mail syntax or the phone checks, by what it points to;
 * - phone: validity and line type;
 * - bank_account: ABA routing checksum and IBAN mod-97 (either may be not applicable); the card
 *   scheme when the number is a Luhn-valid card number of a known scheme (offline enrichment);
 * - crypto_wallet: bitcoin base58check + bech32; EVM format + EIP-55 (ethereum, binance, polygon);
 *   tron base58check; solana 32-byte key; and, when the address's format is recognised as another
 *   network's, the address format (offline enrichment: a TRON address recorded as bitcoin fails, a
 *   Litecoin one recorded as "other" passes);
 * - social_media: profile URL host; other: nothing.
 * An empty list means no automated check exists for this identifier.
 */
export function runIdentifierValidators(type: unknown, data: unknown): ValidatorResult[] {
  const text = (name: string) => readText(data, name);
  switch (type) {
    case 'email':
      return [validateEmailSyntax(text('address'))];
    case 'phone':
      return validatePhoneNumber(text('countryCode'), text('number'));
    case 'bank_account':
      return [
        validateRoutingNumber(text('routingNumber')),
        validateIban(text('accountNumber')),
        ...cardScheme(text('accountNumber')),
      ];
    case 'zelle':
      return validateZelle(text('identifierType'), text('identifier'));
    case 'crypto_wallet':
      return validateCryptoWallet(text('network'), text('address'));
    case 'social_media':
      return [validateProfileUrl(text('platform'), text('profileUrl'))];
    default:
      return [];
  }
}
