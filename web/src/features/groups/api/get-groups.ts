import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Group } from '@scamtrail/domain/groups';
import type { Pagination } from '@scamtrail/domain/pagination';
import { api } from '../../../lib/api-client';
import { groupKeys } from './query-keys';

export interface GroupListParams {
  search: string;
  page: number;
  pageSize: number;
}

export interface GroupList {
  data: Group[];
  pagination: Pagination;
}

/** `GET /api/groups`: groups with member and case counts, searched by name. */
export function getGroups(params: GroupListParams, signal?: AbortSignal): Promise<GroupList> {
  return api.get<GroupList>('/groups', {
    params: { search: params.search || undefined, page: params.page, pageSize: params.pageSize },
    signal,
  });
}

export function groupsQueryOptions(params: GroupListParams) {
  return queryOptions({
    queryKey: groupKeys.list(params),
    queryFn: ({ signal }) => getGroups(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useGroups(params: GroupListParams) {
  return useQuery(groupsQueryOptions(params));
}
