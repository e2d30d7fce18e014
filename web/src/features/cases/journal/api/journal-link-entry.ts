import { api } from '../../../../lib/api-client';

/** `POST /api/cases/{caseId}/journal-entries`: puts an entry in the case's journal (spec 7). */
export function linkJournalEntry(caseId: string, journalEntryId: string): Promise<unknown> {
  return api.post(`/cases/${encodeURIComponent(caseId)}/journal-entries`, { journalEntryId });
}
