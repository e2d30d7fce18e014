import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  cases,
  evidence,
  journalChainLinks,
  journalEntries,
  journalEntryEvidence,
  journalEntryIdentifiers,
  journalSignatures,
  users,
} from '../../db/schema/index';
import { seenAndUnseenColumns, type SeenAndUnseen } from '../../db/case-visibility';
import { isAnyUuid } from '../../db/sql/arrays';
import { entryColumns } from '../../db/sql/entry-columns';
import { selectField } from '../../db/sql/json';
import type { Principal } from '../auth/principal';
import type { SignableEntry } from './signable-content';

/** An evidence item of an entry as verification needs it: what is signed, and how to check the bytes. */
export interface SignedEvidence {
  id: string;
  sha256: string | null;
  title: string;
  /** Written evidence: the SHA-256 of its text as stored now (file evidence is re-hashed in the store). */
  bodySha256: string | null;
  written: boolean;
}

export type EntryContentRow = Omit<SignableEntry, 'evidence'> & { evidence: SignedEvidence[] };

/**
 * Entries with everything their signable and chained content is made of, in one statement: by id,
 * or every entry of a case (removed ones included), or both. Evidence and identifiers are all those
 * linked, whoever looks: a signature covers them whether or not the viewer may see them.
 */
export async function findEntryContents(
  db: DbOrTx,
  which: { ids?: readonly string[]; caseId?: string },
): Promise<EntryContentRow[]> {
  const conditions: SQL[] = [];
  if (which.ids?.length) conditions.push(isAnyUuid(journalEntries.id, which.ids));
  if (which.caseId) conditions.push(eq(journalEntries.caseId, which.caseId));
  if (conditions.length === 0) return [];
  return db
    .select({
      ...entryColumns,
      identifierIds: selectField<
        string[]
      >(sql`(select coalesce(json_agg(${journalEntryIdentifiers.identifierId}), '[]')
        from ${journalEntryIdentifiers} where ${journalEntryIdentifiers.journalEntryId} = ${journalEntries.id})`),
      evidence: selectField<SignedEvidence[]>(sql`(select coalesce(json_agg(json_build_object(
          'id', ${evidence.id}, 'sha256', ${evidence.sha256}, 'title', ${evidence.title},
          'written', ${evidence.kind} = 'written',
          'bodySha256', case when ${evidence.kind} = 'written'
            then encode(sha256(convert_to(coalesce(${evidence.body}, ''), 'UTF8')), 'hex') end)), '[]')
        from ${journalEntryEvidence}
        inner join ${evidence} on ${evidence.id} = ${journalEntryEvidence.evidenceId}
        where ${journalEntryEvidence.journalEntryId} = ${journalEntries.id})`),
    })
    .from(journalEntries)
    .where(or(...conditions));
}

export type SignatureRow = typeof journalSignatures.$inferSelect;

export async function findSignatures(db: DbOrTx, entryIds: readonly string[]): Promise<SignatureRow[]> {
  if (entryIds.length === 0) return [];
  return db.select().from(journalSignatures).where(isAnyUuid(journalSignatures.journalEntryId, entryIds));
}

/** The signatures of every entry of a case, in one statement. */
export async function findCaseSignatures(db: DbOrTx, caseId: string): Promise<SignatureRow[]> {
  return db
    .select()
    .from(journalSignatures)
    .where(
      sql`${journalSignatures.journalEntryId} in (select ${journalEntries.id} from ${journalEntries}
        where ${journalEntries.caseId} = ${caseId})`,
    );
}

export async function isEntrySigned(db: DbOrTx, entryId: string): Promise<boolean> {
  const rows = await db
    .select({ id: journalSignatures.id })
    .from(journalSignatures)
    .where(eq(journalSignatures.journalEntryId, entryId))
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether signed entries name the identifier (its deletion would change what was signed), among
 * entries the caller may see and others.
 */
export async function findSignedEntriesNaming(
  db: DbOrTx,
  identifierId: string,
  principal: Principal,
): Promise<SeenAndUnseen> {
  const [row] = await db
    .select(seenAndUnseenColumns(principal, 'journal_entry.view'))
    .from(journalEntryIdentifiers)
    .innerJoin(
      journalSignatures,
      eq(journalSignatures.journalEntryId, journalEntryIdentifiers.journalEntryId),
    )
    .innerJoin(journalEntries, eq(journalEntries.id, journalEntryIdentifiers.journalEntryId))
    .leftJoin(cases, eq(cases.id, journalEntries.caseId))
    .where(eq(journalEntryIdentifiers.identifierId, identifierId));
  return row;
}

export async function insertSignature(
  db: DbOrTx,
  values: Omit<typeof journalSignatures.$inferInsert, 'id' | 'signedAt'>,
): Promise<SignatureRow> {
  const [row] = await db.insert(journalSignatures).values(values).returning();
  return row;
}

export async function findSigner(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export type ChainLinkRow = typeof journalChainLinks.$inferSelect;

/** Locks the case row against other chain appends (the lock the journal's changes take on their case). */
export async function lockCaseRow(db: DbOrTx, caseId: string): Promise<boolean> {
  const rows = await db.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId)).for('no key update');
  return rows.length > 0;
}

export async function findLastChainLink(db: DbOrTx, caseId: string): Promise<ChainLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(journalChainLinks)
    .where(eq(journalChainLinks.caseId, caseId))
    .orderBy(desc(journalChainLinks.seq))
    .limit(1);
  return row;
}

export async function insertChainLinks(
  db: DbOrTx,
  links: (typeof journalChainLinks.$inferInsert)[],
): Promise<void> {
  if (links.length) await db.insert(journalChainLinks).values(links);
}

export async function findChainLinks(db: DbOrTx, caseId: string): Promise<ChainLinkRow[]> {
  return db
    .select()
    .from(journalChainLinks)
    .where(eq(journalChainLinks.caseId, caseId))
    .orderBy(asc(journalChainLinks.seq));
}

export async function hasAnyChainLink(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ seq: journalChainLinks.seq }).from(journalChainLinks).limit(1);
  return rows.length > 0;
}

/** Cases holding entries that have no link in their case's chain (entries from before the chain). */
export async function findCasesWithUnchainedEntries(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ caseId: journalEntries.caseId })
    .from(journalEntries)
    .where(
      and(
        sql`${journalEntries.caseId} is not null`,
        sql`not exists (select 1 from ${journalChainLinks}
          where ${journalChainLinks.journalEntryId} = ${journalEntries.id}
            and ${journalChainLinks.caseId} = ${journalEntries.caseId})`,
      ),
    );
  return rows.map((row) => row.caseId!);
}
