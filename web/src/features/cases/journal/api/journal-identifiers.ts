import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IdentifierItem } from '@scamtrail/domain/identifiers/api';
import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import { searchIdentifiers } from '../../../../components/identifier-search';
import { journalKeys } from './journal-keys';

/** What an entry's identifier picker shows of an identifier: what the entry holds of it, and its type's label. */
/** A linked identifier; `data` when it was picked in this dialog (an entry's own links carry none). */
export type IdentifierOption = JournalEntry['identifiers'][number] &
  Pick<IdentifierItem, 'typeLabel'> &
  Partial<Pick<IdentifierItem, 'data'>>;

const OPTIONS_PAGE_SIZE = 25;

/** The identifiers the text names however written, then those whose display value holds it. */
export function getIdentifierOptions(search: string, signal?: AbortSignal): Promise<IdentifierOption[]> {
  return searchIdentifiers(search, OPTIONS_PAGE_SIZE, signal);
}

export function useIdentifierOptions(search: string, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: journalKeys.identifierOptions(search),
      queryFn: ({ signal }) => getIdentifierOptions(search, signal),
      staleTime: 30_000,
      enabled,
    }),
  );
}
