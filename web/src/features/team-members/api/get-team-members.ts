import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamMemberStatus } from '@scamtrail/domain/originators';
import type { Pagination } from '@scamtrail/domain/pagination';
import type { Role } from '@scamtrail/domain/permissions';
import type { TeamMember } from '@scamtrail/domain/team-members';
import { api } from '../../../lib/api-client';
import { teamMemberKeys } from './query-keys';

export interface TeamMemberListParams {
  search: string;
  role: '' | Role;
  status: '' | TeamMemberStatus;
  page: number;
  pageSize: number;
}

export interface TeamMemberList {
  data: TeamMember[];
  pagination: Pagination;
}

/** `GET /api/team-members`: search matches the name or e-mail. */
export function getTeamMembers(params: TeamMemberListParams, signal?: AbortSignal): Promise<TeamMemberList> {
  return api.get<TeamMemberList>('/team-members', {
    params: {
      search: params.search || undefined,
      role: params.role || undefined,
      status: params.status || undefined,
      page: params.page,
      pageSize: params.pageSize,
    },
    signal,
  });
}

export function teamMembersQueryOptions(params: TeamMemberListParams) {
  return queryOptions({
    queryKey: teamMemberKeys.list(params),
    queryFn: ({ signal }) => getTeamMembers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTeamMembers(params: TeamMemberListParams) {
  return useQuery(teamMembersQueryOptions(params));
}
