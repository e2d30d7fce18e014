import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Originator, UpdateCommunityMemberBody } from '@scamtrail/domain/originators';
import { api } from '../../../lib/api-client';
import { ifMatchHeaders } from '../../../lib/edit-conflicts';
import { communityMemberKeys } from './query-keys';

/**
 * `PATCH /api/originators/community-members/{id}`: details, or `active` to (re)activate. Given `base`,
 * the version the change was made from, it is refused (412, see `editConflictOf`) when someone else
 * changed the member since.
 */
export function updateCommunityMember({
  id,
  body,
  base,
}: {
  id: string;
  body: UpdateCommunityMemberBody;
  base?: Originator;
}): Promise<Originator> {
  return api.patch<Originator>(`/originators/community-members/${encodeURIComponent(id)}`, body, {
    headers: base ? ifMatchHeaders(base) : undefined,
  });
}

export function useUpdateCommunityMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCommunityMember,
    // Refused or not, the list is read again: after a 412 it shows what someone else made of the member.
    onSettled: () => queryClient.invalidateQueries({ queryKey: communityMemberKeys.all }),
  });
}
