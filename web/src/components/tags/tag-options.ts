import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@scamtrail/domain/pagination';
import type { Tag, TagRef } from '@scamtrail/domain/tags';
import { api } from '../../lib/api-client';

/** The largest page `GET /api/tags` answers. */
const PAGE_SIZE = 500;

/** Under the tags feature's own key (`['tags']`), so creating, renaming or deleting a tag refreshes pickers too. */
export const tagOptionsKey = ['tags', 'options'] as const;

export const byTagName = (a: TagRef, b: TagRef) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/**
 * Every tag by name (`GET /api/tags`, tag.view), to pick a record's tags or filter a list by one.
 * Silent: without the permission the picker or filter says so itself rather than an "Access Denied" toast.
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
    if (page >= answer.pagination.totalPages) return options.sort(byTagName);
  }
}

export function tagOptionsQueryOptions() {
  return queryOptions({
    queryKey: tagOptionsKey,
    queryFn: ({ signal }) => getTagOptions(signal),
    retry: false,
    staleTime: 60_000,
  });
}

export function useTagOptions(enabled = true) {
  return useQuery({ ...tagOptionsQueryOptions(), enabled });
}
