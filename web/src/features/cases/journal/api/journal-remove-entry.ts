import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { invalidateAfterJournalChange } from './journal-keys';

interface RemoveEntryInput {
  id: string;
  caseId: string;
  reason: string;
}

/**
 * `POST /api/journal-entries/{id}/remove`: nullifies the entry with the reason, who and when. Nothing
 * is deleted; the entry shows again, struck through, when removed entries are included.
 */
export function removeJournalEntry({ id, caseId, reason }: RemoveEntryInput): Promise<unknown> {
  return api.post(`/journal-entries/${encodeURIComponent(id)}/remove`, { reason, caseId });
}

export function useRemoveJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeJournalEntry,
    onSuccess: () => invalidateAfterJournalChange(queryClient),
  });
}
