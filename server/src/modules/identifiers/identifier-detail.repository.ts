import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  cases,
  evidence,
  evidenceIdentifiers,
  identifierTags,
  journalEntries,
  journalEntryEvidence,
  journalEntryIdentifiers,
  tags,
} from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { isAnyUuid } from '../cases/sql-arrays';
import { visibleCaseCondition } from '../groups/case-visibility';

/**
 * The records around one identifier for its detail view, a page at a time with their numbers. Evidence
 * and journal entries of cases the caller may not see are left out like the cases themselves (records
 * with no case stay visible). The numbers come from `count(*)` over the link tables' identifier
 * indexes, reading no row's columns beyond those the conditions need.
 */

export interface PageRequest {
  page: number;
  pageSize: number;
}

const offsetOf = (page: PageRequest) => (page.page - 1) * page.pageSize;

/** Whether to list every evidence item, only those holding a file (media), or only those without. */
export type FileFilter = boolean | undefined;

function evidenceWhere(identifierId: string, principal: Principal, hasFile: FileFilter): SQL | undefined {
  const file =
    hasFile === undefined ? undefined : hasFile ? isNotNull(evidence.fileName) : isNull(evidence.fileName);
  return and(eq(evidenceIdentifiers.identifierId, identifierId), visibleCaseCondition(principal), file);
}

/** One page of the evidence naming the identifier, newest first. */
export async function findIdentifierEvidencePage(
  db: DbOrTx,
  identifierId: string,
  principal: Principal,
  page: PageRequest,
  hasFile?: FileFilter,
) {
  return db
    .select({
      id: evidence.id,
      title: evidence.title,
      kind: evidence.kind,
      fileName: evidence.fileName,
      contentType: evidence.contentType,
      sizeBytes: evidence.sizeBytes,
      sha256: evidence.sha256,
      createdAt: evidence.createdAt,
    })
    .from(evidenceIdentifiers)
    .innerJoin(evidence, eq(evidence.id, evidenceIdentifiers.evidenceId))
    .leftJoin(cases, eq(cases.id, evidence.caseId))
    .where(evidenceWhere(identifierId, principal, hasFile))
    .orderBy(desc(evidence.createdAt), desc(evidence.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
}

/** How many evidence items name the identifier, and how many of them hold a file, in one statement. */
export async function countIdentifierEvidence(
  db: DbOrTx,
  identifierId: string,
  principal: Principal,
  hasFile?: FileFilter,
): Promise<{ evidence: number; media: number }> {
  const [row] = await db
    .select({ evidence: count(), media: count(evidence.fileName) })
    .from(evidenceIdentifiers)
    .innerJoin(evidence, eq(evidence.id, evidenceIdentifiers.evidenceId))
    .leftJoin(cases, eq(cases.id, evidence.caseId))
    .where(evidenceWhere(identifierId, principal, hasFile));
  return row;
}

function journalWhere(identifierId: string, principal: Principal): SQL | undefined {
  return and(
    eq(journalEntryIdentifiers.identifierId, identifierId),
    eq(journalEntries.isNullified, false),
    visibleCaseCondition(principal),
  );
}

/** One page of the journal entries naming the identifier, newest first; nullified entries are left out. */
export async function findIdentifierJournalEntryPage(
  db: DbOrTx,
  identifierId: string,
  principal: Principal,
  page: PageRequest,
) {
  return db
    .select({
      id: journalEntries.id,
      type: journalEntries.type,
      description: journalEntries.description,
      performedAt: journalEntries.performedAt,
      createdAt: journalEntries.createdAt,
    })
    .from(journalEntryIdentifiers)
    .innerJoin(journalEntries, eq(journalEntries.id, journalEntryIdentifiers.journalEntryId))
    .leftJoin(cases, eq(cases.id, journalEntries.caseId))
    .where(journalWhere(identifierId, principal))
    .orderBy(desc(journalEntries.performedAt), desc(journalEntries.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
}

export async function countIdentifierJournalEntries(
  db: DbOrTx,
  identifierId: string,
  principal: Principal,
): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(journalEntryIdentifiers)
    .innerJoin(journalEntries, eq(journalEntries.id, journalEntryIdentifiers.journalEntryId))
    .leftJoin(cases, eq(cases.id, journalEntries.caseId))
    .where(journalWhere(identifierId, principal));
  return n;
}

/**
 * For each journal entry of a page, the ids of its evidence that holds a file (its media): one
 * statement with the entry ids as one array parameter.
 */
export async function findJournalEntryMediaIds(
  db: DbOrTx,
  journalEntryIds: readonly string[],
): Promise<Map<string, string[]>> {
  const media = new Map<string, string[]>();
  if (journalEntryIds.length === 0) return media;
  const rows = await db
    .select({ entryId: journalEntryEvidence.journalEntryId, evidenceId: journalEntryEvidence.evidenceId })
    .from(journalEntryEvidence)
    .innerJoin(evidence, eq(evidence.id, journalEntryEvidence.evidenceId))
    .where(and(isAnyUuid(journalEntryEvidence.journalEntryId, journalEntryIds), isNotNull(evidence.fileName)))
    .orderBy(asc(evidence.createdAt), asc(evidence.id));
  for (const row of rows) media.set(row.entryId, [...(media.get(row.entryId) ?? []), row.evidenceId]);
  return media;
}

export async function findIdentifierTags(db: DbOrTx, identifierId: string) {
  return db
    .select({ id: tags.id, name: tags.name, color: tags.color })
    .from(identifierTags)
    .innerJoin(tags, eq(tags.id, identifierTags.tagId))
    .where(eq(identifierTags.identifierId, identifierId))
    .orderBy(asc(sql`lower(${tags.name})`));
}

/**
 * The cases the identifier appears in, through live journal entries or evidence, that the caller may
 * see. One `in (… union …)` lets PostgreSQL collect the case ids from the two link indexes and look the
 * cases up by key, instead of testing every case against two subqueries.
 */
function identifierCasesWhere(db: DbOrTx, identifierId: string, principal: Principal): SQL | undefined {
  const viaJournal = db
    .select({ caseId: journalEntries.caseId })
    .from(journalEntryIdentifiers)
    .innerJoin(journalEntries, eq(journalEntries.id, journalEntryIdentifiers.journalEntryId))
    .where(
      and(eq(journalEntryIdentifiers.identifierId, identifierId), eq(journalEntries.isNullified, false)),
    );
  const viaEvidence = db
    .select({ caseId: evidence.caseId })
    .from(evidenceIdentifiers)
    .innerJoin(evidence, eq(evidence.id, evidenceIdentifiers.evidenceId))
    .where(eq(evidenceIdentifiers.identifierId, identifierId));
  return and(inArray(cases.id, viaJournal.union(viaEvidence)), visibleCaseCondition(principal));
}

/** One page of the identifier's cases, newest first. */
export async function findIdentifierCasePage(
  db: DbOrTx,
  identifierId: string,
  principal: Principal,
  page: PageRequest,
) {
  return db
    .select({ id: cases.id, title: cases.title, status: cases.status })
    .from(cases)
    .where(identifierCasesWhere(db, identifierId, principal))
    .orderBy(desc(cases.createdAt), desc(cases.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
}

export async function countIdentifierCases(
  db: DbOrTx,
  identifierId: string,
  principal: Principal,
): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(cases)
    .where(identifierCasesWhere(db, identifierId, principal));
  return n;
}
