import { useMutation } from '@tanstack/react-query';
import type { VerifyCaseResponse } from '@scamtrail/domain/signatures';
import { api } from '../../../../lib/api-client';

/** `POST /api/journal-entries/case/{caseId}/verify`: verifies every signed entry of the case. */
export function verifyCaseSignatures(caseId: string): Promise<VerifyCaseResponse> {
  return api.post<VerifyCaseResponse>(`/journal-entries/case/${encodeURIComponent(caseId)}/verify`, {});
}

export function useVerifyCaseSignatures() {
  return useMutation({ mutationFn: verifyCaseSignatures });
}
