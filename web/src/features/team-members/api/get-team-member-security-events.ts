import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SecurityEventList } from '@scamtrail/domain/security-events';
import { api } from '../../../lib/api-client';
import { SECURITY_EVENTS_PAGE_SIZE } from '../../../components/security-activity/security-activity-section';
import { teamMemberKeys } from './query-keys';

/** `GET /api/team-members/{id}/security-events`: the member's security activity, newest first. */
export function getTeamMemberSecurityEvents(
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<SecurityEventList> {
  return api.get<SecurityEventList>(`/team-members/${encodeURIComponent(id)}/security-events`, {
    params: { page, pageSize: SECURITY_EVENTS_PAGE_SIZE },
    signal,
  });
}

export function useTeamMemberSecurityEvents(id: string, page: number) {
  return useQuery({
    queryKey: teamMemberKeys.securityEvents(id, page),
    queryFn: ({ signal }) => getTeamMemberSecurityEvents(id, page, signal),
    placeholderData: keepPreviousData,
  });
}
