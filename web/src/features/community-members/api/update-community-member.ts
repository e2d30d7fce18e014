import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Originator, UpdateCommunityMemberBody } from '@scamtrail/domain/originators';
import { api } from '../../../lib/api-client';
import { communityMemberKeys } from './query-keys';

/** `PATCH /api/originators/community-members/{id}`: details, or `active` to (re)activate. */
export function updateCommunityMember({
  id,
  body,
}: {
  id: string;
  body: UpdateCommunityMemberBody;
}): Promise<Originator> {
  return api.patch<Originator>(`/originators/community-members/${encodeURIComponent(id)}`, body);
}

export function useUpdateCommunityMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCommunityMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityMemberKeys.all }),
  });
}
