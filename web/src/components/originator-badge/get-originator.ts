import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Originator, OriginatorType } from '@scamtrail/domain/originators';
import { api } from '../../lib/api-client';

/**
 * `GET /api/originators/{id}?type=`. Silent: a failure (no session on a demo page, no permission, an
 * unknown id) must not redirect or toast; the badge falls back to the data it holds (spec 8).
 */
export function getOriginator(id: string, type: OriginatorType, signal?: AbortSignal): Promise<Originator> {
  return api.get<Originator>(`/originators/${encodeURIComponent(id)}`, {
    params: { type },
    silent: true,
    signal,
  });
}

export function originatorQueryOptions(id: string, type: OriginatorType) {
  return queryOptions({
    queryKey: ['originators', 'detail', id, type] as const,
    queryFn: async ({ signal }) => {
      try {
        return await getOriginator(id, type, signal);
      } catch (error) {
        console.warn('Failed to load originator details; showing the data already held', error);
        throw error;
      }
    },
    retry: false,
    staleTime: 60_000,
  });
}

/** Loads the originator's details once `enabled` (when the details modal opens). */
export function useOriginator(id: string, type: OriginatorType, enabled: boolean) {
  return useQuery({ ...originatorQueryOptions(id, type), enabled });
}
