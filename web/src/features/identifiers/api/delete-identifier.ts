import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { identifierKeys } from './query-keys';

/** `DELETE /api/identifiers/{id}`: journal-entry and evidence links are detached, history kept. */
export function deleteIdentifier(id: string): Promise<void> {
  return api.delete<void>(`/identifiers/${encodeURIComponent(id)}`);
}

export function useDeleteIdentifier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIdentifier,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: identifierKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: identifierKeys.lists() });
    },
  });
}
