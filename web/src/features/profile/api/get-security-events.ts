import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SecurityEventList } from '@scamtrail/domain/security-events';
import { api } from '../../../lib/api-client';
import { SECURITY_EVENTS_PAGE_SIZE } from '../../../components/security-activity/security-activity-section';
import { profileKeys } from './query-keys';

/** `GET /api/auth/me/security-events`: the signed-in user's security activity, newest first. */
export function getOwnSecurityEvents(page: number, signal?: AbortSignal): Promise<SecurityEventList> {
  return api.get<SecurityEventList>('/auth/me/security-events', {
    params: { page, pageSize: SECURITY_EVENTS_PAGE_SIZE },
    signal,
  });
}

export function useOwnSecurityEvents(page: number) {
  return useQuery({
    queryKey: profileKeys.securityEventsPage(page),
    queryFn: ({ signal }) => getOwnSecurityEvents(page, signal),
    placeholderData: keepPreviousData,
  });
}
