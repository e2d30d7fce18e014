import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { EvidenceListQuery } from '@scamtrail/domain/evidence';
import type { TagRef } from '@scamtrail/domain/tags';
import type { DbOrTx } from '../../db/client';
import {
  cases,
  evidence,
  evidenceIdentifiers,
  evidenceTags,
  journalEntries,
  journalEntryEvidence,
  tags,
} from '../../db/schema/index';
import { isAnyUuid } from '../../db/sql/arrays';
import { matchesSearch } from '../../lib/search';
import type { Principal } from '../auth/principal';
import { visibleCaseCondition } from '../../db/case-visibility';
import { toTagColor } from '../../db/sql/tags';
import { caseRefColumns, type EvidenceWithCase } from './evidence.repository';

export function listConditions(principal: Principal, query: EvidenceListQuery) {
  const search = query.search?.trim();
  return and(
    visibleCaseCondition(principal),
    query.caseId ? eq(evidence.caseId, query.caseId) : undefined,
    query.kind ? eq(evidence.kind, query.kind) : undefined,
    query.tagId
      ? sql`exists (select 1 from ${evidenceTags} where ${evidenceTags.evidenceId} = ${evidence.id} and ${evidenceTags.tagId} = ${query.tagId})`
      : undefined,
    // The body is the text of written evidence (null for files).
    search ? matchesSearch(search, evidence.title, evidence.fileName, evidence.body) : undefined,
  );
}

/**
 * One page of the evidence the caller may see, newest first, with its case, and the total. Evidence
 * of a case the caller may not see is never listed: the visibility condition is part of the query.
 */
export async function listEvidenceRows(
  db: DbOrTx,
  principal: Principal,
  query: EvidenceListQuery,
): Promise<{ rows: EvidenceWithCase[]; total: number }> {
  const where = listConditions(principal, query);
  const found = await db
    .select({ row: evidence, case: caseRefColumns })
    .from(evidence)
    .leftJoin(cases, eq(cases.id, evidence.caseId))
    .where(where)
    .orderBy(desc(evidence.createdAt), desc(evidence.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [{ n }] = await db
    .select({ n: count() })
    .from(evidence)
    .leftJoin(cases, eq(cases.id, evidence.caseId))
    .where(where);
  return {
    rows: found.map((f) => ({ row: f.row, case: f.case?.id ? f.case : null })),
    total: n,
  };
}

/** The tags of each item, by name, in one query for the page. */
export async function findTagsForEvidence(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, TagRef[]>> {
  const result = new Map<string, TagRef[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return result;
  const rows = await db
    .select({ evidenceId: evidenceTags.evidenceId, id: tags.id, name: tags.name, color: tags.color })
    .from(evidenceTags)
    .innerJoin(tags, eq(tags.id, evidenceTags.tagId))
    .where(isAnyUuid(evidenceTags.evidenceId, ids))
    .orderBy(asc(sql`lower(${tags.name})`));
  for (const { evidenceId, id, name, color } of rows) {
    result.get(evidenceId)?.push({ id, name, color: toTagColor(color) });
  }
  return result;
}

function toCounts(ids: readonly string[], rows: { id: string; n: number }[]): Map<string, number> {
  const counts = new Map<string, number>(ids.map((id) => [id, 0]));
  for (const row of rows) counts.set(row.id, row.n);
  return counts;
}

/**
 * How many journal entries name each item: entries not nullified, of cases the caller may see (or of
 * no case), in one grouped query for the page.
 */
export async function countJournalEntries(db: DbOrTx, principal: Principal, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: journalEntryEvidence.evidenceId, n: count() })
    .from(journalEntryEvidence)
    .innerJoin(journalEntries, eq(journalEntries.id, journalEntryEvidence.journalEntryId))
    .leftJoin(cases, eq(cases.id, journalEntries.caseId))
    .where(
      and(
        isAnyUuid(journalEntryEvidence.evidenceId, ids),
        eq(journalEntries.isNullified, false),
        visibleCaseCondition(principal),
      ),
    )
    .groupBy(journalEntryEvidence.evidenceId);
  return toCounts(ids, rows);
}

/** How many identifiers are linked to each item, in one grouped query for the page. */
export async function countIdentifiers(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: evidenceIdentifiers.evidenceId, n: count() })
    .from(evidenceIdentifiers)
    .where(isAnyUuid(evidenceIdentifiers.evidenceId, ids))
    .groupBy(evidenceIdentifiers.evidenceId);
  return toCounts(ids, rows);
}
