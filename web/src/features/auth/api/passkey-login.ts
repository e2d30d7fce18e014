import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@scamtrail/domain/auth';
import { api } from '../../../lib/api-client';
import { authenticateWithPasskey } from '../../../lib/passkeys';
import { replaceSessionUser } from '../../../lib/session';

/**
 * Signs in with a passkey: `POST /api/auth/passkey/options` (discoverable credentials, so no e-mail),
 * the browser's passkey prompt, then `POST /api/auth/passkey/login`, which sets the session cookie and
 * answers the current user as the password sign-in does.
 */
export async function loginWithPasskey(): Promise<CurrentUser> {
  const options = await api.post<unknown>('/auth/passkey/options', {}, { silent: true });
  const response = await authenticateWithPasskey(options);
  return api.post<CurrentUser>('/auth/passkey/login', { response }, { silent: true });
}

export function usePasskeyLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithPasskey,
    onSuccess: (user) => replaceSessionUser(queryClient, user),
  });
}
