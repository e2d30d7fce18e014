import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@scamtrail/domain/auth';
import { api } from '../../../lib/api-client';

/** `POST /api/auth/password`: the signed-in user changes their own password. */
export function changePassword(body: ChangePasswordBody): Promise<void> {
  return api.post('/auth/password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
