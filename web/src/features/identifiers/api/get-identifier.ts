import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { IdentifierDetail } from './identifier-types';
import { identifierKeys } from './query-keys';

/** `GET /api/identifiers/{id}`: the identifier with its media, journal entries, validation and cases. */
export function getIdentifier(id: string, signal?: AbortSignal): Promise<IdentifierDetail> {
  return api.get<IdentifierDetail>(`/identifiers/${encodeURIComponent(id)}`, { signal });
}

export function identifierQueryOptions(id: string) {
  return queryOptions({
    queryKey: identifierKeys.detail(id),
    queryFn: ({ signal }) => getIdentifier(id, signal),
  });
}

export function useIdentifier(id: string | null) {
  return useQuery({ ...identifierQueryOptions(id ?? ''), enabled: !!id });
}
