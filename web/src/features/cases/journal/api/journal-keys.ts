import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of a case's journal. They sit under `['cases']`, so a change to the journal also
 * refreshes what the case page shows around it (entry count, last activity, identifiers, related cases).
 */
export const journalKeys = {
  all: ['cases', 'journal'] as const,
  entries: (caseId: string) => [...journalKeys.all, caseId] as const,
  page: (caseId: string, params: object) => [...journalKeys.entries(caseId), params] as const,
  evidenceOptions: (caseId: string, search: string) =>
    [...journalKeys.all, 'evidence-options', caseId, search] as const,
  identifierOptions: (search: string) => [...journalKeys.all, 'identifier-options', search] as const,
  /** A search across every case's journal (the search page). */
  search: (params: object) => [...journalKeys.all, 'search', params] as const,
  /** The hash chain of the case's journal. */
  integrity: (caseId: string) => [...journalKeys.all, 'integrity', caseId] as const,
};

/**
 * After a journal change: the case and its tabs, the identifiers (new ones, their cases) and the
 * evidence (its entry counts) may all have changed. Only queries on screen refetch.
 */
export function invalidateAfterJournalChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['cases'] }),
    queryClient.invalidateQueries({ queryKey: ['identifiers'] }),
    queryClient.invalidateQueries({ queryKey: ['evidence'] }),
  ]);
}
