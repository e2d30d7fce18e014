import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Case } from '@scamtrail/domain/cases';
import { api } from '../../../lib/api-client';
import { PREFETCHED_FRESH_MS } from '../../../lib/prefetch-freshness';
import { caseRequest } from './cases-request';
import { caseKeys } from './query-keys';

/** `GET /api/cases/{id}`. A case the caller may not see answers 404, as a missing one. */
export function getCase(id: string, signal?: AbortSignal): Promise<Case> {
  return api.get<Case>(caseRequest(id).path, { signal });
}

export function caseQueryOptions(id: string) {
  return queryOptions({
    queryKey: caseKeys.detail(id),
    queryFn: ({ signal }) => getCase(id, signal),
    // Prefetched on entering /cases/:id (see case-detail-prefetch.ts).
    staleTime: PREFETCHED_FRESH_MS,
  });
}

export function useCase(id: string) {
  return useQuery(caseQueryOptions(id));
}
