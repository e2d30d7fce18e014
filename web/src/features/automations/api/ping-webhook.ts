import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@scamtrail/domain/webhooks';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

/** `POST /api/automations/{id}/webhook/ping`: queues a test ping, logged like any delivery. */
export function pingWebhook(id: string): Promise<WebhookDelivery> {
  return api.post<WebhookDelivery>(`/automations/${encodeURIComponent(id)}/webhook/ping`, undefined, {
    idempotent: true,
  });
}

export function usePingWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pingWebhook,
    onSuccess: (_delivery, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.all(id) }),
  });
}
