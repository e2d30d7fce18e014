import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { evidenceSchema } from '@scamtrail/domain/evidence';
import { api } from '../../../lib/api-client';

type EvidenceItem = z.output<typeof evidenceSchema>;

/**
 * `GET /api/evidence/{id}`: a written evidence item, read for its text in the identifier detail (the
 * server records a "viewed" custody row). Kept under the evidence feature's key for one item
 * (`['evidence', 'detail', id]`), so both share one cache entry and whatever refreshes the evidence
 * refreshes it, and nothing of the identifiers does.
 */
export function useWrittenEvidence(id: string) {
  return useQuery({
    queryKey: ['evidence', 'detail', id],
    queryFn: ({ signal }) => api.get<EvidenceItem>(`/evidence/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
}
