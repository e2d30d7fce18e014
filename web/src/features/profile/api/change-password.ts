import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@scamtrail/domain/auth';
import { api } from '../../../lib/api-client';
import { profileKeys } from './query-keys';

/** `POST /api/auth/password`: the signed-in user changes their own password. */
export function changePassword(body: ChangePasswordBody): Promise<void> {
  return api.post('/auth/password', body);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The other sessions have ended, and the security activity records the change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
        queryClient.invalidateQueries({ queryKey: profileKeys.securityEvents() }),
      ]),
  });
}
