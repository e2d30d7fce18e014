import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { evidenceKeys } from './evidence-keys';
import type { CustodyEvent, Page } from './evidence-types';

export const CUSTODY_PAGE_SIZE = 10;

/** `GET /api/evidence/{id}/custody`: the chain of custody, oldest first, a page at a time. */
export function getEvidenceCustody(id: string, page: number, signal?: AbortSignal) {
  return api.get<Page<CustodyEvent>>(`/evidence/${encodeURIComponent(id)}/custody`, {
    params: { page, pageSize: CUSTODY_PAGE_SIZE },
    signal,
  });
}

export function useEvidenceCustody(id: string, page: number) {
  return useQuery({
    queryKey: evidenceKeys.custody(id, page),
    queryFn: ({ signal }) => getEvidenceCustody(id, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
