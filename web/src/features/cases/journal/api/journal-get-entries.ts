import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import type { Pagination } from '@scamtrail/domain/pagination';
import { api } from '../../../../lib/api-client';
import { PREFETCHED_FRESH_MS } from '../../../../lib/prefetch-freshness';
import { journalKeys } from './journal-keys';
import { journalEntriesRequest, type JournalPageParams } from './journal-request';

export interface JournalPage {
  data: JournalEntry[];
  pagination: Pagination;
}

/** `GET /api/cases/{id}/journal-entries`: one page of the case's journal, newest first. */
export function getJournalEntries(
  caseId: string,
  params: JournalPageParams,
  signal?: AbortSignal,
): Promise<JournalPage> {
  const { path, params: query } = journalEntriesRequest(caseId, params);
  return api.get<JournalPage>(path, { params: query, signal });
}

export function journalEntriesQueryOptions(caseId: string, params: JournalPageParams) {
  return queryOptions({
    queryKey: journalKeys.page(caseId, params),
    queryFn: ({ signal }) => getJournalEntries(caseId, params, signal),
    // The page on screen stays while the next one loads, instead of a flash of skeleton.
    placeholderData: keepPreviousData,
    // Prefetched on entering /cases/:id (see case-detail-prefetch.ts).
    staleTime: PREFETCHED_FRESH_MS,
  });
}

export function useJournalEntries(caseId: string, params: JournalPageParams) {
  return useQuery(journalEntriesQueryOptions(caseId, params));
}
