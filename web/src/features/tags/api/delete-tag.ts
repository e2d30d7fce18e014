import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { tagKeys } from './query-keys';

/** `DELETE /api/tags/{id}`: refused (409 IN_USE) while anything carries the tag. */
export function deleteTag(id: string): Promise<void> {
  return api.delete<void>(`/tags/${encodeURIComponent(id)}`);
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    // A refusal also means the counts on screen were stale: refresh them either way. A list fetch still
    // in flight (a search typed just before) may have read the tag before the delete: it is cancelled
    // first, or the refresh would join it and show the deleted tag again.
    onSettled: async () => {
      await queryClient.cancelQueries({ queryKey: tagKeys.all });
      await queryClient.invalidateQueries({ queryKey: tagKeys.all });
    },
  });
}
