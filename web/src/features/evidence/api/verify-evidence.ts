import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { evidenceKeys } from './evidence-keys';
import type { VerifyResult } from './evidence-types';

/** `POST /api/evidence/{id}/verify`: re-hashes the stored bytes and compares with the recorded hash. */
export function verifyEvidence(id: string) {
  return api.post<VerifyResult>(`/evidence/${encodeURIComponent(id)}/verify`);
}

export function useVerifyEvidence(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => verifyEvidence(id),
    // Verifying adds a custody row.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...evidenceKeys.all, 'custody', id] }),
  });
}
