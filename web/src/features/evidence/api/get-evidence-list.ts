import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { EvidenceListParams } from '../components/evidence-list-params';
import { evidenceKeys } from './evidence-keys';
import type { EvidenceItem, Page } from './evidence-types';

/** `GET /api/evidence`: one page, newest first, narrowed by case, tag, kind and a title search. */
export function getEvidenceList(params: EvidenceListParams, signal?: AbortSignal) {
  return api.get<Page<EvidenceItem>>('/evidence', {
    params: { ...evidenceListFilters(params), page: params.page, pageSize: params.pageSize },
    signal,
  });
}

/** The list's filters as the API reads them (also the CSV download's). */
export function evidenceListFilters(params: EvidenceListParams) {
  return {
    caseId: params.caseId || undefined,
    tagId: params.tagId || undefined,
    kind: params.kind || undefined,
    search: params.search || undefined,
  };
}

export function evidenceListQueryOptions(params: EvidenceListParams) {
  return queryOptions({
    queryKey: evidenceKeys.list(params),
    queryFn: ({ signal }) => getEvidenceList(params, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useEvidenceList(params: EvidenceListParams) {
  return useQuery(evidenceListQueryOptions(params));
}
