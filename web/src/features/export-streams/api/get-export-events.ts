import { useQuery } from '@tanstack/react-query';
import type { ExportEventsPage } from '@scamtrail/domain/export-streams';
import { api } from '../../../lib/api-client';
import { exportStreamKeys } from './query-keys';

/** How many events the preview reads: enough to see what the stream carries. */
export const PREVIEW_LIMIT = 10;

/**
 * `GET /api/export-streams/{id}/events` from the beginning: the stream's oldest events, as a new reader
 * gets them. A paused stream answers 409. An administrator's read leaves the stream's last read as it is.
 */
export function getExportEvents(id: string, limit: number, signal?: AbortSignal): Promise<ExportEventsPage> {
  return api.get<ExportEventsPage>(`/export-streams/${encodeURIComponent(id)}/events`, {
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
    queryFn: ({ signal }) => getExportEvents(id, PREVIEW_LIMIT, signal),
    enabled,
    gcTime: 0,
  });
}
