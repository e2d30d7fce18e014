import { useQuery } from '@tanstack/react-query';
import { mayBeIdentifierValue } from '../../../components/identifier-search';
import { api } from '../../../lib/api-client';
import type { IdentifierMatches } from './identifier-types';
import { identifierKeys } from './query-keys';

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
