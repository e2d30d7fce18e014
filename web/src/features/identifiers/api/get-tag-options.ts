import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@scamtrail/domain/pagination';
import type { Tag, TagRef } from '@scamtrail/domain/tags';
import { api } from '../../../lib/api-client';
import { identifierKeys } from './query-keys';

/** The largest page `GET /api/tags` answers. */
const PAGE_SIZE = 500;

/**
 * Every tag by name, through `GET /api/tags` (tag.view), to pick an identifier's tags from. Silent: a
 * refusal is shown beside the picker rather than as a toast.
 */
export async function getTagOptions(signal?: AbortSignal): Promise<TagRef[]> {
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

export function tagOptionsQueryOptions() {
  return queryOptions({
    queryKey: identifierKeys.tagOptions(),
    queryFn: ({ signal }) => getTagOptions(signal),
    retry: false,
  });
}

export function useTagOptions() {
  return useQuery(tagOptionsQueryOptions());
}
