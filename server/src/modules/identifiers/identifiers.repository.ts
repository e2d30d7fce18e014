import { and, eq, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { nextUpdatedAt } from '../../db/row-versions';
import {
  cases,
  evidence,
  evidenceIdentifiers,
  identifierTags,
  identifiers,
  journalEntryIdentifiers,
  originators,
} from '../../db/schema/index';
import type { Principal } from '../auth/principal';
import { isAnyUuid } from '../../db/sql/arrays';
import { seenAndUnseenColumns, visibleCaseCondition, type SeenAndUnseen } from '../../db/case-visibility';
import type { IdentifierKey } from '@scamtrail/domain/identifiers/lookup';

/** The columns an identifier answer is built from (never `normalized_key`: it is internal). */
export const identifierColumns = {
  id: identifiers.id,
  type: identifiers.type,
  data: identifiers.data,
  displayValue: identifiers.displayValue,
  confidence: identifiers.confidence,
  validation: identifiers.validation,
  validatedAt: identifiers.validatedAt,
  reviewStatus: identifiers.reviewStatus,
  reviewNote: identifiers.reviewNote,
  reviewedAt: identifiers.reviewedAt,
  reviewedBy: identifiers.reviewedBy,
  reputationCredit: identifiers.reputationCredit,
  originatorId: identifiers.originatorId,
  proxyOriginatorId: identifiers.proxyOriginatorId,
  createdAt: identifiers.createdAt,
  updatedAt: identifiers.updatedAt,
};

export type IdentifierRow = {
  [K in keyof typeof identifierColumns]: (typeof identifiers.$inferSelect)[K];
};

/** What is written for one identifier; the server computes display value, key and search text. */
export interface IdentifierValues {
  type: string;
  data: Record<string, unknown>;
  displayValue: string;
  normalizedKey: string;
  searchText: string;
}

export async function findIdentifierRow(db: DbOrTx, id: string): Promise<IdentifierRow | undefined> {
  const [row] = await db.select(identifierColumns).from(identifiers).where(eq(identifiers.id, id)).limit(1);
  return row;
}

/**
 * Reads the identifier and locks its row for the rest of the transaction, so changes to what it
 * carries happen one at a time and it cannot be deleted meanwhile. `no key update` leaves links
 * from other records (evidence, journal entries) free to be written.
 */
export async function lockIdentifierRow(db: DbOrTx, id: string): Promise<IdentifierRow | undefined> {
  const [row] = await db
    .select(identifierColumns)
    .from(identifiers)
    .where(eq(identifiers.id, id))
    .for('no key update');
  return row;
}

/** Moves the identifier's version on (its tags changed); answers the new one. */
export async function touchIdentifierRow(db: DbOrTx, id: string): Promise<Date | undefined> {
  const [row] = await db
    .update(identifiers)
    .set({ updatedAt: nextUpdatedAt(identifiers.updatedAt) })
    .where(eq(identifiers.id, id))
    .returning({ updatedAt: identifiers.updatedAt });
  return row?.updatedAt;
}

export async function findIdentifierRows(db: DbOrTx, ids: readonly string[]): Promise<IdentifierRow[]> {
  if (ids.length === 0) return [];
  return db.select(identifierColumns).from(identifiers).where(isAnyUuid(identifiers.id, ids));
}

/** The id of the identifier holding this type and key, other than `exceptId`. */
export async function findIdentifierIdByKey(
  db: DbOrTx,
  type: string,
  normalizedKey: string,
  exceptId?: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: identifiers.id })
    .from(identifiers)
    .where(
      and(
        eq(identifiers.type, type),
        eq(identifiers.normalizedKey, normalizedKey),
        exceptId ? ne(identifiers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row?.id;
}

/**
 * The ids of the identifiers holding any of these type and key pairs: one statement, the pairs as two
 * arrays, each pair found through the (type, normalized_key) unique index.
 */
export async function findIdentifierIdsByKeys(db: DbOrTx, keys: readonly IdentifierKey[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.select({ id: identifiers.id }).from(identifiers).where(holdsAnyKey(keys));
  return rows.map((row) => row.id);
}

/** The identifier holds one of these type and key pairs, given as two arrays (see `findIdentifierIdsByKeys`). */
export function holdsAnyKey(keys: readonly IdentifierKey[]): SQL {
  return sql`(${identifiers.type}, ${identifiers.normalizedKey}) in (select * from unnest(${sql.param(keys.map((k) => k.type))}::text[], ${sql.param(keys.map((k) => k.normalizedKey))}::text[]))`;
}

/**
 * The identifiers on record with these (type, normalised key) pairs, by the unique index, each with
 * its display value: what text names that is already known.
 */
export async function findIdentifiersByKeys(db: DbOrTx, keys: readonly IdentifierKey[]) {
  if (keys.length === 0) return [];
  return db
    .select({
      id: identifiers.id,
      type: identifiers.type,
      normalizedKey: identifiers.normalizedKey,
      displayValue: identifiers.displayValue,
    })
    .from(identifiers)
    .where(
      sql`(${identifiers.type}, ${identifiers.normalizedKey}) in (select * from unnest(${sql.param(keys.map((k) => k.type))}::text[], ${sql.param(keys.map((k) => k.normalizedKey))}::text[]))`,
    );
}

/** Inserts the identifier; undefined when one with the same type and key exists (nothing written). */
export async function insertIdentifierRow(
  db: DbOrTx,
  values: IdentifierValues & { originatorId: string; proxyOriginatorId: string | null },
): Promise<IdentifierRow | undefined> {
  const [row] = await db
    .insert(identifiers)
    .values(values)
    .onConflictDoNothing({ target: [identifiers.type, identifiers.normalizedKey] })
    .returning(identifierColumns);
  return row;
}

/**
 * Replaces type and data; the old validation no longer describes the data, so it is cleared. A review
 * is cleared too (back to pending) when the value changed (type or normalised key): the reviewer
 * decided about a value that is no longer stored. A change of notes or spelling keeps it.
 */
export async function updateIdentifierRow(
  db: DbOrTx,
  id: string,
  values: IdentifierValues,
): Promise<IdentifierRow | undefined> {
  const sameValue = sql`(${identifiers.type} = ${values.type} and ${identifiers.normalizedKey} = ${values.normalizedKey})`;
  const keptIfSame = <T>(column: SQLWrapper, otherwise: SQL | null) =>
    sql<T>`case when ${sameValue} then ${column} else ${otherwise} end`;
  const [row] = await db
    .update(identifiers)
    .set({
      ...values,
      confidence: null,
      validation: null,
      validatedAt: null,
      reviewStatus: keptIfSame<string>(identifiers.reviewStatus, sql`'pending'`),
      reviewNote: keptIfSame<string | null>(identifiers.reviewNote, null),
      reviewedAt: keptIfSame<Date | null>(identifiers.reviewedAt, null),
      reviewedBy: keptIfSame<string | null>(identifiers.reviewedBy, null),
      updatedAt: nextUpdatedAt(identifiers.updatedAt),
    })
    .where(eq(identifiers.id, id))
    .returning(identifierColumns);
  return row;
}

export async function saveIdentifierValidation(
  db: DbOrTx,
  id: string,
  values: { confidence: number; validation: Record<string, unknown>; validatedAt: Date },
): Promise<IdentifierRow | undefined> {
  const [row] = await db
    .update(identifiers)
    .set(values)
    .where(eq(identifiers.id, id))
    .returning(identifierColumns);
  return row;
}

/**
 * Removes the identifier's journal-entry, evidence and tag links, then the identifier; answers the
 * ids of what it was linked to, for the history snapshot. Call inside a transaction.
 */
/** Whether evidence linked to the identifier is in cases the caller may see, and whether any is not. */
export async function findEvidenceNaming(
  db: DbOrTx,
  identifierId: string,
  principal: Principal,
): Promise<SeenAndUnseen> {
  const [row] = await db
    .select(seenAndUnseenColumns(principal, 'evidence.view'))
    .from(evidenceIdentifiers)
    .innerJoin(evidence, eq(evidence.id, evidenceIdentifiers.evidenceId))
    .leftJoin(cases, eq(cases.id, evidence.caseId))
    .where(eq(evidenceIdentifiers.identifierId, identifierId));
  return row;
}

export async function deleteIdentifierWithLinks(db: DbOrTx, id: string) {
  const journalLinks = await db
    .delete(journalEntryIdentifiers)
    .where(eq(journalEntryIdentifiers.identifierId, id))
    .returning({ id: journalEntryIdentifiers.journalEntryId });
  const evidenceLinks = await db
    .delete(evidenceIdentifiers)
    .where(eq(evidenceIdentifiers.identifierId, id))
    .returning({ id: evidenceIdentifiers.evidenceId });
  const tagLinks = await db
    .delete(identifierTags)
    .where(eq(identifierTags.identifierId, id))
    .returning({ id: identifierTags.tagId });
  const deleted = await db
    .delete(identifiers)
    .where(eq(identifiers.id, id))
    .returning({ id: identifiers.id });
  return {
    deleted: deleted.length > 0,
    journalEntryIds: journalLinks.map((link) => link.id),
    evidenceIds: evidenceLinks.map((link) => link.id),
    tagIds: tagLinks.map((link) => link.id),
  };
}

/**
 * An identifier's evidence count as a correlated subquery, counting only evidence of cases the caller
 * may see. In a page query PostgreSQL evaluates it for the rows the page returns only (after the
 * limit), so the list needs no second round trip for its counts.
 */
export function evidenceCountSql(principal: Principal) {
  // Spelled out because Drizzle leaves columns unqualified in a single-table select, where "id" would
  // be ambiguous; the visibility condition names "cases" columns, hence that table keeps its name.
  return sql<number>`(select count(*)::int from evidence_identifiers ei
    inner join evidence e on e.id = ei.evidence_id
    left join cases on cases.id = e.case_id
    where ei.identifier_id = identifiers.id and ${visibleCaseCondition(principal)})`.mapWith(Number);
}

/** The kind (and a community member's reputation) of an originator, for confidence. */
export async function findOriginatorKind(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ type: originators.type, reputation: originators.reputation })
    .from(originators)
    .where(eq(originators.id, id))
    .limit(1);
  return row;
}
