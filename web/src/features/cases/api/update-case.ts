import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Case, UpdateCaseBody } from '@scamtrail/domain/cases';
import { api } from '../../../lib/api-client';
import { ifMatchHeaders } from '../../../lib/edit-conflicts';
import { caseKeys } from './query-keys';

/**
 * `PATCH /api/cases/{id}`: any subset of the fields, or a status change (closing needs `resolution`
 * and `closureNotes`). Answers the case as it is after the change. Given `base`, the version the change
 * was made from, it is refused (412, see `editConflictOf`) when someone else changed the case since.
 */
export function updateCase({
  id,
  body,
  base,
}: {
  id: string;
  body: UpdateCaseBody;
  base?: Case;
}): Promise<Case> {
  return api.patch<Case>(`/cases/${encodeURIComponent(id)}`, body, {
    headers: base ? ifMatchHeaders(base) : undefined,
  });
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
