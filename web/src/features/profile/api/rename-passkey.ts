import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Passkey } from '@scamtrail/domain/passkeys';
import { api } from '../../../lib/api-client';
import { invalidatePasskeyChange } from './query-keys';

/** `PATCH /api/auth/passkeys/{id}`: a new name for one of the user's passkeys. */
export function renamePasskey({ id, name }: { id: string; name: string }): Promise<Passkey> {
  return api.patch<Passkey>(`/auth/passkeys/${encodeURIComponent(id)}`, { name });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSuccess: () => invalidatePasskeyChange(queryClient),
  });
}
