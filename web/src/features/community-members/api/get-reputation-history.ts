import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReputationHistory } from '@scamtrail/domain/reputation';
import { api } from '../../../lib/api-client';
import { communityMemberKeys } from './query-keys';

export const REPUTATION_HISTORY_PAGE_SIZE = 10;

/** `GET /api/originators/community-members/{id}/reputation-history`: changes, newest first. */
export function getReputationHistory(id: string, page: number, signal?: AbortSignal) {
  return api.get<ReputationHistory>(
    `/originators/community-members/${encodeURIComponent(id)}/reputation-history`,
    { params: { page, pageSize: REPUTATION_HISTORY_PAGE_SIZE }, signal },
  );
}

export function useReputationHistory(id: string, page: number) {
  return useQuery({
    queryKey: communityMemberKeys.history(id, page),
    queryFn: ({ signal }) => getReputationHistory(id, page, signal),
    placeholderData: keepPreviousData,
  });
}
