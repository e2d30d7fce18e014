import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@scamtrail/domain/webhooks';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

/** `GET /api/automations/{id}/webhook`: status (and why disabled), topics, whether it has a secret. */
export function getWebhook(id: string, signal?: AbortSignal): Promise<WebhookEndpoint> {
  return api.get<WebhookEndpoint>(`/automations/${encodeURIComponent(id)}/webhook`, { signal });
}

export function useWebhook(id: string) {
  return useQuery(
    queryOptions({ queryKey: webhookKeys.state(id), queryFn: ({ signal }) => getWebhook(id, signal) }),
  );
}
