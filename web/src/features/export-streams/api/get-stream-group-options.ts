import { queryOptions, useQuery } from '@tanstack/react-query';
import { getGroupOptions } from '../../../lib/group-options';
import { exportStreamKeys } from './query-keys';

/** The groups a stream may carry. */
export function useStreamGroupOptions() {
  return useQuery(
    queryOptions({
      queryKey: exportStreamKeys.groupOptions(),
      queryFn: ({ signal }) => getGroupOptions(signal),
      retry: false,
      staleTime: 60_000,
    }),
  );
}
