import type { DbOrTx } from '../../db/client';
import {
  EXTRACT_MAX_CANDIDATES,
  type ExtractedIdentifierCandidate,
  type ExtractedIdentifiers,
} from '@scamtrail/domain/identifiers/api';
import { getIdentifierTypeLabel } from '@scamtrail/domain/identifiers/catalogue';
import { buildDisplayValue } from '@scamtrail/domain/identifiers/display';
import { extractIdentifiers, type ExtractedIdentifier } from '@scamtrail/domain/identifiers/extract';
import { buildNormalisedKey } from '@scamtrail/domain/identifiers/normalise';
import { isPhoneRegion } from '@scamtrail/domain/identifiers/phone';
import { findIdentifiersByKeys } from './identifiers.repository';

/**
 * A bank account found in text carries only its number; a bank and a holder are required to create
 * one, and the text does not say them (as the entry dialog creates it).
 */
const NOT_STATED = 'Unknown';

/** The data to create the identifier with: a bank account gets "Unknown" bank and holder names. */
function creationData(item: ExtractedIdentifier): Record<string, string> {
  if (item.type !== 'bank_account') return item.data;
  const what = item.kind === 'card' ? 'Payment card number' : 'IBAN';
  return { bankName: NOT_STATED, accountName: NOT_STATED, ...item.data, notes: `${what} found in text` };
}

/** As the text writes it; a card number or an IBAN masked but for its last 4 characters. */
function shownText(item: ExtractedIdentifier): string {
  if (item.type !== 'bank_account') return item.text;
  return `${item.kind === 'card' ? 'Card' : 'IBAN'} ****${item.data.accountNumber.slice(-4)}`;
}

/**
 * The identifiers written in free text, as the entry dialog offers them for linking: the domain's
 * extraction (phone numbers without a country code read in `region`, the server's
 * `DEFAULT_PHONE_REGION`), each once, in the order written, with why it was recognised, and the one on
 * record when its type and normalised key are known (one statement through the unique index).
 */
export async function extractIdentifierCandidates(
  db: DbOrTx,
  text: string,
  region: string,
): Promise<ExtractedIdentifiers> {
  const found = extractIdentifiers(text, isPhoneRegion(region) ? { defaultRegion: region } : {});
  const kept = found.slice(0, EXTRACT_MAX_CANDIDATES).map((item) => {
    const data = creationData(item);
    return { item, data, normalizedKey: buildNormalisedKey(item.type, data) };
  });
  const onRecord = await findIdentifiersByKeys(
    db,
    kept.map(({ item, normalizedKey }) => ({ type: item.type, normalizedKey })),
  );
  const existingOf = (type: string, key: string) =>
    onRecord.find((row) => row.type === type && row.normalizedKey === key);
  const data = kept.map(({ item, data, normalizedKey }): ExtractedIdentifierCandidate => {
    const existing = existingOf(item.type, normalizedKey);
    return {
      type: item.type,
      typeLabel: getIdentifierTypeLabel(item.type),
      kind: item.kind ?? null,
      data,
      text: shownText(item),
      start: item.start,
      end: item.end,
      displayValue: existing?.displayValue ?? buildDisplayValue(item.type, data),
      normalizedKey,
      reason: item.reason,
      existing: existing ? { id: existing.id, displayValue: existing.displayValue } : null,
    };
  });
  return { data, isTruncated: found.length > kept.length };
}
