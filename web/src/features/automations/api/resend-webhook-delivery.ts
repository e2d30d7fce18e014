import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@scamtrail/domain/webhooks';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

/** `POST /api/automations/{id}/webhook/deliveries/{deliveryId}/resend`: sent again now, same webhook-id. */
export function resendWebhookDelivery({
  automationId,
  deliveryId,
}: {
  automationId: string;
  deliveryId: string;
}): Promise<WebhookDelivery> {
  return api.post<WebhookDelivery>(
    `/automations/${encodeURIComponent(automationId)}/webhook/deliveries/${encodeURIComponent(deliveryId)}/resend`,
  );
}

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSuccess: (_delivery, { automationId }) =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.all(automationId) }),
  });
}
