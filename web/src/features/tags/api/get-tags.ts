import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@scamtrail/domain/pagination';
import type { Tag } from '@scamtrail/domain/tags';
import { api } from '../../../lib/api-client';
import { tagKeys } from './query-keys';

export interface TagListParams {
  search: string;
  page: number;
  pageSize: number;
}

export interface TagList {
  data: Tag[];
  pagination: Pagination;
}

/** `GET /api/tags`: tags by name, with how many cases, evidence items and identifiers carry each. */
export function getTags(params: TagListParams, signal?: AbortSignal): Promise<TagList> {
  return api.get<TagList>('/tags', {
    params: { search: params.search || undefined, page: params.page, pageSize: params.pageSize },
    signal,
  });
}

export function tagsQueryOptions(params: TagListParams) {
  return queryOptions({
    queryKey: tagKeys.list(params),
    queryFn: ({ signal }) => getTags(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTags(params: TagListParams) {
  return useQuery(tagsQueryOptions(params));
}
