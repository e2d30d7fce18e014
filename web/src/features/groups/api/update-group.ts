import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupDetail, UpdateGroupBody } from '@scamtrail/domain/groups';
import { api } from '../../../lib/api-client';
import { groupKeys } from './query-keys';

/** `PATCH /api/groups/{id}`: rename or describe. */
export function updateGroup({ id, body }: { id: string; body: UpdateGroupBody }): Promise<GroupDetail> {
  return api.patch<GroupDetail>(`/groups/${encodeURIComponent(id)}`, body);
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
