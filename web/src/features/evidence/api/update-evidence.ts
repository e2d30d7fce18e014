import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateEvidenceBody } from '@scamtrail/domain/evidence';
import { api } from '../../../lib/api-client';
import { ifMatchHeaders } from '../../../lib/edit-conflicts';
import { evidenceKeys } from './evidence-keys';
import type { EvidenceItem } from './evidence-types';

/**
 * `PATCH /api/evidence/{id}`: title, description, tags and case; answers the item. Given `base`, the
 * version the change was made from, it is refused (412, see `editConflictOf`) when someone else
 * changed the item since.
 */
export function updateEvidence(id: string, body: UpdateEvidenceBody, base?: EvidenceItem) {
  return api.patch<EvidenceItem>(`/evidence/${encodeURIComponent(id)}`, body, {
    headers: base ? ifMatchHeaders(base) : undefined,
  });
}

export function useUpdateEvidence(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, base }: { body: UpdateEvidenceBody; base?: EvidenceItem }) =>
      updateEvidence(id, body, base),
    onSuccess: async (item) => {
      // The answer is the item: the detail shows it at once.
      queryClient.setQueryData(evidenceKeys.detail(id), item);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: evidenceKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: evidenceKeys.custodyOf(id) }),
      ]);
    },
  });
}
