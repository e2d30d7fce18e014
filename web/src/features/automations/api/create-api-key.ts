import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyBody, CreatedApiKey } from '@scamtrail/domain/automations';
import { api } from '../../../lib/api-client';
import { automationKeys } from './query-keys';

/** `POST /api/automations/{id}/api-keys`: the answer carries the secret, shown only this once. */
export function createApiKey({
  automationId,
  body,
}: {
  automationId: string;
  body: CreateApiKeyBody;
}): Promise<CreatedApiKey> {
  return api.post<CreatedApiKey>(`/automations/${encodeURIComponent(automationId)}/api-keys`, body);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: (_created, { automationId }) =>
      queryClient.invalidateQueries({ queryKey: automationKeys.detail(automationId) }),
  });
}
