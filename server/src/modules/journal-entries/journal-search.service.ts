import type { CaseStatus } from '@scamtrail/domain/cases';
import {
  JOURNAL_SEARCH_COUNT_CAP,
  type JournalEntryType,
  type JournalSearchQuery,
  type JournalSearchResult,
} from '@scamtrail/domain/journal-entries';
import { toPagination } from '@scamtrail/domain/pagination';
import type { Db } from '../../db/client';
import type { Principal } from '../auth/principal';
import { findOriginatorSummaries } from '../originators/originators.service';
import { countSearchHits, findSearchHits } from './journal-search.repository';

/**
 * `GET /api/journal-entries`: a text looked for in the journals of every case the caller may see, a
 * page at a time, latest performed first, each hit with an excerpt around the match and its case.
 */
export async function searchJournalEntries(
  db: Db,
  query: JournalSearchQuery,
  principal: Principal,
): Promise<JournalSearchResult> {
  const [rows, total] = await Promise.all([
    findSearchHits(db, query, principal),
    countSearchHits(db, query, principal),
  ]);
  const originators = await findOriginatorSummaries(
    db,
    rows.map((row) => row.originatorId),
  );
  const capped = total > JOURNAL_SEARCH_COUNT_CAP;
  return {
    data: rows.map((row) => ({
      id: row.id,
      type: row.type as JournalEntryType,
      performedAt: row.performedAt.toISOString(),
      excerpt: row.excerpt,
      case: {
        id: row.caseId,
        number: row.caseNumber,
        title: row.caseTitle,
        status: row.caseStatus as CaseStatus,
      },
      originator: (row.originatorId && originators.get(row.originatorId)) || null,
    })),
    pagination: toPagination(query.page, query.pageSize, capped ? JOURNAL_SEARCH_COUNT_CAP : total),
    totalIsCapped: capped,
  };
}
