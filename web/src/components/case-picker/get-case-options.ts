import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { caseSchema, CaseRef } from '@scamtrail/domain/cases';
import type { Pagination } from '@scamtrail/domain/pagination';
import { api } from '../../lib/api-client';

type CaseItem = z.output<typeof caseSchema>;

/** Query keys of the case picker: the cases a search offers, and a chosen case by its id. */
const caseOptionKeys = {
  options: (search: string) => ['case-options', search] as const,
  ref: (id: string) => ['case-options', 'case', id] as const,
};

/** Cases offered by the case filter at a time; typing narrows them. */
export const CASE_OPTIONS_SIZE = 20;

const toRef = ({ id, number, title, status }: CaseItem): CaseRef => ({ id, number, title, status });

/**
 * `GET /api/cases?search=&sort=relevance`: the cases whose title (or number) matches first, then those
 * whose description does, each most recently active first.
 */
export async function getCaseOptions(search: string, signal?: AbortSignal): Promise<CaseRef[]> {
  const answer = await api.get<{ data: CaseItem[]; pagination: Pagination }>('/cases', {
    params: { search: search || undefined, sort: 'relevance', page: 1, pageSize: CASE_OPTIONS_SIZE },
    silent: true,
    signal,
  });
  return answer.data.map(toRef);
}

export function useCaseOptions(search: string, enabled = true) {
  return useQuery({
    queryKey: caseOptionKeys.options(search),
    queryFn: ({ signal }) => getCaseOptions(search, signal),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}

/** `GET /api/cases/{id}`: the case a filter or a dialog names, when only its id is known. */
export function useCaseRef(id: string | undefined) {
  return useQuery({
    queryKey: caseOptionKeys.ref(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<CaseItem>(`/cases/${encodeURIComponent(id!)}`, { silent: true, signal }).then(toRef),
    enabled: Boolean(id),
    retry: false,
    staleTime: 60_000,
  });
}
