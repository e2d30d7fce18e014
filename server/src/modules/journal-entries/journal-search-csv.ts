import { and, eq } from 'drizzle-orm';
import type { JournalSearchQuery } from '@scamtrail/domain/journal-entries';
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
import { searchCondition, searchHitColumns } from './journal-search.repository';
import { presentSearchHits } from './journal-search.service';

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
    .select({ ...searchHitColumns(query.search), position: keysetPositionOf(latestPerformed) })
    .from(journalEntries)
    .innerJoin(cases, eq(cases.id, journalEntries.caseId))
    .where(and(searchCondition(query, principal), keysetAfter(latestPerformed, after)))
    .orderBy(...keysetOrder(latestPerformed))
    .limit(limit);
  if (rows.length === 0) return { data: [], next: undefined };
  return { data: await presentSearchHits(db, rows), next: keysetNext(rows, limit) };
}
