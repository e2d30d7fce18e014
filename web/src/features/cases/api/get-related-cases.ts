import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RelatedCase } from '@scamtrail/domain/cases';
import type { Pagination } from '@scamtrail/domain/pagination';
import { api } from '../../../lib/api-client';
import { caseKeys } from './query-keys';

export interface RelatedCasePage {
  data: RelatedCase[];
  pagination: Pagination;
}

/** A short page: the panel sits beside the tabs and grows with "Show more". */
export const RELATED_CASES_PAGE_SIZE = 10;

/** Keys of the Related cases panel, under the case's detail key (see caseHistoryKeys). */
export const relatedCaseKeys = {
  all: (caseId: string) => [...caseKeys.detail(caseId), 'related'] as const,
};

/** `GET /api/cases/{id}/related`: visible cases that share a normalised identifier with this one. */
export function getRelatedCases(
  caseId: string,
  page: number,
  signal?: AbortSignal,
): Promise<RelatedCasePage> {
  return api.get<RelatedCasePage>(`/cases/${encodeURIComponent(caseId)}/related`, {
    params: { page, pageSize: RELATED_CASES_PAGE_SIZE },
    signal,
  });
}

export function relatedCasesQueryOptions(caseId: string) {
  return infiniteQueryOptions({
    queryKey: relatedCaseKeys.all(caseId),
    queryFn: ({ pageParam, signal }) => getRelatedCases(caseId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined,
  });
}

export function useRelatedCases(caseId: string) {
  return useInfiniteQuery(relatedCasesQueryOptions(caseId));
}
