import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupDetail } from '@scamtrail/domain/groups';
import { api } from '../../../lib/api-client';
import { ifMatchHeaders } from '../../../lib/edit-conflicts';
import { groupKeys } from './query-keys';

/**
 * `PUT /api/groups/{id}/members`: replaces the whole member list. Given `base`, the version the list
 * was edited from, it is refused (412, see `editConflictOf`) when someone else changed the group since,
 * so a list edited from a stale view never undoes another's change.
 */
export function setGroupMembers({
  id,
  userIds,
  base,
}: {
  id: string;
  userIds: string[];
  base?: GroupDetail;
}): Promise<GroupDetail> {
  return api.put<GroupDetail>(
    `/groups/${encodeURIComponent(id)}/members`,
    { userIds },
    { headers: base ? ifMatchHeaders(base) : undefined },
  );
}

export function useSetGroupMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGroupMembers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
