import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { JournalSearchResult } from '@scamtrail/domain/journal-entries';
import { api } from '../../../../lib/api-client';
import { journalKeys } from './journal-keys';

export interface JournalSearchParams {
  search: string;
  page: number;
  pageSize: number;
}

/** `GET /api/journal-entries?search=`: entries of every case the user may see whose description holds the text. */
export function searchJournals(params: JournalSearchParams, signal?: AbortSignal) {
  return api.get<JournalSearchResult>('/journal-entries', {
    params: { ...journalSearchFilters(params), page: params.page, pageSize: params.pageSize },
    signal,
  });
}

/** The search as the API reads it (also the CSV download's). */
export function journalSearchFilters(params: Pick<JournalSearchParams, 'search'>) {
  return { search: params.search };
}

export function journalSearchQueryOptions(params: JournalSearchParams) {
  return queryOptions({
    queryKey: journalKeys.search(params),
    queryFn: ({ signal }) => searchJournals(params, signal),
    placeholderData: keepPreviousData,
  });
}
