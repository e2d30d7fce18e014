import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExportStreamList } from '@scamtrail/domain/export-streams';
import { api } from '../../../lib/api-client';
import { exportStreamKeys } from './query-keys';

export interface ExportStreamListParams {
  page: number;
  pageSize: number;
}

/** `GET /api/export-streams`: one page, newest first. */
export function getExportStreams(
  { page, pageSize }: ExportStreamListParams,
  signal?: AbortSignal,
): Promise<ExportStreamList> {
  return api.get<ExportStreamList>('/export-streams', { params: { page, pageSize }, signal });
}

export function useExportStreams(params: ExportStreamListParams) {
  return useQuery({
    queryKey: exportStreamKeys.list(params),
    queryFn: ({ signal }) => getExportStreams(params, signal),
    placeholderData: keepPreviousData,
  });
}
