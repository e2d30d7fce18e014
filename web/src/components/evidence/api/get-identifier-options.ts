import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { IdentifierItem } from '@scamtrail/domain/identifiers/api';
import { api } from '../../../lib/api-client';
import { evidenceKeys } from './evidence-keys';
import type { LinkedIdentifier, Page } from './evidence-types';

/** Identifiers offered at a time; typing narrows them. */
const OPTIONS_PAGE_SIZE = 20;

export type IdentifierOption = Pick<LinkedIdentifier, 'id' | 'type' | 'typeLabel' | 'displayValue'>;

/** `GET /api/identifiers?search=`: identifiers whose display value holds the text, newest first. */
export async function getIdentifierOptions(
  search: string,
  signal?: AbortSignal,
): Promise<IdentifierOption[]> {
  const answer = await api.get<Page<IdentifierItem>>('/identifiers', {
    params: { search: search || undefined, page: 1, pageSize: OPTIONS_PAGE_SIZE },
    signal,
  });
  return answer.data.map(({ id, type, typeLabel, displayValue }) => ({ id, type, typeLabel, displayValue }));
}

export function useIdentifierOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: evidenceKeys.identifierOptions(search),
    queryFn: ({ signal }) => getIdentifierOptions(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
    enabled,
  });
}
