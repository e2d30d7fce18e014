import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { nextUpdatedAt } from '../../db/row-versions';
import {
  cases,
  evidence,
  identifiers,
  journalEntries,
  journalEntryEvidence,
  journalEntryIdentifiers,
} from '../../db/schema/index';
import { isAnyUuid } from '../../db/sql/arrays';
import { lockEntryIdentifiers, lockIdentifiersInIdOrder } from '../../db/identifier-link-locks';
import { entryColumns, type EntryRow } from '../../db/sql/entry-columns';
import { ownRecordsOf, type Principal } from '../auth/principal';
import {
  holdCaseSight,
  viewerKind,
  viewerParams,
  viewerTemplate,
  seenAndUnseenColumns,
  visibleCaseCondition,
  type SeenAndUnseen,
  type ViewerKind,
} from '../../db/case-visibility';
import { preparedAcrossTransactions } from '../../db/prepared';

declare const mayChange: unique symbol;
/**
 * An entry the caller was found allowed to change: made only by `allowEntryChange` in
 * journal-entry.preconditions.ts (whoever recorded it, or an administrator), and by `insertEntryRow` for the
 * caller who just recorded it. Every write of an entry below takes one rather than an id, so a new
 * route that changes an entry cannot compile without going through the rule.
 */
export type ChangeableEntry = EntryRow & { readonly [mayChange]: true };

/** The entry if it exists and the caller may see its case (entries with no case are visible). */
export async function findVisibleEntryRow(
  db: DbOrTx,
  id: string,
  principal: Principal,
): Promise<EntryRow | undefined> {
  const [row] = await db
    .select(entryColumns)
    .from(journalEntries)
    .leftJoin(cases, eq(cases.id, journalEntries.caseId))
    .where(and(eq(journalEntries.id, id), visibleCaseCondition(principal)))
    .limit(1);
  return row;
}

/** Reads the entry and locks it for the rest of the transaction, so its changes happen one at a time. */
export async function lockEntryRow(db: DbOrTx, id: string): Promise<EntryRow | undefined> {
  const [row] = await db
    .select(entryColumns)
    .from(journalEntries)
    .where(eq(journalEntries.id, id))
    .for('update');
  return row;
}

/**
 * The case's status, locked against concurrent changes of the case for the rest of the transaction,
 * if the case exists and the caller may see it (a sight held as long, `holdCaseSight`). Changes take the
 * entry first, then its case.
 */
export async function lockVisibleCaseStatus(
  db: DbOrTx,
  caseId: string,
  principal: Principal,
): Promise<string | undefined> {
  await holdCaseSight(db, principal);
  const [row] = await db
    .select({ status: cases.status })
    .from(cases)
    .where(and(eq(cases.id, caseId), visibleCaseCondition(principal)))
    .for('no key update');
  return row?.status;
}

const caseStatus = preparedAcrossTransactions((db, kind) =>
  db
    .select({ status: cases.status, groupId: cases.groupId })
    .from(cases)
    .where(
      and(eq(cases.id, sql.placeholder('caseId')), visibleCaseCondition(viewerTemplate(kind as ViewerKind))),
    )
    .prepare(`journal_case_status_${kind}`),
);

/**
 * The status and group of the case if the caller may see it, read without a lock (the case row is locked at the end of
 * the entry's transaction, by `touchCaseLinkingEntry` of signatures/journal-chain.ts, which answers both again).
 * Built once per viewer kind (the statement's text differs only between kinds) and named: parsed and
 * planned once per connection, inside a transaction as outside.
 */
export async function findVisibleCaseStatus(
  db: DbOrTx,
  caseId: string,
  principal: Principal,
): Promise<{ status: string; groupId: string | null } | undefined> {
  const [row] = await caseStatus(db, viewerKind(principal)).execute({
    caseId,
    ...viewerParams(principal),
  });
  return row;
}

/** Which of the evidence ids exist in a case the caller may see (or in no case), in one query. */
export async function findVisibleEvidenceIds(
  db: DbOrTx,
  ids: readonly string[],
  principal: Principal,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: evidence.id })
    .from(evidence)
    .leftJoin(cases, eq(cases.id, evidence.caseId))
    .where(and(isAnyUuid(evidence.id, ids), visibleCaseCondition(principal)));
  return new Set(rows.map((row) => row.id));
}

/** The SHA-256 recorded for each of the evidence ids that exist in a case the caller may see (or in none). */
export async function findVisibleEvidenceHashes(
  db: DbOrTx,
  ids: readonly string[],
  principal: Principal,
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: evidence.id, sha256: evidence.sha256 })
    .from(evidence)
    .leftJoin(cases, eq(cases.id, evidence.caseId))
    .where(and(isAnyUuid(evidence.id, ids), visibleCaseCondition(principal)));
  return new Map(rows.map((row) => [row.id, row.sha256]));
}

/**
 * Which of the identifier ids exist, in one query, each locked until the transaction ends: a link
 * inserted after this check would otherwise name an identifier deleted meanwhile (a foreign-key
 * violation, 500, instead of a 404). Locked in id order and as strongly as linking locks them
 * (`no key update`, db/identifier-link-locks.ts): a weaker lock taken first and strengthened later
 * deadlocks with a deletion waiting between the two.
 */
export async function findIdentifierIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: identifiers.id })
    .from(identifiers)
    .where(isAnyUuid(identifiers.id, ids))
    .orderBy(identifiers.id)
    .for('no key update');
  return new Set(rows.map((row) => row.id));
}

export type NewEntry = Pick<
  typeof journalEntries.$inferInsert,
  'caseId' | 'type' | 'description' | 'performedAt' | 'originatorId' | 'proxyOriginatorId'
>;

// Always the same columns: built once, and one named statement (parsed once per connection) serves every entry.
const entryInsert = preparedAcrossTransactions((db) =>
  db
    .insert(journalEntries)
    .values({
      caseId: sql.placeholder('caseId'),
      type: sql.placeholder('type'),
      description: sql.placeholder('description'),
      performedAt: sql.placeholder('performedAt'),
      originatorId: sql.placeholder('originatorId'),
      proxyOriginatorId: sql.placeholder('proxyOriginatorId'),
    })
    .returning(entryColumns)
    .prepare('journal_entry_insert'),
);

/** The new entry, changeable by the caller who recorded it (its links are written next). */
export async function insertEntryRow(db: DbOrTx, values: NewEntry): Promise<ChangeableEntry> {
  const [inserted] = await entryInsert(db).execute({
    caseId: values.caseId ?? null,
    type: values.type,
    description: values.description,
    performedAt: values.performedAt,
    originatorId: values.originatorId,
    proxyOriginatorId: values.proxyOriginatorId ?? null,
  });
  return inserted as ChangeableEntry;
}

export type EntryChanges = Partial<
  Pick<
    typeof journalEntries.$inferInsert,
    | 'caseId'
    | 'type'
    | 'description'
    | 'performedAt'
    | 'isNullified'
    | 'nullifiedReason'
    | 'nullifiedAt'
    | 'nullifiedByOriginatorId'
  >
>;

/**
 * Writes the changes. Moving the entry to another case or removing it updates its identifier links
 * (migration 0009's copies, and so 0031's sightings): their identifiers are locked in id order first.
 */
export async function updateEntryRow(
  db: DbOrTx,
  entry: ChangeableEntry,
  changes: EntryChanges,
): Promise<EntryRow> {
  if (changes.caseId !== undefined || changes.isNullified !== undefined) {
    await lockEntryIdentifiers(db, entry.id);
  }
  const [row] = await db
    .update(journalEntries)
    .set({ ...changes, updatedAt: nextUpdatedAt(journalEntries.updatedAt) })
    .where(eq(journalEntries.id, entry.id))
    .returning(entryColumns);
  return row;
}

/** Links the entry to each evidence item in one statement; answers the ids newly linked. */
export async function insertEvidenceLinks(
  db: DbOrTx,
  entry: ChangeableEntry,
  evidenceIds: readonly string[],
): Promise<string[]> {
  if (evidenceIds.length === 0) return [];
  const entryId = entry.id;
  const rows = await db
    .insert(journalEntryEvidence)
    .select(sql`select ${entryId}::uuid, id, now() from unnest(${sql.param([...evidenceIds])}::uuid[]) as id`)
    .onConflictDoNothing()
    .returning({ id: journalEntryEvidence.evidenceId });
  return rows.map((row) => row.id);
}

/** Links the entry to each identifier in one statement; answers the ids newly linked. */
export async function insertIdentifierLinks(
  db: DbOrTx,
  entry: ChangeableEntry,
  identifierIds: readonly string[],
): Promise<string[]> {
  if (identifierIds.length === 0) return [];
  const entryId = entry.id;
  // In id order: the sightings trigger (migration 0031) updates each identifier's row, and two
  // entries linking the same identifiers must lock them in one order, or they could deadlock. Every
  // column in the table's order; the copies of the entry's date, case and removal (the last three)
  // are placeholders the database's trigger replaces with the entry's values.
  const sorted = [...identifierIds].sort();
  await lockIdentifiersInIdOrder(db, sorted);
  const rows = await db
    .insert(journalEntryIdentifiers)
    .select(
      sql`select ${entryId}::uuid, id, now(), now(), null::uuid, false
        from unnest(${sql.param(sorted)}::uuid[]) as id`,
    )
    .onConflictDoNothing()
    .returning({ id: journalEntryIdentifiers.identifierId });
  return rows.map((row) => row.id);
}

/** Removes one evidence link; false when there was none. */
export async function deleteEvidenceLink(
  db: DbOrTx,
  entry: ChangeableEntry,
  evidenceId: string,
): Promise<boolean> {
  const rows = await db
    .delete(journalEntryEvidence)
    .where(
      and(eq(journalEntryEvidence.journalEntryId, entry.id), eq(journalEntryEvidence.evidenceId, evidenceId)),
    )
    .returning({ id: journalEntryEvidence.evidenceId });
  return rows.length > 0;
}

/** Removes one identifier link; false when there was none. */
export async function deleteIdentifierLink(
  db: DbOrTx,
  entry: ChangeableEntry,
  identifierId: string,
): Promise<boolean> {
  // The identifier first, as every change of links takes it (db/identifier-link-locks.ts).
  await lockIdentifiersInIdOrder(db, [identifierId]);
  const rows = await db
    .delete(journalEntryIdentifiers)
    .where(
      and(
        eq(journalEntryIdentifiers.journalEntryId, entry.id),
        eq(journalEntryIdentifiers.identifierId, identifierId),
      ),
    )
    .returning({ id: journalEntryIdentifiers.identifierId });
  return rows.length > 0;
}

/** The entries the caller did not record (`ownRecordsOf`): every one, for a key that owns nothing. */
function othersRecords(principal: Principal) {
  const own = ownRecordsOf(principal);
  if (own === null) return sql`true`;
  return sql`coalesce(${journalEntries.proxyOriginatorId}, ${journalEntries.originatorId}) <> ${own}`;
}

/**
 * Whether entries the caller did not record (as `entryRecorderId` says: the proxy, else the
 * originator) name the identifier, removed or not, in cases the caller may see and in others.
 */
export async function findOthersEntriesNaming(
  db: DbOrTx,
  identifierId: string,
  principal: Principal,
): Promise<SeenAndUnseen> {
  const [row] = await db
    .select(seenAndUnseenColumns(principal, 'journal_entry.view'))
    .from(journalEntryIdentifiers)
    .innerJoin(journalEntries, eq(journalEntries.id, journalEntryIdentifiers.journalEntryId))
    .leftJoin(cases, eq(cases.id, journalEntries.caseId))
    .where(and(eq(journalEntryIdentifiers.identifierId, identifierId), othersRecords(principal)));
  return row;
}
