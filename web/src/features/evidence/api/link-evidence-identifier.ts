import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { evidenceKeys } from './evidence-keys';
import type { EvidenceItem } from './evidence-types';

interface IdentifierLink {
  identifierId: string;
  /** True to link, false to unlink. */
  linked: boolean;
}

/** `POST` (link) or `DELETE` (unlink) `/api/evidence/{id}/identifiers/{identifierId}`; answers the item. */
export function setEvidenceIdentifierLink(id: string, { identifierId, linked }: IdentifierLink) {
  const path = `/evidence/${encodeURIComponent(id)}/identifiers/${encodeURIComponent(identifierId)}`;
  return linked ? api.post<EvidenceItem>(path) : api.delete<EvidenceItem>(path);
}

export function useEvidenceIdentifierLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: IdentifierLink) => setEvidenceIdentifierLink(id, link),
    onSuccess: async (item) => {
      queryClient.setQueryData(evidenceKeys.detail(id), item);
      await Promise.all(
        [evidenceKeys.identifiersOf(id), evidenceKeys.custodyOf(id), evidenceKeys.lists()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
