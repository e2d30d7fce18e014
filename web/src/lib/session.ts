import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '@scamtrail/domain/auth';
import { api } from './api-client';
import { isApiError } from './api-error';
import { LOGOUT_PATH } from './redirect';
import { CURRENT_USER_REQUEST } from './session-request';

export const CURRENT_USER_QUERY_KEY = ['auth', 'me'] as const;

/** The error text shown when the session probe fails for another reason than 401 (spec 8). */
export const CURRENT_USER_ERROR = 'Failed to fetch current user';

/** The signed-in user, or null when nobody is (401). Other failures throw. */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>(CURRENT_USER_REQUEST.path, { silent: true });
  } catch (error) {
    // eslint-disable-next-line no-restricted-syntax -- the probe's 401 says nobody is signed in, no failure.
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/** The session is fetched once per page load and then only changed by sign-in, sign-out and 401s. */
export const currentUserQueryOptions = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: fetchCurrentUser,
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
  // A failed probe is not asked again when a screen using the session mounts: each mount would ask,
  // fail, toast and render again, a loop of about a hundred requests a second against a failing
  // server. The user is treated as signed out; signing in, or reloading the page, asks again.
  retryOnMount: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

export interface Session {
  status: SessionStatus;
  user: CurrentUser | null;
  /** Set when the probe failed for another reason than 401; the user then stays empty. */
  error: Error | null;
}

export function useSession(): Session {
  const query = useQuery(currentUserQueryOptions);
  if (query.isPending) return { status: 'unknown', user: null, error: null };
  const user = query.data ?? null;
  return { status: user ? 'authenticated' : 'anonymous', user, error: query.error };
}

/**
 * Makes `user` the session's user (null: nobody), forgetting every other cached answer first: nothing
 * cached for a previous user may leak into the next session.
 */
export function replaceSessionUser(queryClient: QueryClient, user: CurrentUser | null) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0] });
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
}

let signOutInFlight: Promise<void> | null = null;

/**
 * Ends the session: asks the server to revoke it, then forgets every cached answer. A failing call is
 * logged only; the user is signed out locally regardless (spec 8). Asked twice (a re-mounted page),
 * it runs once.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    signOutInFlight ??= (async () => {
      try {
        await api.post('/auth/logout', {}, { silent: true });
      } catch (error) {
        console.error('Logout request failed', error);
      }
      replaceSessionUser(queryClient, null);
    })().finally(() => {
      signOutInFlight = null;
    });
    return signOutInFlight;
  }, [queryClient]);
}

/**
 * The Logout action: goes to the signed-out page, which ends the session (see `LoggedOutRoute`).
 * The user is cleared only there, once no guarded page is on screen: clearing it first would let the
 * guard of the page being left send the user to sign in.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(() => navigate(LOGOUT_PATH, { replace: true }), [navigate]);
}
