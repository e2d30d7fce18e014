import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IdentifierItem } from '@scamtrail/domain/identifiers/api';
import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import { searchIdentifiers } from '../../../../components/identifier-search';
import { api } from '../../../../lib/api-client';
import { isApiError } from '../../../../lib/api-error';
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

/** An identifier found in an entry's text, in the shape `POST /api/identifiers` takes. */
export interface IdentifierInput {
  type: string;
  data: Record<string, string>;
}

/**
 * The id of the identifier with this value: created by `POST /api/identifiers`, or, when one with the
 * same normalised key exists (409 with `details.existingId`), that one.
 */
export async function ensureIdentifier(input: IdentifierInput): Promise<string> {
  try {
    const created = await api.post<{ id: string }>('/identifiers', input);
    return created.id;
  } catch (error) {
    const existingId = isApiError(error) && error.status === 409 ? error.details?.existingId : undefined;
    if (typeof existingId === 'string' && existingId) return existingId;
    throw error;
  }
}
