import { useState } from 'react';
import {
  candidateKey,
  extractIdentifiers,
  useExtractedIdentifiers,
  type FoundCandidate,
} from './extract-identifiers';

/**
 * The identifiers found in a text (on the server, once the text rests) and which of them the person
 * left ticked: what is offered for linking or importing.
 */
export function useFoundCandidates(text: string, enabled: boolean) {
  const extracted = useExtractedIdentifiers(text, enabled);
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string, checked: boolean) =>
    setUnchecked((current) => {
      const next = new Set(current);
      if (checked) next.delete(key);
      else next.add(key);
      return next;
    });
  const isChosen = (candidate: FoundCandidate) => !unchecked.has(candidateKey(candidate));

  /**
   * The ticked candidates of the text as it is now: the answer on screen when it is for this text,
   * otherwise the text read again (typed a moment before saving); none when it cannot be read.
   */
  async function chosenFor(current: string): Promise<FoundCandidate[]> {
    if (!enabled || current.trim() === '') return [];
    if (extracted.isCurrent) return extracted.found.filter(isChosen);
    try {
      return (await extractIdentifiers(current.trim())).data.filter(isChosen);
    } catch {
      // Not read: nothing found in this text was offered, so nothing is taken.
      return [];
    }
  }

  return { ...extracted, unchecked, toggle, chosenFor };
}
