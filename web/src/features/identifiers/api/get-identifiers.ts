import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { IdentifierListParams } from '../utils/list-params';
import type { IdentifierList } from './identifier-types';
import { identifierKeys } from './query-keys';

/** `GET /api/identifiers`: one page, newest first, narrowed by type and display-value substring. */
export function getIdentifiers(params: IdentifierListParams, signal?: AbortSignal): Promise<IdentifierList> {
  return api.get<IdentifierList>('/identifiers', {
    params: {
      search: params.search || undefined,
      type: params.type || undefined,
      page: params.page,
      pageSize: params.pageSize,
    },
    signal,
  });
}

export function identifiersQueryOptions(params: IdentifierListParams) {
  return queryOptions({
    queryKey: identifierKeys.list(params),
    queryFn: ({ signal }) => getIdentifiers(params, signal),
    // The previous page stays on screen while the next one loads, instead of a flash of skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useIdentifiers(params: IdentifierListParams) {
  return useQuery(identifiersQueryOptions(params));
}
