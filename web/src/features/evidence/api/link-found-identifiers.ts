import type { QueryClient } from '@tanstack/react-query';
import {
  ensureFoundIdentifier,
  type FoundCandidate,
} from '../../../components/found-identifiers/extract-identifiers';
import { candidateLabel } from '../../../components/found-identifiers/found-identifier-list';
import { errorMessage } from '../../../lib/api-error';
import { invalidateAfterEvidenceAdded } from './evidence-keys';
import { setEvidenceIdentifierLink } from './link-evidence-identifier';

/**
 * Links the identifiers found in written evidence to the new item, one after another: each the one on
 * record or created first. Answers what could not be linked, each named with why; the item stays.
 */
export async function linkFoundIdentifiers(
  queryClient: QueryClient,
  evidenceId: string,
  found: FoundCandidate[],
): Promise<string[]> {
  const failures: string[] = [];
  for (const candidate of found) {
    try {
      const identifierId = await ensureFoundIdentifier(candidate);
      await setEvidenceIdentifierLink(evidenceId, { identifierId, linked: true });
    } catch (error) {
      failures.push(`${candidateLabel(candidate)}: ${errorMessage(error, 'not linked')}`);
    }
  }
  if (found.length > 0) {
    await Promise.all([
      invalidateAfterEvidenceAdded(queryClient),
      queryClient.invalidateQueries({ queryKey: ['identifiers'] }),
    ]);
  }
  return failures;
}
