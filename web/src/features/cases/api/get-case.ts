import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Case } from '@scamtrail/domain/cases';
import { api } from '../../../lib/api-client';
import { caseKeys } from './query-keys';

/** `GET /api/cases/{id}`. A case the caller may not see answers 404, as a missing one. */
export function getCase(id: string, signal?: AbortSignal): Promise<Case> {
  return api.get<Case>(`/cases/${encodeURIComponent(id)}`, { signal });
}

export function caseQueryOptions(id: string) {
  return queryOptions({
    queryKey: caseKeys.detail(id),
    queryFn: ({ signal }) => getCase(id, signal),
  });
}

export function useCase(id: string) {
  return useQuery(caseQueryOptions(id));
}
