import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExportStream, UpdateExportStreamBody } from '@scamtrail/domain/export-streams';
import { api } from '../../../lib/api-client';
import { exportStreamKeys } from './query-keys';

/** `PATCH /api/export-streams/{id}`: rename, describe, change topics, or pause and resume. */
export function updateExportStream({
  id,
  body,
}: {
  id: string;
  body: UpdateExportStreamBody;
}): Promise<ExportStream> {
  return api.patch<ExportStream>(`/export-streams/${encodeURIComponent(id)}`, body);
}

export function useUpdateExportStream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExportStream,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportStreamKeys.all }),
  });
}
