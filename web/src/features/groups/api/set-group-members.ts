import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupDetail } from '@scamtrail/domain/groups';
import { api } from '../../../lib/api-client';
import { groupKeys } from './query-keys';

/** `PUT /api/groups/{id}/members`: replaces the whole member list. */
export function setGroupMembers({ id, userIds }: { id: string; userIds: string[] }): Promise<GroupDetail> {
  return api.put<GroupDetail>(`/groups/${encodeURIComponent(id)}/members`, { userIds });
}

export function useSetGroupMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGroupMembers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
