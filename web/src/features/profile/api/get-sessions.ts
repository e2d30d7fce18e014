import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SESSIONS_PAGE_SIZE, type SessionList } from '@scamtrail/domain/passkeys';
import { api } from '../../../lib/api-client';
import { profileKeys } from './query-keys';

/**
 * `GET /api/auth/sessions`: a page of where the signed-in user is signed in, this device first, and
 * how many other sessions there are on every page.
 */
export function getSessions(page: number, signal?: AbortSignal): Promise<SessionList> {
  return api.get<SessionList>('/auth/sessions', { params: { page, pageSize: SESSIONS_PAGE_SIZE }, signal });
}

export const sessionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: profileKeys.sessionsPage(page),
    queryFn: ({ signal }) => getSessions(page, signal),
    placeholderData: keepPreviousData,
  });

export function useSessions(page: number) {
  return useQuery(sessionsQueryOptions(page));
}
