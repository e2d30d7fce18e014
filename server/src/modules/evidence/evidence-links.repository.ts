import { and, count, desc, eq, sql } from 'drizzle-orm';
import { EVIDENCE_ENTRY_SUMMARY_MAX_LENGTH } from '@scamtrail/domain/evidence';
import type { DbOrTx } from '../../db/client';
import {
  cases,
  evidenceIdentifiers,
  identifiers,
  journalEntries,
  journalEntryEvidence,
} from '../../db/schema/index';
import type { Principal } from '../auth/principal';
import { visibleCaseCondition } from '../../db/case-visibility';
import { caseRefColumns, type CaseRefRow } from './evidence.repository';

interface PageRequest {
  page: number;
  pageSize: number;
}

export interface EvidenceIdentifierRow {
  id: string;
  type: string;
  displayValue: string;
  linkedAt: Date;
}

/** One page of the identifiers linked to an item, most recently linked first, and their number. */
export async function listEvidenceIdentifierRows(
  db: DbOrTx,
  evidenceId: string,
  page: PageRequest,
): Promise<{ rows: EvidenceIdentifierRow[]; total: number }> {
  const where = eq(evidenceIdentifiers.evidenceId, evidenceId);
  const rows = await db
    .select({
      id: identifiers.id,
      type: identifiers.type,
      displayValue: identifiers.displayValue,
      linkedAt: evidenceIdentifiers.createdAt,
    })
    .from(evidenceIdentifiers)
    .innerJoin(identifiers, eq(identifiers.id, evidenceIdentifiers.identifierId))
    .where(where)
    .orderBy(desc(evidenceIdentifiers.createdAt), desc(identifiers.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [{ n }] = await db.select({ n: count() }).from(evidenceIdentifiers).where(where);
  return { rows, total: n };
}

export interface EvidenceEntryRow {
  id: string;
  type: string;
  performedAt: Date;
  summary: string;
  case: CaseRefRow | null;
}

const blanks = sql`' ' || chr(9) || chr(10) || chr(13)`;

/**
 * The first line with text of the description, trimmed and cut to the summary's length in SQL: a
 * 20,000-character description never leaves the database for a one-line summary.
 */
const summary = sql<string>`left(btrim(split_part(ltrim(${journalEntries.description}, ${blanks}), chr(10), 1), ${blanks}), ${sql.raw(String(EVIDENCE_ENTRY_SUMMARY_MAX_LENGTH))})`;

/**
 * One page of the journal entries that link an item, latest performed first, and their number: entries
 * not removed, of cases the caller may see or of no case (as the item's journalEntryCount counts them).
 */
export async function listEvidenceEntryRows(
  db: DbOrTx,
  principal: Principal,
  evidenceId: string,
  page: PageRequest,
): Promise<{ rows: EvidenceEntryRow[]; total: number }> {
  const where = and(
    eq(journalEntryEvidence.evidenceId, evidenceId),
    eq(journalEntries.isNullified, false),
    visibleCaseCondition(principal),
  );
  const found = await db
    .select({
      id: journalEntries.id,
      type: journalEntries.type,
      performedAt: journalEntries.performedAt,
      summary,
      case: caseRefColumns,
    })
    .from(journalEntryEvidence)
    .innerJoin(journalEntries, eq(journalEntries.id, journalEntryEvidence.journalEntryId))
    .leftJoin(cases, eq(cases.id, journalEntries.caseId))
    .where(where)
    .orderBy(desc(journalEntries.performedAt), desc(journalEntries.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [{ n }] = await db
    .select({ n: count() })
    .from(journalEntryEvidence)
    .innerJoin(journalEntries, eq(journalEntries.id, journalEntryEvidence.journalEntryId))
    .leftJoin(cases, eq(cases.id, journalEntries.caseId))
    .where(where);
  return {
    rows: found.map((row) => ({ ...row, case: row.case?.id ? row.case : null })),
    total: n,
  };
}
