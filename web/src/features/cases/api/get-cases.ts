import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Case } from '@scamtrail/domain/cases';
import type { Pagination } from '@scamtrail/domain/pagination';
import { api } from '../../../lib/api-client';
import { PREFETCHED_FRESH_MS } from '../../../lib/prefetch-freshness';
import type { CaseListParams } from '../components/cases-list-params';
import { casesRequest } from './cases-request';
import { caseKeys } from './query-keys';

/** `GET /api/cases`: one page of the cases the caller may see. */
export interface CaseList {
  data: Case[];
  pagination: Pagination;
}

export function getCases(params: CaseListParams, signal?: AbortSignal): Promise<CaseList> {
  const { path, params: query } = casesRequest(params);
  return api.get<CaseList>(path, { params: query, signal });
}

export function casesQueryOptions(params: CaseListParams) {
  return queryOptions({
    queryKey: caseKeys.list(params),
    queryFn: ({ signal }) => getCases(params, signal),
    // The previous page stays on screen while the next one loads, instead of a flash of skeleton.
    placeholderData: keepPreviousData,
    // Prefetched on entering the list (app/route-prefetch.ts): the screen mounting a moment later uses it.
    staleTime: PREFETCHED_FRESH_MS,
  });
}

export function useCases(params: CaseListParams) {
  return useQuery(casesQueryOptions(params));
}

/** Duplicates of a case named at a time; the rest are counted. */
export const DUPLICATES_SHOWN = 10;

/**
 * `GET /api/cases?duplicateOfId=`: the cases closed as duplicates of a case, those the caller may see,
 * most recently active first. Under the lists' key, so that closing a case refreshes it.
 */
export function useCaseDuplicates(caseId: string) {
  return useQuery({
    queryKey: caseKeys.list({ duplicateOfId: caseId }),
    queryFn: ({ signal }) =>
      api.get<CaseList>('/cases', {
        params: { duplicateOfId: caseId, page: 1, pageSize: DUPLICATES_SHOWN },
        silent: true,
        signal,
      }),
    retry: false,
  });
}
