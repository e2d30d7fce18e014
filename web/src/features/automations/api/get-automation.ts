import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AutomationDetail } from '@scamtrail/domain/automations';
import { api } from '../../../lib/api-client';
import { automationKeys } from './query-keys';

/** `GET /api/automations/{id}`: the automation with its latest API keys (never their secrets). */
export function getAutomation(id: string, signal?: AbortSignal): Promise<AutomationDetail> {
  return api.get<AutomationDetail>(`/automations/${encodeURIComponent(id)}`, { signal });
}

export function automationQueryOptions(id: string) {
  return queryOptions({
    queryKey: automationKeys.detail(id),
    queryFn: ({ signal }) => getAutomation(id, signal),
  });
}

export function useAutomation(id: string) {
  return useQuery(automationQueryOptions(id));
}
