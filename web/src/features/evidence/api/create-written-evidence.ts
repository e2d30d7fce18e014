import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWrittenEvidenceBody } from '@scamtrail/domain/evidence';
import { api } from '../../../lib/api-client';
import { invalidateAfterEvidenceAdded } from './evidence-keys';
import type { EvidenceItem } from './evidence-types';

/** `POST /api/evidence` with JSON: written evidence (a transcript, a statement, a copied message). */
export function createWrittenEvidence(body: CreateWrittenEvidenceBody) {
  return api.post<EvidenceItem>('/evidence', body, { idempotent: true });
}

export function useCreateWrittenEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWrittenEvidence,
    onSuccess: () => invalidateAfterEvidenceAdded(queryClient),
  });
}
