import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IDENTIFIER_DETAIL_PAGE_SIZE } from '@scamtrail/domain/identifiers/api';
import type { Pagination } from '@scamtrail/domain/pagination';
import { api } from '../../../lib/api-client';
import type { IdentifierCase, IdentifierDetail, IdentifierJournalEntry } from './identifier-types';
import { identifierKeys } from './query-keys';

/** The identifier detail's sections page by the size of the first page the detail carries. */
export const RELATED_PAGE_SIZE = IDENTIFIER_DETAIL_PAGE_SIZE;

/**
 * What each paged section of the identifier detail lists. Its Attached Media are all the evidence items
 * naming the identifier (written ones too, as the list's Evidence column counts them), as the detail's
 * first page has them; later pages answer more of each item.
 */
export interface RelatedItems {
  journalEntries: IdentifierJournalEntry;
  evidence: IdentifierDetail['evidence'][number];
  cases: IdentifierCase;
}
export type RelatedKind = keyof RelatedItems;

const PATHS: Record<RelatedKind, string> = {
  journalEntries: 'journal-entries',
  evidence: 'evidence',
  cases: 'cases',
};

export interface RelatedPage<K extends RelatedKind> {
  data: RelatedItems[K][];
  pagination: Pagination;
}

/**
 * `GET /api/identifiers/{id}/journal-entries`, `/evidence` or `/cases`: one page, newest first, leaving
 * out what belongs to cases the user may not see.
 */
export function getIdentifierRelated<K extends RelatedKind>(
  id: string,
  kind: K,
  page: number,
  signal?: AbortSignal,
): Promise<RelatedPage<K>> {
  return api.get<RelatedPage<K>>(`/identifiers/${encodeURIComponent(id)}/${PATHS[kind]}`, {
    params: { page, pageSize: RELATED_PAGE_SIZE },
    signal,
  });
}

/**
 * A page past the first (the detail carries the first); the previous page stays while the next loads.
 * Kept with the detail's query, so refreshing the detail refreshes it too.
 */
export function useIdentifierRelated<K extends RelatedKind>(id: string, kind: K, page: number) {
  return useQuery({
    queryKey: identifierKeys.related(id, kind, page),
    queryFn: ({ signal }) => getIdentifierRelated(id, kind, page, signal),
    enabled: page > 1,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
