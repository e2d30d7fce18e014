import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { groupKeys } from './query-keys';

/** `DELETE /api/groups/{id}`: refused (409 IN_USE) while cases are assigned to the group. */
export function deleteGroup(id: string): Promise<void> {
  return api.delete<void>(`/groups/${encodeURIComponent(id)}`);
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: groupKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
    },
  });
}
