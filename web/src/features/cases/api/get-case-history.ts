import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '@scamtrail/domain/cases';
import type { Pagination } from '@scamtrail/domain/pagination';
import { api } from '../../../lib/api-client';
import { caseKeys } from './query-keys';

export interface CaseHistoryPage {
  data: AuditEvent[];
  pagination: Pagination;
}

export interface CasePageParams {
  page: number;
  pageSize: number;
}

/**
 * Keys of the case's History tab. They sit under the case's detail key, so refreshing the case (after an
 * edit or a status change) refreshes its history too.
 */
export const caseHistoryKeys = {
  all: (caseId: string) => [...caseKeys.detail(caseId), 'history'] as const,
  page: (caseId: string, params: CasePageParams) => [...caseHistoryKeys.all(caseId), params] as const,
};

/** `GET /api/cases/{id}/history`: the case's audit events, newest first. */
export function getCaseHistory(
  caseId: string,
  params: CasePageParams,
  signal?: AbortSignal,
): Promise<CaseHistoryPage> {
  return api.get<CaseHistoryPage>(`/cases/${encodeURIComponent(caseId)}/history`, {
    params: { ...params },
    signal,
  });
}

export function caseHistoryQueryOptions(caseId: string, params: CasePageParams) {
  return queryOptions({
    queryKey: caseHistoryKeys.page(caseId, params),
    queryFn: ({ signal }) => getCaseHistory(caseId, params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCaseHistory(caseId: string, params: CasePageParams) {
  return useQuery(caseHistoryQueryOptions(caseId, params));
}
