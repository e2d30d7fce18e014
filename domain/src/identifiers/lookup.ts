import { detectIdentifierType } from './detection';
import { buildNormalisedKey } from './normalise';
import { EVM_NETWORKS, type IdentifierType } from './types';

/** An identifier's type and normalised key: what makes it the same identifier, however written. */
export interface IdentifierKey {
  type: IdentifierType;
  normalizedKey: string;
}

/**
 * The keys a pasted value would have if it were an identifier on record, so it finds the identifier
 * however it was written ("+44 7700 900123" finds "+44 7700900123"; "Scam@Example.com" finds
 * "scam@example.com"). Only what spec 5's detection recognises is looked up:
 * - an e-mail address or a phone number: that identifier, and a Zelle handle pointing to it (a Zelle
 *   key is the e-mail or phone key it points to);
 * - a bitcoin address: the wallet on bitcoin;
 * - an EVM address (0x and 40 hex): the wallet on every EVM network, as the same address is valid on
 *   each of them.
 * Anything else gives no key: the display-value search is left to find it. A phone number written
 * without a country code is read in `defaultRegion` (the server's `DEFAULT_PHONE_REGION`).
 */
export function identifierKeysOf(value: string, options: { defaultRegion?: string } = {}): IdentifierKey[] {
  const detected = detectIdentifierType(value, options);
  switch (detected.type) {
    case 'email':
    case 'phone': {
      const normalizedKey = buildNormalisedKey(detected.type, detected.data);
      return [
        { type: detected.type, normalizedKey },
        { type: 'zelle', normalizedKey },
      ];
    }
    case 'crypto_wallet': {
      const { network, address } = detected.data;
      const networks = network === 'ethereum' ? EVM_NETWORKS : [network];
      return networks.map((n) => ({
        type: 'crypto_wallet',
        normalizedKey: buildNormalisedKey('crypto_wallet', { network: n, address }),
      }));
    }
    default:
      return [];
  }
}
