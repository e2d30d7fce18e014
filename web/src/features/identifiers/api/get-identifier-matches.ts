import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { IdentifierMatches } from './identifier-types';
import { identifierKeys } from './query-keys';

/**
 * Whether a search could be an identifier written differently. E-mail addresses hold an @; phone
 * numbers and wallet addresses hold digits. Anything else is left to the display-value search, without
 * asking the server (which would find nothing).
 */
export function mayBeIdentifierValue(search: string): boolean {
  return /[\d@]/.test(search);
}

/** `GET /api/identifiers/matches`: the identifiers on record that the searched value is. */
export function useIdentifierMatches(search: string) {
  const value = search.trim();
  return useQuery({
    queryKey: identifierKeys.matches(value),
    queryFn: ({ signal }) =>
      api.get<IdentifierMatches>('/identifiers/matches', { params: { value }, signal }),
    enabled: value !== '' && mayBeIdentifierValue(value),
  });
}
