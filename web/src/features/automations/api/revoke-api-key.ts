import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey } from '@scamtrail/domain/automations';
import { api } from '../../../lib/api-client';
import { automationKeys } from './query-keys';

/** `POST /api/automations/{id}/api-keys/{keyId}/revoke`: the key stops working at once. */
export function revokeApiKey({
  automationId,
  keyId,
}: {
  automationId: string;
  keyId: string;
}): Promise<ApiKey> {
  return api.post<ApiKey>(
    `/automations/${encodeURIComponent(automationId)}/api-keys/${encodeURIComponent(keyId)}/revoke`,
  );
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (_key, { automationId }) =>
      queryClient.invalidateQueries({ queryKey: automationKeys.detail(automationId) }),
  });
}
