import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamMemberDetail } from '@scamtrail/domain/team-members';
import { api } from '../../../lib/api-client';
import { teamMemberKeys } from './query-keys';

/** `GET /api/team-members/{id}`: profile, groups, recent journal entries and identifiers. */
export function getTeamMember(id: string, signal?: AbortSignal): Promise<TeamMemberDetail> {
  return api.get<TeamMemberDetail>(`/team-members/${encodeURIComponent(id)}`, { signal });
}

export function teamMemberQueryOptions(id: string) {
  return queryOptions({
    queryKey: teamMemberKeys.detail(id),
    queryFn: ({ signal }) => getTeamMember(id, signal),
  });
}

export function useTeamMember(id: string) {
  return useQuery(teamMemberQueryOptions(id));
}
