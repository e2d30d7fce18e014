import { useQuery } from '@tanstack/react-query';
import type { ExportPreview } from '@scamtrail/domain/export-streams';
import { api } from '../../../lib/api-client';
import { exportStreamKeys } from './query-keys';

/** How many events the preview reads: enough to see what the stream carries. */
export const PREVIEW_LIMIT = 10;

/**
 * `GET /api/export-streams/{id}/preview`: the stream's oldest events, as a new reader gets them from
 * `/events`, and the names of their subjects the person may see. A paused stream answers 409. A preview
 * leaves the stream's last read as it is.
 */
export function getExportPreview(id: string, limit: number, signal?: AbortSignal): Promise<ExportPreview> {
  return api.get<ExportPreview>(`/export-streams/${encodeURIComponent(id)}/preview`, {
    params: { limit },
    signal,
  });
}

/**
 * The preview of a stream, read only once asked for (`enabled`). Dropped from the cache as soon as nothing
 * shows it: a preview opened again starts from an empty state, never from a stale answer.
 */
export function useExportEventsPreview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: exportStreamKeys.preview(id),
    queryFn: ({ signal }) => getExportPreview(id, PREVIEW_LIMIT, signal),
    enabled,
    gcTime: 0,
  });
}
