import { and, eq } from 'drizzle-orm';
import type { CaseStatus } from '@scamtrail/domain/cases';
import type { JournalEntryType, JournalSearchQuery } from '@scamtrail/domain/journal-entries';
import type { DbOrTx } from '../../db/client';
import {
  keysetAfter,
  keysetNext,
  keysetOrder,
  keysetPositionOf,
  type KeysetKey,
  type KeysetPosition,
} from '../../db/keyset';
import { cases, journalEntries } from '../../db/schema/index';
import type { CsvPage } from '../../plugins/csv-export';
import type { Principal } from '../auth/principal';
import { findOriginatorSummaries } from '../originators/originators.service';
import { excerpt, searchCondition } from './journal-search.repository';

/**
 * The keyset read of the journal search CSV download (`config.csv.read` of its route, see `csvExportPlugin`
 * and docs/interchange.md): the rows after a position in the list's order under the list's own
 * filter and visibility (the conditions its JSON page uses), written as its JSON page writes them.
 */

/** Latest performed first, off `journal_entries_performed_idx`. */
const latestPerformed: KeysetKey[] = [
  { expr: journalEntries.performedAt, direction: 'desc', nulls: 'last', type: 'timestamptz' },
  { expr: journalEntries.id, direction: 'desc', nulls: 'last', type: 'uuid' },
];

export async function journalSearchCsvPage(
  db: DbOrTx,
  query: JournalSearchQuery,
  principal: Principal,
  after: KeysetPosition | undefined,
  limit: number,
): Promise<CsvPage> {
  const rows = await db
    .select({
      id: journalEntries.id,
      type: journalEntries.type,
      performedAt: journalEntries.performedAt,
      excerpt: excerpt(query.search),
      originatorId: journalEntries.originatorId,
      caseId: cases.id,
      caseNumber: cases.number,
      caseTitle: cases.title,
      caseStatus: cases.status,
      position: keysetPositionOf(latestPerformed),
    })
    .from(journalEntries)
    .innerJoin(cases, eq(cases.id, journalEntries.caseId))
    .where(and(searchCondition(query, principal), keysetAfter(latestPerformed, after)))
    .orderBy(...keysetOrder(latestPerformed))
    .limit(limit);
  if (rows.length === 0) return { data: [], next: undefined };
  const originators = await findOriginatorSummaries(
    db,
    rows.map((row) => row.originatorId),
  );
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
    next: keysetNext(rows, limit),
  };
}
