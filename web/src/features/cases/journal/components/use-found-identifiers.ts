import { useDeferredValue, useMemo, useState } from 'react';
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

/** Found identifiers that are not among the linked ones (same type, same value however written). */
function notLinked(found: FoundIdentifier[], linked: IdentifierOption[]) {
  return found.filter(
    (item) =>
      !linked.some(
        (option) =>
          option.type === item.type &&
          comparable(option.type, option.displayValue) === comparable(item.type, item.displayValue),
      ),
  );
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
