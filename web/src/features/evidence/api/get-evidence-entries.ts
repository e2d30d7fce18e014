import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { evidenceKeys } from './evidence-keys';
import type { LinkingEntry, Page } from './evidence-types';

export const LINKING_ENTRIES_PAGE_SIZE = 10;

/**
 * `GET /api/evidence/{id}/journal-entries`: the entries that link the item, latest first (removed ones
 * and those of cases the user may not see are left out by the server).
 */
export function getEvidenceEntries(id: string, page: number, signal?: AbortSignal) {
  return api.get<Page<LinkingEntry>>(`/evidence/${encodeURIComponent(id)}/journal-entries`, {
    params: { page, pageSize: LINKING_ENTRIES_PAGE_SIZE },
    signal,
  });
}

export function useEvidenceEntries(id: string, page: number) {
  return useQuery({
    queryKey: evidenceKeys.entries(id, page),
    queryFn: ({ signal }) => getEvidenceEntries(id, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
