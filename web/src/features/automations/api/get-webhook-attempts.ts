import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WebhookAttemptList } from '@scamtrail/domain/webhooks';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

export const WEBHOOK_ATTEMPTS_PAGE_SIZE = 10;

/** `GET /api/automations/{id}/webhook/attempts`: every attempt of every delivery, newest first. */
export function getWebhookAttempts(id: string, page: number, signal?: AbortSignal) {
  return api.get<WebhookAttemptList>(`/automations/${encodeURIComponent(id)}/webhook/attempts`, {
    params: { page, pageSize: WEBHOOK_ATTEMPTS_PAGE_SIZE },
    signal,
  });
}

export function useWebhookAttempts(id: string, page: number) {
  return useQuery({
    queryKey: webhookKeys.attempts(id, page),
    queryFn: ({ signal }) => getWebhookAttempts(id, page, signal),
    placeholderData: keepPreviousData,
  });
}
