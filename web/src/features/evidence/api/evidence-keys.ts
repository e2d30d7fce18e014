import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the evidence panel; `all` invalidates every list and detail at once. */
export const evidenceKeys = {
  all: ['evidence'] as const,
  lists: () => [...evidenceKeys.all, 'list'] as const,
  list: (params: object) => [...evidenceKeys.lists(), params] as const,
  detail: (id: string) => [...evidenceKeys.all, 'detail', id] as const,
  /** Every page of one item's chain of custody. */
  custodyOf: (id: string) => [...evidenceKeys.all, 'custody', id] as const,
  custody: (id: string, page: number) => [...evidenceKeys.custodyOf(id), page] as const,
  identifiersOf: (id: string) => [...evidenceKeys.all, 'identifiers', id] as const,
  identifiers: (id: string, page: number) => [...evidenceKeys.identifiersOf(id), page] as const,
  entries: (id: string, page: number) => [...evidenceKeys.all, 'entries', id, page] as const,
  identifierOptions: (search: string) => [...evidenceKeys.all, 'identifier-options', search] as const,
};

/**
 * After evidence was added: the evidence lists, and the cases (a case's last activity and evidence
 * count move when evidence joins it; the cases feature keeps its queries under `['cases']`).
 */
export function invalidateAfterEvidenceAdded(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: evidenceKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: ['cases'] }),
  ]);
}
