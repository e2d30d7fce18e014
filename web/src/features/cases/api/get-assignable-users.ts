import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseUser } from '@scamtrail/domain/cases';
import type { Pagination } from '@scamtrail/domain/pagination';
import { api } from '../../../lib/api-client';
import { caseKeys } from './query-keys';

/** How many matches a picker shows; a longer list is narrowed by typing. */
const PAGE_SIZE = 50;

/**
 * `GET /api/cases/assignable-users`: enabled users a case may be assigned to, by name. Silent: a refusal
 * is shown beside the picker rather than as a toast.
 */
export async function getAssignableUsers(search: string, signal?: AbortSignal): Promise<CaseUser[]> {
  const answer = await api.get<{ data: CaseUser[]; pagination: Pagination }>('/cases/assignable-users', {
    params: { search: search || undefined, page: 1, pageSize: PAGE_SIZE },
    silent: true,
    signal,
  });
  return answer.data;
}

export function assignableUsersQueryOptions(search: string) {
  return queryOptions({
    queryKey: caseKeys.assignableUsers(search),
    queryFn: ({ signal }) => getAssignableUsers(search, signal),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}

/** The users whose name contains `search` (already debounced by the caller). */
export function useAssignableUsers(search: string, enabled = true) {
  return useQuery({ ...assignableUsersQueryOptions(search.trim()), enabled });
}
