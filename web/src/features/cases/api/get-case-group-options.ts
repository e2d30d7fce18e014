import { queryOptions, useQuery } from '@tanstack/react-query';
import { getGroupOptions } from '../../../lib/group-options';
import { caseKeys } from './query-keys';

/** The groups a case may be put in. */
export function caseGroupOptionsQueryOptions() {
  return queryOptions({
    queryKey: caseKeys.groupOptions(),
    queryFn: ({ signal }) => getGroupOptions(signal),
    retry: false,
    staleTime: 60_000,
  });
}

export function useCaseGroupOptions() {
  return useQuery(caseGroupOptionsQueryOptions());
}
