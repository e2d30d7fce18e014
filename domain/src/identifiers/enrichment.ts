/**
 * Offline enrichment of an identifier: what its value tells about itself, read from tables shipped
 * with the code, with no lookup service called. Phones by libphonenumber-js's full metadata (country
 * and line type; it carries no geocoding, so no region finer than the country); IBANs, cards and
 * crypto addresses by code-enrichment.ts. The full phone metadata is large: only the server imports
 * this module (the web shows what the identifier detail's API answers).
 */
import {
  cardFacts,
  countryName,
  cryptoFacts,
  describeCryptoAddress,
  enrichCard,
  enrichIban,
  ibanFacts,
  type EnrichmentFact,
} from './code-enrichment';
import { splitPhoneNumber } from './phone';
import { digitsOf, readText } from './read-data';
import { PHONE_LINE_TYPES, parsePhoneFully } from './validators/phone';

export * from './code-enrichment';

// ---------------------------------------------------------------------------------------------- phone

export interface PhoneEnrichment {
  /** ISO 3166 region the number belongs to, when the metadata knows it. */
  country?: string;
  callingCode: string;
  /** One of `PHONE_LINE_TYPES`' keys, when the metadata knows it. */
  lineType?: string;
  valid: boolean;
  international: string;
}

export function enrichPhone(countryCode: string, number: string): PhoneEnrichment | undefined {
  // A Zelle phone may come without its calling code: read it as North American, as Zelle's are.
  const phone = parsePhoneFully(digitsOf(countryCode) ? countryCode : '1', number);
  if (!phone) return undefined;
  const valid = phone.isValid();
  return {
    country: phone.country,
    callingCode: phone.countryCallingCode,
    lineType: valid ? phone.getType() : undefined,
    valid,
    international: phone.formatInternational(),
  };
}

function phoneFacts(found: PhoneEnrichment | undefined): EnrichmentFact[] {
  if (!found) return [{ label: 'Phone', value: 'Not a number under any known calling code' }];
  return [
    {
      label: 'Country',
      value: found.country ? countryName(found.country) : `Calling code +${found.callingCode}`,
    },
    {
      label: 'Line type',
      value: found.lineType
        ? (PHONE_LINE_TYPES[found.lineType] ?? found.lineType)
        : found.valid
          ? 'Not known for this number'
          : 'Unknown: not a valid number for its country',
    },
  ];
}

// ------------------------------------------------------------------------------------------ identifier

/** Everything offline enrichment tells about an identifier; empty when it tells nothing. */
export function enrichIdentifier(type: unknown, data: unknown): EnrichmentFact[] {
  const text = (name: string) => readText(data, name);
  switch (type) {
    case 'phone':
      return phoneFacts(enrichPhone(text('countryCode'), text('number')));
    case 'zelle': {
      if (text('identifierType') !== 'phone') return [];
      const phone = splitPhoneNumber(text('identifier'));
      return phoneFacts(enrichPhone(phone?.countryCode ?? '', phone?.number ?? text('identifier')));
    }
    case 'bank_account': {
      const iban = enrichIban(text('accountNumber'));
      if (iban) return ibanFacts(iban);
      const card = enrichCard(text('accountNumber'));
      return card ? cardFacts(card) : [];
    }
    case 'crypto_wallet':
      return cryptoFacts(describeCryptoAddress(text('address')));
    default:
      return [];
  }
}
