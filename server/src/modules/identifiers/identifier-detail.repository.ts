import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
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
import { visibleCaseCondition } from '../groups/case-visibility';

/**
 * The records around one identifier for its detail view. Evidence and journal entries of cases the
 * caller may not see are left out like the cases themselves (records with no case stay visible).
 */

export async function findIdentifierEvidence(db: DbOrTx, identifierId: string, principal: Principal) {
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
    .where(and(eq(evidenceIdentifiers.identifierId, identifierId), visibleCaseCondition(principal)))
    .orderBy(asc(evidence.createdAt), asc(evidence.id));
}

/** Journal entries naming the identifier, newest first; nullified entries are left out. */
export async function findIdentifierJournalEntries(db: DbOrTx, identifierId: string, principal: Principal) {
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
    .where(
      and(
        eq(journalEntryIdentifiers.identifierId, identifierId),
        eq(journalEntries.isNullified, false),
        visibleCaseCondition(principal),
      ),
    )
    .orderBy(desc(journalEntries.performedAt), desc(journalEntries.id));
}

/** For each journal entry, the ids of its evidence that holds a file (its media). */
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
    .where(
      and(inArray(journalEntryEvidence.journalEntryId, [...journalEntryIds]), isNotNull(evidence.fileName)),
    )
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

/** Cases the identifier appears in, through journal entries or evidence, that the caller may see. */
export async function findIdentifierCases(db: DbOrTx, identifierId: string, principal: Principal) {
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
  return db
    .select({ id: cases.id, title: cases.title, status: cases.status })
    .from(cases)
    .where(
      and(or(inArray(cases.id, viaJournal), inArray(cases.id, viaEvidence)), visibleCaseCondition(principal)),
    )
    .orderBy(desc(cases.createdAt), desc(cases.id));
}
