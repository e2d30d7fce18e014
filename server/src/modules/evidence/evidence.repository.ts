import { and, eq } from 'drizzle-orm';
import type { CaseStatus } from '@scamtrail/domain/cases';
import type { DbOrTx } from '../../db/client';
import { lockEvidenceIdentifiers, lockIdentifiersInIdOrder } from '../../db/identifier-link-locks';
import { nextUpdatedAt } from '../../db/row-versions';
import { cases, evidence, evidenceIdentifiers, evidenceTags, identifiers } from '../../db/schema/index';
import { isAnyUuid } from '../../db/sql/arrays';
import type { Principal } from '../auth/principal';
import { visibleCaseCondition } from '../../db/case-visibility';

export type EvidenceRow = typeof evidence.$inferSelect;
export type NewEvidenceRow = Omit<typeof evidence.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The case an evidence item belongs to, as its responses name it. */
export interface CaseRefRow {
  id: string;
  number: number;
  title: string;
  status: string;
}

export interface EvidenceWithCase {
  row: EvidenceRow;
  case: CaseRefRow | null;
}

export const caseRefColumns = {
  id: cases.id,
  number: cases.number,
  title: cases.title,
  status: cases.status,
};

/**
 * An evidence item and its case, when the caller may see it: evidence of a case they may not see
 * is as absent as a missing one. `lock` holds the row until the transaction ends.
 */
export async function findVisibleEvidence(
  db: DbOrTx,
  principal: Principal,
  id: string,
  lock = false,
): Promise<EvidenceWithCase | undefined> {
  const query = db
    .select({ row: evidence, case: caseRefColumns })
    .from(evidence)
    .leftJoin(cases, eq(cases.id, evidence.caseId))
    .where(and(eq(evidence.id, id), visibleCaseCondition(principal)))
    .limit(1);
  const [found] = lock ? await query.for('update', { of: evidence }) : await query;
  if (!found) return undefined;
  return { row: found.row, case: found.case?.id ? found.case : null };
}

/**
 * A case the caller may see, with its status. With `lock` (inside a transaction) the row is locked
 * as the update of its last activity will lock it, so two uploads to one case queue rather than
 * deadlock upgrading a shared lock.
 */
export async function findVisibleCase(
  db: DbOrTx,
  principal: Principal,
  caseId: string,
  lock = false,
): Promise<{ id: string; status: CaseStatus } | undefined> {
  const query = db
    .select({ id: cases.id, status: cases.status })
    .from(cases)
    .where(and(eq(cases.id, caseId), visibleCaseCondition(principal)));
  const [row] = lock ? await query.for('no key update') : await query;
  return row ? { id: row.id, status: row.status as CaseStatus } : undefined;
}

/** Locks the cases (in id order, as every caller does, so two moves cannot deadlock). */
export async function lockCases(db: DbOrTx, ids: readonly (string | null)[]): Promise<void> {
  const unique = [...new Set(ids.filter((id): id is string => !!id))].sort();
  if (unique.length === 0) return;
  await db
    .select({ id: cases.id })
    .from(cases)
    .where(isAnyUuid(cases.id, unique))
    .orderBy(cases.id)
    .for('no key update');
}

export async function insertEvidenceRow(db: DbOrTx, values: NewEvidenceRow): Promise<string> {
  const [row] = await db.insert(evidence).values(values).returning({ id: evidence.id });
  return row.id;
}

export async function updateEvidenceRow(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<EvidenceRow, 'title' | 'description' | 'caseId'>>,
  /** The item's case before: moved elsewhere, its identifier links follow (migration 0009). */
  fromCaseId?: string | null,
): Promise<void> {
  // Moving it updates its identifier links, and so their sightings: the identifiers in id order first.
  if (values.caseId !== undefined && values.caseId !== fromCaseId) await lockEvidenceIdentifiers(db, id);
  await db
    .update(evidence)
    .set({ ...values, updatedAt: nextUpdatedAt(evidence.updatedAt) })
    .where(eq(evidence.id, id));
}

/** The tag ids of one item, in no particular order. */
export async function findEvidenceTagIds(db: DbOrTx, evidenceId: string): Promise<string[]> {
  const rows = await db
    .select({ id: evidenceTags.tagId })
    .from(evidenceTags)
    .where(eq(evidenceTags.evidenceId, evidenceId));
  return rows.map((r) => r.id);
}

/** Makes the item's tags exactly `tagIds` (which must exist). */
export async function setEvidenceTags(db: DbOrTx, evidenceId: string, tagIds: readonly string[]) {
  await db.delete(evidenceTags).where(eq(evidenceTags.evidenceId, evidenceId));
  if (tagIds.length === 0) return;
  await db
    .insert(evidenceTags)
    .values([...new Set(tagIds)].map((tagId) => ({ evidenceId, tagId })))
    .onConflictDoNothing();
}

export async function findIdentifierSummary(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: identifiers.id, type: identifiers.type, displayValue: identifiers.displayValue })
    .from(identifiers)
    .where(eq(identifiers.id, id))
    .for('key share');
  return row;
}

/** Links an identifier to the item; false when it already was. */
export async function linkIdentifier(db: DbOrTx, evidenceId: string, identifierId: string) {
  // The identifier first, as every change of links takes it (db/identifier-link-locks.ts).
  await lockIdentifiersInIdOrder(db, [identifierId]);
  const rows = await db
    .insert(evidenceIdentifiers)
    .values({ evidenceId, identifierId })
    .onConflictDoNothing()
    .returning({ id: evidenceIdentifiers.identifierId });
  return rows.length > 0;
}

/** Unlinks an identifier from the item; false when it was not linked. */
export async function unlinkIdentifier(db: DbOrTx, evidenceId: string, identifierId: string) {
  await lockIdentifiersInIdOrder(db, [identifierId]);
  const rows = await db
    .delete(evidenceIdentifiers)
    .where(
      and(eq(evidenceIdentifiers.evidenceId, evidenceId), eq(evidenceIdentifiers.identifierId, identifierId)),
    )
    .returning({ id: evidenceIdentifiers.identifierId });
  return rows.length > 0;
}
