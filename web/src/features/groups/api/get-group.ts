import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupDetail } from '@scamtrail/domain/groups';
import { api } from '../../../lib/api-client';
import { groupKeys } from './query-keys';

/** `GET /api/groups/{id}`: the group with its members. */
export function getGroup(id: string, signal?: AbortSignal): Promise<GroupDetail> {
  return api.get<GroupDetail>(`/groups/${encodeURIComponent(id)}`, { signal });
}

export function groupQueryOptions(id: string) {
  return queryOptions({ queryKey: groupKeys.detail(id), queryFn: ({ signal }) => getGroup(id, signal) });
}

export function useGroup(id: string) {
  return useQuery(groupQueryOptions(id));
}
