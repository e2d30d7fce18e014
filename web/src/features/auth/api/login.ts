import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginBody } from '@scamtrail/domain/auth';
import { api } from '../../../lib/api-client';
import { replaceSessionUser } from '../../../lib/session';

/** Signs in; the server sets the session cookie and answers the current user. */
export function login(body: LoginBody): Promise<CurrentUser> {
  // 401 (wrong credentials) and 429 (throttled) are answers for the form, not for the global handlers.
  return api.post<CurrentUser>('/auth/login', body, { silent: true });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: (user) => replaceSessionUser(queryClient, user) });
}
