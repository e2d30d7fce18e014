import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupDetail } from '@scamtrail/domain/groups';
import { api } from '../../../lib/api-client';
import { ifMatchHeaders } from '../../../lib/edit-conflicts';
import { groupKeys } from './query-keys';

/**
 * `DELETE /api/groups/{id}/members/{userId}`. Given `base`, the group as the user saw it, it is
 * refused (412, see `editConflictOf`) when someone else changed the group since.
 */
export function removeGroupMember({
  id,
  userId,
  base,
}: {
  id: string;
  userId: string;
  base?: GroupDetail;
}): Promise<GroupDetail> {
  return api.delete<GroupDetail>(
    `/groups/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`,
    undefined,
    { headers: base ? ifMatchHeaders(base) : undefined },
  );
}

export function useRemoveGroupMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGroupMember,
    // A refusal too: the group is read again, so that it shows (and the next try sends) its current version.
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
