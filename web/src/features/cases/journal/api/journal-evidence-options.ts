import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Evidence } from '@scamtrail/domain/evidence';
import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import type { Pagination } from '@scamtrail/domain/pagination';
import { api } from '../../../../lib/api-client';
import { journalKeys } from './journal-keys';

/** What an entry's evidence picker shows of an evidence item: what the entry itself holds of it. */
export type EvidenceOption = Pick<JournalEntry['evidence'][number], 'id' | 'title' | 'kind' | 'mediaType'>;

const OPTIONS_PAGE_SIZE = 100;

/**
 * `GET /api/evidence?caseId=`: the case's evidence to link to an entry, newest first, narrowed by the
 * text typed in the picker (a case may hold hundreds of items; the picker lists a page of them).
 */
export async function getEvidenceOptions(
  caseId: string,
  search: string,
  signal?: AbortSignal,
): Promise<EvidenceOption[]> {
  const answer = await api.get<{ data: Evidence[]; pagination: Pagination }>('/evidence', {
    params: { caseId, search: search || undefined, page: 1, pageSize: OPTIONS_PAGE_SIZE },
    signal,
  });
  return answer.data.map(({ id, title, kind, mediaType }) => ({ id, title, kind, mediaType }));
}

export function useEvidenceOptions(caseId: string, search: string) {
  return useQuery(
    queryOptions({
      queryKey: journalKeys.evidenceOptions(caseId, search),
      queryFn: ({ signal }) => getEvidenceOptions(caseId, search, signal),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  );
}
