import { useQuery } from '@tanstack/react-query';
import type { Pagination } from '@scamtrail/domain/pagination';
import type { Tag, TagRef } from '@scamtrail/domain/tags';
import { api } from '../../../lib/api-client';
import { evidenceKeys } from './evidence-keys';

/** The largest page `GET /api/tags` answers. */
const PAGE_SIZE = 500;

/**
 * Every tag, to filter by and to pick from (`GET /api/tags`, tag.view). Silent: without the permission
 * the filter and the picker say so themselves instead of an "Access Denied" toast.
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
    if (page >= answer.pagination.totalPages) {
      return options.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
    }
  }
}

export function useTagOptions(enabled = true) {
  return useQuery({
    queryKey: evidenceKeys.tagOptions(),
    queryFn: ({ signal }) => getTagOptions(signal),
    retry: false,
    staleTime: 60_000,
    enabled,
  });
}
