import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateExportStreamBody, ExportStream } from '@scamtrail/domain/export-streams';
import { api } from '../../../lib/api-client';
import { exportStreamKeys } from './query-keys';

/** `POST /api/export-streams`: names are unique, case-insensitively (409 on the name). */
export function createExportStream(body: CreateExportStreamBody): Promise<ExportStream> {
  return api.post<ExportStream>('/export-streams', body, { idempotent: true });
}

export function useCreateExportStream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExportStream,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportStreamKeys.all }),
  });
}
