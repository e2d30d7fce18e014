import { getIdentifierTypeLabel } from '@scamtrail/domain/identifiers/catalogue';
import { buildDisplayValue } from '@scamtrail/domain/identifiers/display';
import { extractIdentifiers, type ExtractedIdentifier } from '@scamtrail/domain/identifiers/extract';
import { buildNormalisedKey } from '@scamtrail/domain/identifiers/normalise';
import { DEFAULT_PHONE_REGION, isPhoneRegion } from '@scamtrail/domain/identifiers/phone';
import type { IdentifierType } from '@scamtrail/domain/identifiers/types';

/**
 * A bank account found in text carries only its number; the bank and the holder are required to
 * create one, and the text does not say them.
 */
const NOT_STATED = 'Unknown';

/** An identifier written in an entry's text, as the entry dialog offers to link it. */
export interface FoundIdentifier {
  /** The normalised key: equal for the same identifier written differently. */
  key: string;
  type: IdentifierType;
  /** The data the identifier is created with when it is not on record yet. */
  data: Record<string, string>;
  /** As it is written in the text; a bank account's number masked but for its last 4 characters. */
  text: string;
  displayValue: string;
  typeLabel: string;
  /** Why it was taken for an identifier, e.g. "An IBAN: Valid GB IBAN check digits". */
  reason: string;
}

/** The data to create the identifier with: a bank account gets "Unknown" bank and holder names. */
function creationData(item: ExtractedIdentifier): Record<string, string> {
  if (item.type !== 'bank_account') return item.data;
  const notes = item.kind === 'card' ? 'Payment card number' : 'IBAN';
  return {
    bankName: NOT_STATED,
    accountName: NOT_STATED,
    ...item.data,
    notes: `${notes} found in a journal entry`,
  };
}

/** How the dialog shows what was written: card numbers and IBANs masked, as bank accounts are. */
function shownText(item: ExtractedIdentifier): string {
  if (item.type !== 'bank_account') return item.text;
  const account = item.data.accountNumber;
  return `${item.kind === 'card' ? 'Card' : 'IBAN'} ****${account.slice(-4)}`;
}

/**
 * The identifiers written in free text (the domain's extraction, with the organisation's region: the
 * server's `DEFAULT_PHONE_REGION`, spec 5's US by default), in the order they appear, each once.
 */
export function findIdentifiersInText(
  text: string,
  region: string = DEFAULT_PHONE_REGION,
): FoundIdentifier[] {
  const defaultRegion = isPhoneRegion(region) ? region : DEFAULT_PHONE_REGION;
  return extractIdentifiers(text, { defaultRegion }).map((item) => {
    const data = creationData(item);
    return {
      key: `${item.type}:${buildNormalisedKey(item.type, data)}`,
      type: item.type,
      data,
      text: shownText(item),
      displayValue: buildDisplayValue(item.type, data),
      typeLabel: getIdentifierTypeLabel(item.type),
      reason: item.reason,
    };
  });
}
