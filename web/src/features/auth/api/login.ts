import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginBody } from '@scamtrail/domain/auth';
import { api } from '../../../lib/api-client';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/session';

/** Signs in; the server sets the session cookie and answers the current user. */
export function login(body: LoginBody): Promise<CurrentUser> {
  // 401 (wrong credentials) and 429 (throttled) are answers for the form, not for the global handlers.
  return api.post<CurrentUser>('/auth/login', body, { silent: true });
}

/** What a sign-in (password or passkey) does with the user it answers. */
export function startSessionWith(queryClient: QueryClient) {
  return (user: CurrentUser) => {
    // Nothing cached for a previous user may leak into this session.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0] });
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
  };
}

export function useLogin() {
  const startSession = startSessionWith(useQueryClient());
  return useMutation({ mutationFn: login, onSuccess: startSession });
}
