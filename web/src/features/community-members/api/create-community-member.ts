import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCommunityMemberBody, Originator } from '@scamtrail/domain/originators';
import { api } from '../../../lib/api-client';
import { communityMemberKeys } from './query-keys';

/** `POST /api/originators/community-members`. */
export function createCommunityMember(body: CreateCommunityMemberBody): Promise<Originator> {
  return api.post<Originator>('/originators/community-members', body, { idempotent: true });
}

export function useCreateCommunityMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCommunityMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityMemberKeys.all }),
  });
}
