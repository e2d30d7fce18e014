import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Case, UpdateCaseBody } from '@scamtrail/domain/cases';
import { api } from '../../../lib/api-client';
import { caseKeys } from './query-keys';

/**
 * `PATCH /api/cases/{id}`: any subset of the fields, or a status change (closing needs `resolution`
 * and `closureNotes`). Answers the case as it is after the change.
 */
export function updateCase({ id, body }: { id: string; body: UpdateCaseBody }): Promise<Case> {
  return api.patch<Case>(`/cases/${encodeURIComponent(id)}`, body);
}

export function useUpdateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCase,
    onSuccess: (saved) => {
      queryClient.setQueryData(caseKeys.detail(saved.id), saved);
      // The case's own resources (history, timeline) changed too: refresh everything under it.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: caseKeys.detail(saved.id) }),
      ]);
    },
  });
}
