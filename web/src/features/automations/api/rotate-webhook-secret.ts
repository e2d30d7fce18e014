import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookSecret } from '@scamtrail/domain/webhooks';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

/** `POST /api/automations/{id}/webhook/secret`: a new signing secret, answered only this once. */
export function rotateWebhookSecret(id: string): Promise<WebhookSecret> {
  return api.post<WebhookSecret>(`/automations/${encodeURIComponent(id)}/webhook/secret`);
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: (answer, id) => queryClient.setQueryData(webhookKeys.state(id), answer.endpoint),
  });
}
