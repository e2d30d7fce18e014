import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchIdentifiers } from '../../../components/identifier-search';
import { evidenceKeys } from './evidence-keys';
import type { LinkedIdentifier } from './evidence-types';

/** Identifiers offered at a time; typing narrows them. */
const OPTIONS_PAGE_SIZE = 20;

export type IdentifierOption = Pick<LinkedIdentifier, 'id' | 'type' | 'typeLabel' | 'displayValue'>;

/** The identifiers the text names however written, then those whose display value holds it. */
export function getIdentifierOptions(search: string, signal?: AbortSignal): Promise<IdentifierOption[]> {
  return searchIdentifiers(search, OPTIONS_PAGE_SIZE, signal);
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
