import type { CaseStatus } from '@scamtrail/domain/cases';
import {
  JOURNAL_SEARCH_COUNT_CAP,
  type JournalEntryType,
  type JournalSearchQuery,
  type JournalSearchResult,
} from '@scamtrail/domain/journal-entries';
import { toPagination } from '@scamtrail/domain/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import type { Principal } from '../auth/principal';
import { findOriginatorSummaries } from '../originators/originators.service';
import { countSearchHits, findSearchHits, type SearchHitRow } from './journal-search.repository';

/** Hits as the search answers them (its page and its CSV download), each with its case and originator. */
export async function presentSearchHits(
  db: DbOrTx,
  rows: readonly SearchHitRow[],
): Promise<JournalSearchResult['data']> {
  const originators = await findOriginatorSummaries(
    db,
    rows.map((row) => row.originatorId),
  );
  return rows.map((row) => ({
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
  }));
}

/**
 * `GET /api/journal-entries`: a text looked for in the journals of every case the caller may see, a
 * page at a time, latest performed first, each hit with an excerpt around the match and its case.
 */
export async function searchJournalEntries(
  db: Db,
  query: JournalSearchQuery,
  principal: Principal,
): Promise<JournalSearchResult> {
  const [rows, total] = await readsTogether(db, [
    () => findSearchHits(db, query, principal),
    () => countSearchHits(db, query, principal),
  ]);
  const capped = total > JOURNAL_SEARCH_COUNT_CAP;
  return {
    data: await presentSearchHits(db, rows),
    pagination: toPagination(query.page, query.pageSize, capped ? JOURNAL_SEARCH_COUNT_CAP : total),
    totalIsCapped: capped,
  };
}
