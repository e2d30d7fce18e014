import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupDetail } from '@scamtrail/domain/groups';
import { api } from '../../../lib/api-client';
import { groupKeys } from './query-keys';

/** `DELETE /api/groups/{id}/members/{userId}`. */
export function removeGroupMember({ id, userId }: { id: string; userId: string }): Promise<GroupDetail> {
  return api.delete<GroupDetail>(`/groups/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`);
}

export function useRemoveGroupMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGroupMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
