import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Group } from '@scamtrail/domain/groups';
import type { Pagination } from '@scamtrail/domain/pagination';
import { api } from '../../../lib/api-client';
import { caseKeys } from './query-keys';

export interface GroupOption {
  id: string;
  name: string;
}

const PAGE_SIZE = 100;
/** Enough for any team; a picker longer than this would need a search instead. */
const MAX_PAGES = 10;

/**
 * The groups a case may be put in, by name, through `GET /api/groups` (group.view). Silent: a refusal
 * is shown in the form rather than as a toast.
 */
export async function getCaseGroupOptions(signal?: AbortSignal): Promise<GroupOption[]> {
  const options: GroupOption[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await api.get<{ data: Group[]; pagination: Pagination }>('/groups', {
      params: { page, pageSize: PAGE_SIZE },
      silent: true,
      signal,
    });
    options.push(...answer.data.map(({ id, name }) => ({ id, name })));
    if (page >= answer.pagination.totalPages) break;
  }
  return options.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

export function caseGroupOptionsQueryOptions() {
  return queryOptions({
    queryKey: caseKeys.groupOptions(),
    queryFn: ({ signal }) => getCaseGroupOptions(signal),
    retry: false,
    staleTime: 60_000,
  });
}

export function useCaseGroupOptions() {
  return useQuery(caseGroupOptionsQueryOptions());
}
