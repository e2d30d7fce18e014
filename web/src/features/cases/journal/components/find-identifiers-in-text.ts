import { getIdentifierTypeLabel } from '@scamtrail/domain/identifiers/catalogue';
import { detectIdentifierType } from '@scamtrail/domain/identifiers/detection';
import { buildDisplayValue } from '@scamtrail/domain/identifiers/display';
import { buildNormalisedKey } from '@scamtrail/domain/identifiers/normalise';

/** An identifier written in an entry's text, as the entry dialog offers to link it. */
export interface FoundIdentifier {
  /** The normalised key: equal for the same identifier written differently. */
  key: string;
  type: 'email' | 'phone' | 'crypto_wallet';
  data: Record<string, string>;
  /** As it is written in the text. */
  text: string;
  displayValue: string;
  typeLabel: string;
}

/**
 * Phone numbers are written with spaces, so they are looked for as runs of digits and phone
 * punctuation on one line, not as words; a run inside a longer word (a wallet address, a reference)
 * does not count.
 */
const PHONE_RUN = /(?<![\w@+.])\+?\(?\d[\d \t().\-/]{5,}\d(?![\w@])/g;
/** Dates look like numbers with punctuation too: 2024-05-01, 05/01/2024, 1.5.2024. */
const DATE_LIKE = /^(\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})$/;
/** What surrounds an address in prose: brackets, quotes and sentence punctuation. */
const WORD_EDGES = /^[<([{"'`]+|[>)\]}"'`.,;:!?]+$/g;

function found(text: string): FoundIdentifier | null {
  const detected = detectIdentifierType(text);
  if (!detected.type) return null;
  const data = { ...detected.data } as Record<string, string>;
  return {
    key: `${detected.type}:${buildNormalisedKey(detected.type, data)}`,
    type: detected.type,
    data,
    text,
    displayValue: buildDisplayValue(detected.type, data),
    typeLabel: getIdentifierTypeLabel(detected.type),
  };
}

/**
 * The e-mail addresses, phone numbers and wallet addresses written in free text (spec 5's detection
 * applied to its words and phone-like runs), in the order they appear, each identifier once.
 */
export function findIdentifiersInText(text: string): FoundIdentifier[] {
  const candidates: { index: number; text: string }[] = [];
  for (const word of text.matchAll(/\S+/g)) {
    const trimmed = word[0].replace(WORD_EDGES, '');
    // Words that hold no letter are phone numbers or nothing: the phone runs below find those.
    if (/[a-z]/i.test(trimmed)) candidates.push({ index: word.index, text: trimmed });
  }
  for (const run of text.matchAll(PHONE_RUN)) {
    const value = run[0].trim();
    if (!DATE_LIKE.test(value)) candidates.push({ index: run.index, text: value });
  }
  candidates.sort((a, b) => a.index - b.index);

  const byKey = new Map<string, FoundIdentifier>();
  for (const candidate of candidates) {
    const identifier = found(candidate.text);
    if (identifier && !byKey.has(identifier.key)) byKey.set(identifier.key, identifier);
  }
  return [...byKey.values()];
}
