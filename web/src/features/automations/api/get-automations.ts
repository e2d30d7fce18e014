import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Originator } from '@scamtrail/domain/originators';
import type { Pagination } from '@scamtrail/domain/pagination';
import { api } from '../../../lib/api-client';
import { automationKeys } from './query-keys';

export interface AutomationListParams {
  search: string;
  status: '' | 'active' | 'inactive';
  page: number;
  pageSize: number;
}

export interface AutomationList {
  data: Originator[];
  pagination: Pagination;
}

/** `GET /api/automations`: one page, filtered by a systemName substring and status. */
export function getAutomations(params: AutomationListParams, signal?: AbortSignal): Promise<AutomationList> {
  return api.get<AutomationList>('/automations', {
    params: {
      search: params.search || undefined,
      status: params.status || undefined,
      page: params.page,
      pageSize: params.pageSize,
    },
    signal,
  });
}

export function automationsQueryOptions(params: AutomationListParams) {
  return queryOptions({
    queryKey: automationKeys.list(params),
    queryFn: ({ signal }) => getAutomations(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAutomations(params: AutomationListParams) {
  return useQuery(automationsQueryOptions(params));
}
