import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { evidenceKeys } from './evidence-keys';
import type { LinkedIdentifier, Page } from './evidence-types';

export const LINKED_IDENTIFIERS_PAGE_SIZE = 10;

/** `GET /api/evidence/{id}/identifiers`: the identifiers linked to the item, most recent link first. */
export function getEvidenceIdentifiers(id: string, page: number, signal?: AbortSignal) {
  return api.get<Page<LinkedIdentifier>>(`/evidence/${encodeURIComponent(id)}/identifiers`, {
    params: { page, pageSize: LINKED_IDENTIFIERS_PAGE_SIZE },
    signal,
  });
}

export function useEvidenceIdentifiers(id: string, page: number) {
  return useQuery({
    queryKey: evidenceKeys.identifiers(id, page),
    queryFn: ({ signal }) => getEvidenceIdentifiers(id, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
