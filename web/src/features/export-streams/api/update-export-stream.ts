import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExportStream, UpdateExportStreamBody } from '@scamtrail/domain/export-streams';
import { api } from '../../../lib/api-client';
import { ifMatchHeaders } from '../../../lib/edit-conflicts';
import { exportStreamKeys } from './query-keys';

/**
 * `PATCH /api/export-streams/{id}`: rename, describe, change topics, or pause and resume. Given `base`,
 * the version the change was made from, it is refused (412, see `editConflictOf`) when someone else
 * changed the stream since.
 */
export function updateExportStream({
  id,
  body,
  base,
}: {
  id: string;
  body: UpdateExportStreamBody;
  base?: ExportStream;
}): Promise<ExportStream> {
  return api.patch<ExportStream>(`/export-streams/${encodeURIComponent(id)}`, body, {
    headers: base ? ifMatchHeaders(base) : undefined,
  });
}

export function useUpdateExportStream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExportStream,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportStreamKeys.all }),
  });
}
