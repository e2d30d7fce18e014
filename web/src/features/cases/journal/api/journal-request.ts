import type { ApiGet } from '../../../../lib/api-url';
import type { JournalEntryType } from '@scamtrail/domain/journal-entries';

/** Which page of a case's journal, and its filters. */
export interface JournalPageParams {
  includeNullified: boolean;
  /** Text to find in the descriptions. */
  search?: string;
  type?: JournalEntryType;
  hasEvidence?: boolean;
  page: number;
  pageSize: number;
}

/**
 * `GET /api/cases/{id}/journal-entries`: one page of the case's journal, newest first. Asked by the
 * timeline (journal-get-entries.ts) and by the page's first requests (app/first-requests.ts), which
 * therefore import nothing else from here.
 */
export function journalEntriesRequest(caseId: string, params: JournalPageParams): ApiGet {
  return {
    path: `/cases/${encodeURIComponent(caseId)}/journal-entries`,
    params: {
      includeNullified: params.includeNullified || undefined,
      search: params.search,
      type: params.type,
      hasEvidence: params.hasEvidence,
      page: params.page,
      pageSize: params.pageSize,
    },
  };
}
