import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@scamtrail/domain/webhooks';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

/** `POST /api/automations/{id}/webhook/enable`: deliveries resume, those that waited first. */
export function enableWebhook(id: string): Promise<WebhookEndpoint> {
  return api.post<WebhookEndpoint>(`/automations/${encodeURIComponent(id)}/webhook/enable`);
}

export function useEnableWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableWebhook,
    onSuccess: (_endpoint, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.all(id) }),
  });
}
