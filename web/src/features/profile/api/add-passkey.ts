import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Passkey } from '@scamtrail/domain/passkeys';
import { api } from '../../../lib/api-client';
import { registerPasskey } from '../../../lib/passkeys';
import { invalidatePasskeyChange } from './query-keys';

/**
 * Adds a passkey: `POST /api/auth/passkeys/registration/options`, the browser's prompt to create it,
 * then `POST /api/auth/passkeys` with its name and the registration response.
 */
export async function addPasskey(name: string): Promise<Passkey> {
  const options = await api.post<unknown>('/auth/passkeys/registration/options', {});
  const response = await registerPasskey(options);
  return api.post<Passkey>('/auth/passkeys', { name, response });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    // The passkey and its `passkey.added` in the security activity.
    onSuccess: () => invalidatePasskeyChange(queryClient),
  });
}
