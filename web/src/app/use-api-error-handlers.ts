import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../lib/api-client';
import { buildLoginPath, fullPath, LOGIN_PATH, LOGOUT_PATH } from '../lib/redirect';
import { CURRENT_USER_QUERY_KEY } from '../lib/session';
import { useToast } from '../components/toasts/toast-context';

export const ACCESS_DENIED_TOAST = {
  kind: 'error',
  title: 'Access Denied',
  subtitle: 'You do not have permission to perform this action.',
} as const;

/**
 * Installs the API client's single error path (spec 8): a 401 forgets the user and goes to sign-in
 * with the current path as the redirect target; a 403 shows the "Access Denied" toast.
 */
export function useApiErrorHandlers() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const location = useLocation();
  const locationRef = useRef(location);

  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  useEffect(() => {
    api.setHandlers({
      onUnauthorized: () => {
        const current = locationRef.current;
        // Sign-out happens on the logout page: calls still in flight then answer 401, and that is no
        // reason to ask the user to sign in.
        if (current.pathname === LOGIN_PATH || current.pathname === LOGOUT_PATH) return;
        queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
        void navigate(buildLoginPath(fullPath(current)), { replace: true });
      },
      onForbidden: () => {
        showToast(ACCESS_DENIED_TOAST);
      },
    });
    return () => api.setHandlers({});
  }, [navigate, queryClient, showToast]);
}
