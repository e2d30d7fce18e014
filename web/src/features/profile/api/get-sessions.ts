import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@scamtrail/domain/passkeys';
import { api } from '../../../lib/api-client';
import { profileKeys } from './query-keys';

/** `GET /api/auth/sessions`: where the signed-in user is signed in, this device included. */
export function getSessions(signal?: AbortSignal): Promise<Session[]> {
  return api.get<Session[]>('/auth/sessions', { signal });
}

export const sessionsQueryOptions = queryOptions({
  queryKey: profileKeys.sessions(),
  queryFn: ({ signal }) => getSessions(signal),
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
