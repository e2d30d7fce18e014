import { useQuery } from '@tanstack/react-query';
import { mayBeIdentifierValue } from '../../../components/identifier-search';
import { api } from '../../../lib/api-client';
import type { IdentifierMatches } from './identifier-types';
import { identifierKeys } from './query-keys';

/**
 * `GET /api/identifiers/matches`: the identifiers on record that the searched value is, of the list's
 * type when it has one ('' for all), as the list and its CSV filter them.
 */
export function useIdentifierMatches(search: string, type = '') {
  const value = search.trim();
  const params = { value, type: type || undefined };
  return useQuery({
    queryKey: identifierKeys.matches(params),
    queryFn: ({ signal }) => api.get<IdentifierMatches>('/identifiers/matches', { params, signal }),
    enabled: value !== '' && mayBeIdentifierValue(value),
  });
}
