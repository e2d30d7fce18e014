import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OtherSessionsRevoked } from '@scamtrail/domain/passkeys';
import { api } from '../../../lib/api-client';
import { profileKeys } from './query-keys';

/** `POST /api/auth/sessions/revoke-others`: signs every other device out; answers how many. */
export function revokeOtherSessions(): Promise<OtherSessionsRevoked> {
  return api.post<OtherSessionsRevoked>('/auth/sessions/revoke-others', {});
}

/** Signs out of every session but this one; the list and the security activity are asked for again. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    // The sessions, and a `session.revoked` for each in the security activity.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
        queryClient.invalidateQueries({ queryKey: profileKeys.securityEvents() }),
      ]),
  });
}
