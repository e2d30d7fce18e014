import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@scamtrail/domain/webhooks';
import { api } from '../../../lib/api-client';
import { ifMatchHeaders } from '../../../lib/edit-conflicts';
import { webhookKeys } from './webhook-keys';

/**
 * `POST /api/automations/{id}/webhook/enable`: deliveries resume, those that waited first. Given
 * `base`, the version read when the user chose to, it is refused (412) when someone else changed the
 * webhook since.
 */
export function enableWebhook({
  id,
  base,
}: {
  id: string;
  base?: WebhookEndpoint;
}): Promise<WebhookEndpoint> {
  return api.post<WebhookEndpoint>(`/automations/${encodeURIComponent(id)}/webhook/enable`, undefined, {
    headers: base ? ifMatchHeaders(base) : undefined,
  });
}

export function useEnableWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableWebhook,
    // Refused or not, the webhook is read again: after a 412 the page shows what someone else made of it.
    onSettled: (_endpoint, _error, { id }) =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.all(id) }),
  });
}
