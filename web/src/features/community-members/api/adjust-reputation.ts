import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdjustReputationBody, Originator } from '@scamtrail/domain/originators';
import { api } from '../../../lib/api-client';
import { communityMemberKeys } from './query-keys';

/** `POST /api/originators/community-members/{id}/reputation`: a delta with its reason on record. */
export function adjustReputation({
  id,
  body,
}: {
  id: string;
  body: AdjustReputationBody;
}): Promise<Originator> {
  return api.post<Originator>(`/originators/community-members/${encodeURIComponent(id)}/reputation`, body);
}

export function useAdjustReputation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustReputation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityMemberKeys.all }),
  });
}
