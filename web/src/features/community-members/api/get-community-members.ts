import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Originator } from '@scamtrail/domain/originators';
import type { Pagination } from '@scamtrail/domain/pagination';
import { api } from '../../../lib/api-client';
import { communityMemberKeys } from './query-keys';

export interface CommunityMemberListParams {
  search: string;
  status: '' | 'active' | 'inactive';
  page: number;
  pageSize: number;
}

export interface CommunityMemberList {
  data: Originator[];
  pagination: Pagination;
}

/** `GET /api/originators/community-members`: search matches the username. */
export function getCommunityMembers(
  params: CommunityMemberListParams,
  signal?: AbortSignal,
): Promise<CommunityMemberList> {
  return api.get<CommunityMemberList>('/originators/community-members', {
    params: {
      search: params.search || undefined,
      status: params.status || undefined,
      page: params.page,
      pageSize: params.pageSize,
    },
    signal,
  });
}

export function communityMembersQueryOptions(params: CommunityMemberListParams) {
  return queryOptions({
    queryKey: communityMemberKeys.list(params),
    queryFn: ({ signal }) => getCommunityMembers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCommunityMembers(params: CommunityMemberListParams) {
  return useQuery(communityMembersQueryOptions(params));
}
