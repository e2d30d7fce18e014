import { buildNormalisedKey } from '@scamtrail/domain/identifiers/normalise';
import type { FoundCandidate } from '../../../../components/found-identifiers/extract-identifiers';
import { useFoundCandidates } from '../../../../components/found-identifiers/use-found-candidates';
import type { IdentifierOption } from '../api/journal-identifiers';

/**
 * A display value as two writings of the same identifier share it: an e-mail address in any case, a
 * phone number by its digits ("+44 7700 900123" and "+44 7700900123"); others as they are.
 */
function comparable(type: string, displayValue: string): string {
  if (type === 'email') return displayValue.trim().toLowerCase();
  if (type === 'phone') return displayValue.replace(/\D/g, '');
  return displayValue;
}

/**
 * The normalised key of a linked identifier's value as text writes it, a bank account by its account
 * number alone (text names no routing number), or undefined when its data is not at hand.
 */
function keyOf(type: string, data: Record<string, unknown> | undefined): string | undefined {
  if (!data) return undefined;
  try {
    return buildNormalisedKey(type, type === 'bank_account' ? { accountNumber: data.accountNumber } : data);
  } catch {
    return undefined;
  }
}

/**
 * Whether a found identifier is the linked one: the one on record the server named for it; else by
 * normalised key when the link's data is at hand (a bank account's display is masked, so two accounts
 * ending alike look the same); else by display value, except for bank accounts, offered then (saving
 * an account on record links it rather than creating another).
 */
function isSame(option: IdentifierOption, candidate: FoundCandidate): boolean {
  if (option.type !== candidate.type) return false;
  if (candidate.existing?.id === option.id) return true;
  const key = keyOf(option.type, option.data);
  if (key !== undefined) return key === candidate.normalizedKey;
  if (option.type === 'bank_account') return false;
  return comparable(option.type, option.displayValue) === comparable(candidate.type, candidate.displayValue);
}

/** Found identifiers that are not among the linked ones (same identifier, however written). */
export function notLinked(found: FoundCandidate[], linked: IdentifierOption[]): FoundCandidate[] {
  return found.filter((candidate) => !linked.some((option) => isSame(option, candidate)));
}

/**
 * The identifiers written in the description that are not linked yet, read on the server once the
 * text rests (`POST /api/identifiers/extract`, as written evidence and the import do), and which of
 * them the person left ticked.
 */
export function useFoundIdentifiers(description: string, linked: IdentifierOption[], enabled: boolean) {
  const offer = useFoundCandidates(description, enabled);

  /** The ticked offers of the text as it is now (read again if it changed since the last answer). */
  const toLink = async () => notLinked(await offer.chosenFor(description), linked);

  return {
    found: notLinked(offer.found, linked),
    unchecked: offer.unchecked,
    toggle: offer.toggle,
    toLink,
  };
}
