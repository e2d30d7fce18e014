import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { exportStreamKeys } from './query-keys';

/** `DELETE /api/export-streams/{id}`: its readers get 404 from then on; the events themselves stay. */
export function deleteExportStream(id: string): Promise<void> {
  return api.delete<void>(`/export-streams/${encodeURIComponent(id)}`);
}

export function useDeleteExportStream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExportStream,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportStreamKeys.all }),
  });
}
