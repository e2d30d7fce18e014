import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@scamtrail/domain/pagination';
import type { Tag, TagRef } from '@scamtrail/domain/tags';
import { api } from '../../../lib/api-client';
import { caseKeys } from './query-keys';

/** The largest page `GET /api/tags` answers. */
const PAGE_SIZE = 500;

/**
 * Every tag by name, through `GET /api/tags` (tag.view), to pick a case's tags and to filter the list.
 * Silent: without tag.view the tag filter and picker are left out rather than a toast shown.
 */
export async function getCaseTagOptions(signal?: AbortSignal): Promise<TagRef[]> {
  const options: TagRef[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.get<{ data: Tag[]; pagination: Pagination }>('/tags', {
      params: { page, pageSize: PAGE_SIZE },
      silent: true,
      signal,
    });
    options.push(...answer.data.map(({ id, name, color }) => ({ id, name, color })));
    if (page >= answer.pagination.totalPages) return options;
  }
}

export function caseTagOptionsQueryOptions() {
  return queryOptions({
    queryKey: caseKeys.tagOptions(),
    queryFn: ({ signal }) => getCaseTagOptions(signal),
    retry: false,
    staleTime: 60_000,
  });
}

export function useCaseTagOptions(enabled = true) {
  return useQuery({ ...caseTagOptionsQueryOptions(), enabled });
}
