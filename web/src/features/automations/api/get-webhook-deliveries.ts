import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WebhookDeliveryList } from '@scamtrail/domain/webhooks';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 10;

/** `GET /api/automations/{id}/webhook/deliveries`: the delivery log, newest first. */
export function getWebhookDeliveries(id: string, page: number, signal?: AbortSignal) {
  return api.get<WebhookDeliveryList>(`/automations/${encodeURIComponent(id)}/webhook/deliveries`, {
    params: { page, pageSize: WEBHOOK_DELIVERIES_PAGE_SIZE },
    signal,
  });
}

export function useWebhookDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: ({ signal }) => getWebhookDeliveries(id, page, signal),
    placeholderData: keepPreviousData,
  });
}
