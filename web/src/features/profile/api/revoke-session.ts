import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@scamtrail/domain/passkeys';
import { api } from '../../../lib/api-client';
import { replaceSessionUser } from '../../../lib/session';
import { profileKeys } from './query-keys';

/** `DELETE /api/auth/sessions/{id}`: signs that device out. */
export function revokeSession(id: string): Promise<void> {
  return api.delete<void>(`/auth/sessions/${encodeURIComponent(id)}`);
}

/**
 * Revokes a session. Revoking this device's own session signs the user out here too: the cached user
 * is forgotten, and the guard sends them to sign in.
 */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: Session) => revokeSession(session.id),
    onSuccess: async (_answer, session) => {
      if (!session.current) {
        // The session, and its `session.revoked` in the security activity.
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
          queryClient.invalidateQueries({ queryKey: profileKeys.securityEvents() }),
        ]);
      }
      replaceSessionUser(queryClient, null);
    },
  });
}
