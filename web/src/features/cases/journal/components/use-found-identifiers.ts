import { useDeferredValue, useMemo, useState } from 'react';
import { buildNormalisedKey } from '@scamtrail/domain/identifiers/normalise';
import type { IdentifierOption } from '../api/journal-identifiers';
import { findIdentifiersInText, type FoundIdentifier } from './find-identifiers-in-text';

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
 * The normalised key of an identifier's value, a bank account by its account number alone (text names
 * no routing number), or undefined when its data is not at hand.
 */
function keyOf(type: string, data: Record<string, unknown> | undefined): string | undefined {
  if (!data) return undefined;
  try {
    const value = type === 'bank_account' ? { accountNumber: data.accountNumber } : data;
    return `${type}:${buildNormalisedKey(type, value)}`;
  } catch {
    return undefined;
  }
}

/**
 * Whether a found identifier is the linked one: by normalised key when the link's data is at hand (a
 * bank account's display is masked, so two accounts ending alike look the same and one written with
 * spaces looks different); otherwise by display value, except for bank accounts, offered then (saving
 * an account on record links it rather than creating another).
 */
function isSame(option: IdentifierOption, item: FoundIdentifier): boolean {
  if (option.type !== item.type) return false;
  const key = keyOf(option.type, option.data);
  if (key !== undefined) return key === keyOf(item.type, item.data);
  if (option.type === 'bank_account') return false;
  return comparable(option.type, option.displayValue) === comparable(item.type, item.displayValue);
}

/** Found identifiers that are not among the linked ones (same type, same value however written). */
function notLinked(found: FoundIdentifier[], linked: IdentifierOption[]) {
  return found.filter((item) => !linked.some((option) => isSame(option, item)));
}

/**
 * The identifiers written in the description that are not linked yet (by type and display value),
 * and which of them the person left ticked. Detection follows the text a moment behind the typing.
 */
export function useFoundIdentifiers(
  description: string,
  linked: IdentifierOption[],
  enabled: boolean,
  /** Where numbers without a country code are read: the server's `DEFAULT_PHONE_REGION`. */
  region?: string,
) {
  const text = useDeferredValue(description);
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(new Set());
  const found = useMemo(() => {
    return enabled ? notLinked(findIdentifiersInText(text, region), linked) : [];
  }, [text, linked, enabled, region]);

  const toggle = (key: string, checked: boolean) =>
    setUnchecked((current) => {
      const next = new Set(current);
      if (checked) next.delete(key);
      else next.add(key);
      return next;
    });

  /** The offers to link on save, detected from the text as it is now (not a moment ago). */
  const toLink = () => {
    if (!enabled) return [];
    return notLinked(findIdentifiersInText(description, region), linked).filter(
      (item) => !unchecked.has(item.key),
    );
  };

  return { found, unchecked, toggle, toLink };
}
