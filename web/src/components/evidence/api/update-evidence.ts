import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateEvidenceBody } from '@scamtrail/domain/evidence';
import { api } from '../../../lib/api-client';
import { evidenceKeys } from './evidence-keys';
import type { EvidenceItem } from './evidence-types';

/** `PATCH /api/evidence/{id}`: title, description, tags and case; answers the item. */
export function updateEvidence(id: string, body: UpdateEvidenceBody) {
  return api.patch<EvidenceItem>(`/evidence/${encodeURIComponent(id)}`, body);
}

export function useUpdateEvidence(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEvidenceBody) => updateEvidence(id, body),
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
