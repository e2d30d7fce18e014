import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkUpdateCasesBody, BulkUpdateCasesResult } from '@scamtrail/domain/cases';
import { api } from '../../../lib/api-client';
import { caseKeys } from './query-keys';

/**
 * `POST /api/cases/bulk-update`: one change to several cases, all or none. Answers the cases as they
 * are after it, in the order asked.
 */
export function bulkUpdateCases(body: BulkUpdateCasesBody): Promise<BulkUpdateCasesResult> {
  return api.post<BulkUpdateCasesResult>('/cases/bulk-update', body);
}

export function useBulkUpdateCases() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateCases,
    onSuccess: ({ data }) => {
      for (const saved of data) queryClient.setQueryData(caseKeys.detail(saved.id), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
        ...data.map((saved) => queryClient.invalidateQueries({ queryKey: caseKeys.detail(saved.id) })),
      ]);
    },
  });
}
