import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseIdentifier } from '@scamtrail/domain/cases';
import type { Pagination } from '@scamtrail/domain/pagination';
import { api } from '../../../lib/api-client';
import { caseKeys } from './query-keys';
import type { CasePageParams } from './get-case-history';

export interface CaseIdentifierPage {
  data: CaseIdentifier[];
  pagination: Pagination;
}

/** Keys of the case's Identifiers tab, under the case's detail key (see caseHistoryKeys). */
export const caseIdentifierKeys = {
  all: (caseId: string) => [...caseKeys.detail(caseId), 'identifiers'] as const,
  page: (caseId: string, params: CasePageParams) => [...caseIdentifierKeys.all(caseId), params] as const,
};

/** `GET /api/cases/{id}/identifiers`: identifiers named by the case's entries, with their other cases. */
export function getCaseIdentifiers(
  caseId: string,
  params: CasePageParams,
  signal?: AbortSignal,
): Promise<CaseIdentifierPage> {
  return api.get<CaseIdentifierPage>(`/cases/${encodeURIComponent(caseId)}/identifiers`, {
    params: { ...params },
    signal,
  });
}

export function caseIdentifiersQueryOptions(caseId: string, params: CasePageParams) {
  return queryOptions({
    queryKey: caseIdentifierKeys.page(caseId, params),
    queryFn: ({ signal }) => getCaseIdentifiers(caseId, params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCaseIdentifiers(caseId: string, params: CasePageParams) {
  return useQuery(caseIdentifiersQueryOptions(caseId, params));
}
