import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CaseRef } from '@scamtrail/domain/cases';
import { api } from '../../lib/api-client';
import { evidenceKeys } from '../../features/evidence/api/evidence-keys';
import type { CaseItem, Page } from '../../features/evidence/api/evidence-types';

/** Cases offered by the case filter at a time; typing narrows them. */
export const CASE_OPTIONS_SIZE = 20;

const toRef = ({ id, number, title, status }: CaseItem): CaseRef => ({ id, number, title, status });

/** `GET /api/cases?search=`: the cases whose title matches, most recently active first. */
export async function getCaseOptions(search: string, signal?: AbortSignal): Promise<CaseRef[]> {
  const answer = await api.get<Page<CaseItem>>('/cases', {
    params: { search: search || undefined, page: 1, pageSize: CASE_OPTIONS_SIZE },
    silent: true,
    signal,
  });
  return answer.data.map(toRef);
}

export function useCaseOptions(search: string, enabled = true) {
  return useQuery({
    queryKey: evidenceKeys.caseOptions(search),
    queryFn: ({ signal }) => getCaseOptions(search, signal),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}

/** `GET /api/cases/{id}`: the case a filter or a dialog names, when only its id is known. */
export function useCaseRef(id: string | undefined) {
  return useQuery({
    queryKey: evidenceKeys.caseRef(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<CaseItem>(`/cases/${encodeURIComponent(id!)}`, { silent: true, signal }).then(toRef),
    enabled: Boolean(id),
    retry: false,
    staleTime: 60_000,
  });
}
