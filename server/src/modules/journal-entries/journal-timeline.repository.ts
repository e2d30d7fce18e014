import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { CaseJournalQuery } from '@scamtrail/domain/journal-entries';
import type { DbOrTx } from '../../db/client';
import {
  cases,
  evidence,
  identifiers,
  journalEntries,
  journalEntryEvidence,
  journalEntryIdentifiers,
} from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { visibleCaseCondition } from '../groups/case-visibility';
import { anyUuid, entryColumns, type EntryRow } from './journal-entries.repository';

/**
 * The condition of a case's journal page; it walks journal_entries_case_timeline_idx. "Has evidence"
 * counts only evidence the caller may see, as the entries show it.
 */
function timelineCondition(caseId: string, query: CaseJournalQuery, principal: Principal) {
  // Spelled out: Drizzle leaves columns unqualified in a single-table select; the visibility
  // condition names "cases" columns, hence that table keeps its name.
  const withEvidence = sql`exists (select 1 from journal_entry_evidence jee
    inner join evidence e on e.id = jee.evidence_id
    left join cases on cases.id = e.case_id
    where jee.journal_entry_id = journal_entries.id and ${visibleCaseCondition(principal)})`;
  return and(
    eq(journalEntries.caseId, caseId),
    query.includeNullified ? undefined : eq(journalEntries.isNullified, false),
    query.type ? eq(journalEntries.type, query.type) : undefined,
    query.hasEvidence === undefined ? undefined : query.hasEvidence ? withEvidence : sql`not ${withEvidence}`,
  );
}

/** One page of the case's journal, newest first (performedAt, then id), and the number of entries. */
export async function findTimelinePage(
  db: DbOrTx,
  caseId: string,
  query: CaseJournalQuery,
  principal: Principal,
): Promise<{ rows: EntryRow[]; total: number }> {
  const where = timelineCondition(caseId, query, principal);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(entryColumns)
      .from(journalEntries)
      .where(where)
      .orderBy(desc(journalEntries.performedAt), desc(journalEntries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(journalEntries).where(where),
  ]);
  return { rows, total: n };
}

export interface EntryEvidence {
  id: string;
  title: string;
  kind: string;
  mediaType: string | null;
  sha256: string | null;
  hasFile: boolean;
}

export interface EntryIdentifier {
  id: string;
  type: string;
  displayValue: string;
}

function groupBy<T extends { entryId: string }>(rows: T[]): Map<string, Omit<T, 'entryId'>[]> {
  const grouped = new Map<string, Omit<T, 'entryId'>[]>();
  for (const { entryId, ...rest } of rows) {
    const list = grouped.get(entryId) ?? [];
    list.push(rest);
    grouped.set(entryId, list);
  }
  return grouped;
}

/**
 * The evidence linked to each entry, in one query for the whole page; evidence of cases the caller
 * may not see is left out, as everywhere else.
 */
export async function findEvidenceOfEntries(
  db: DbOrTx,
  entryIds: readonly string[],
  principal: Principal,
): Promise<Map<string, EntryEvidence[]>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .select({
      entryId: journalEntryEvidence.journalEntryId,
      id: evidence.id,
      title: evidence.title,
      kind: evidence.kind,
      mediaType: evidence.contentType,
      sha256: evidence.sha256,
      hasFile: sql<boolean>`${evidence.fileName} is not null`.mapWith(Boolean),
    })
    .from(journalEntryEvidence)
    .innerJoin(evidence, eq(evidence.id, journalEntryEvidence.evidenceId))
    .leftJoin(cases, eq(cases.id, evidence.caseId))
    .where(and(anyUuid(journalEntryEvidence.journalEntryId, entryIds), visibleCaseCondition(principal)))
    .orderBy(asc(journalEntryEvidence.createdAt), asc(evidence.id));
  return groupBy(rows);
}

/** The identifiers linked to each entry, in one query for the whole page. */
export async function findIdentifiersOfEntries(
  db: DbOrTx,
  entryIds: readonly string[],
): Promise<Map<string, EntryIdentifier[]>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .select({
      entryId: journalEntryIdentifiers.journalEntryId,
      id: identifiers.id,
      type: identifiers.type,
      displayValue: identifiers.displayValue,
    })
    .from(journalEntryIdentifiers)
    .innerJoin(identifiers, eq(identifiers.id, journalEntryIdentifiers.identifierId))
    .where(anyUuid(journalEntryIdentifiers.journalEntryId, entryIds))
    .orderBy(asc(journalEntryIdentifiers.createdAt), asc(identifiers.id));
  return groupBy(rows);
}
