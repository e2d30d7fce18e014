import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidatePasskeyChange } from './query-keys';

/** `DELETE /api/auth/passkeys/{id}`: the passkey no longer signs in or signs entries; its signatures stay. */
export function deletePasskey(id: string): Promise<void> {
  return api.delete<void>(`/auth/passkeys/${encodeURIComponent(id)}`);
}

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePasskey,
    onSettled: () => invalidatePasskeyChange(queryClient),
  });
}
