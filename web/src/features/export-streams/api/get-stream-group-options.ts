import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Group } from '@scamtrail/domain/groups';
import type { Pagination } from '@scamtrail/domain/pagination';
import { api } from '../../../lib/api-client';
import { exportStreamKeys } from './query-keys';

export interface StreamGroupOption {
  id: string;
  name: string;
}

const PAGE_SIZE = 100;
/** Enough for any team; a picker longer than this would need a search instead. */
const MAX_PAGES = 10;

/**
 * The groups a stream may carry, by name, through `GET /api/groups` (group.view). Silent: a refusal is
 * shown beside the picker rather than as a toast.
 */
export async function getStreamGroupOptions(signal?: AbortSignal): Promise<StreamGroupOption[]> {
  const options: StreamGroupOption[] = [];
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

export function useStreamGroupOptions() {
  return useQuery(
    queryOptions({
      queryKey: exportStreamKeys.groupOptions(),
      queryFn: ({ signal }) => getStreamGroupOptions(signal),
      retry: false,
      staleTime: 60_000,
    }),
  );
}
