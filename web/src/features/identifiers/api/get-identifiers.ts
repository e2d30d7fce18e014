import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { PREFETCHED_FRESH_MS } from '../../../lib/prefetch-freshness';
import type { IdentifierListParams } from '../utils/list-params';
import type { IdentifierList } from './identifier-types';
import { identifiersRequest } from './identifiers-request';
import { identifierKeys } from './query-keys';

/** `GET /api/identifiers`: one page in the chosen order, narrowed by type and a search of the value. */
export function getIdentifiers(params: IdentifierListParams, signal?: AbortSignal): Promise<IdentifierList> {
  const { path, params: query } = identifiersRequest(params);
  return api.get<IdentifierList>(path, { params: query, signal });
}

export function identifiersQueryOptions(params: IdentifierListParams) {
  return queryOptions({
    queryKey: identifierKeys.list(params),
    queryFn: ({ signal }) => getIdentifiers(params, signal),
    // The previous page stays on screen while the next one loads, instead of a flash of skeleton.
    placeholderData: keepPreviousData,
    // Prefetched on entering the list (app/route-prefetch.ts): the screen mounting a moment later uses it.
    staleTime: PREFETCHED_FRESH_MS,
  });
}

export function useIdentifiers(params: IdentifierListParams) {
  return useQuery(identifiersQueryOptions(params));
}
