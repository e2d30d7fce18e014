import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JournalIntegrity } from '@scamtrail/domain/signatures';
import { api } from '../../../../lib/api-client';
import { journalKeys } from './journal-keys';

/**
 * `GET /api/cases/{id}/journal-integrity`: walks the case journal's hash chain. A row edited, deleted or
 * inserted in the database behind the application's back breaks it.
 */
export function getJournalIntegrity(caseId: string, signal?: AbortSignal): Promise<JournalIntegrity> {
  return api.get<JournalIntegrity>(`/cases/${encodeURIComponent(caseId)}/journal-integrity`, { signal });
}

export function useJournalIntegrity(caseId: string) {
  return useQuery(
    queryOptions({
      queryKey: journalKeys.integrity(caseId),
      queryFn: ({ signal }) => getJournalIntegrity(caseId, signal),
    }),
  );
}
