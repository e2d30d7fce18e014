import { and, eq } from 'drizzle-orm';
import type { HiddenRecordKind } from '@scamtrail/domain/hidden-records';
import { hasPermission, type Permission } from '@scamtrail/domain/permissions';
import type { DbOrTx } from '../../db/client';
import { cases, evidence, journalEntries } from '../../db/schema/index';
import { isAnyUuid } from '../../db/sql/arrays';
import type { Principal } from '../auth/principal';
import { canSeeAllCases, visibleCaseCondition } from '../../db/case-visibility';

/** The permission each kind of record is read with, beside its case's visibility. */
const VIEW_PERMISSION: Record<HiddenRecordKind, Permission> = {
  case: 'case.view',
  evidence: 'evidence.view',
  journal_entry: 'journal_entry.view',
  identifier: 'identifier.view',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Which of the ids name records of the kind the caller may see, in one statement: a case by the rule
 * of every case read; evidence and journal entries as their own reads find them, through their case
 * (one in no case is visible); identifiers belong to no case, so the permission alone decides.
 */
export async function findVisibleRecordIds(
  db: DbOrTx,
  principal: Principal,
  kind: HiddenRecordKind,
  ids: readonly string[],
): Promise<Set<string>> {
  const wanted = [...new Set(ids)].filter((id) => UUID.test(id));
  if (wanted.length === 0 || !hasPermission(principal.permissions, VIEW_PERMISSION[kind])) return new Set();
  // Administrators see every record of every case: nothing to ask.
  if (kind === 'identifier' || canSeeAllCases(principal)) return new Set(wanted);
  let rows: { id: string }[];
  if (kind === 'case') {
    rows = await db
      .select({ id: cases.id })
      .from(cases)
      .where(and(isAnyUuid(cases.id, wanted), visibleCaseCondition(principal)));
  } else if (kind === 'evidence') {
    rows = await db
      .select({ id: evidence.id })
      .from(evidence)
      .leftJoin(cases, eq(cases.id, evidence.caseId))
      .where(and(isAnyUuid(evidence.id, wanted), visibleCaseCondition(principal)));
  } else {
    rows = await db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .leftJoin(cases, eq(cases.id, journalEntries.caseId))
      .where(and(isAnyUuid(journalEntries.id, wanted), visibleCaseCondition(principal)));
  }
  // Ids come back as the database writes them; events hold them as the server wrote them.
  const found = new Set(rows.map((row) => row.id.toLowerCase()));
  return new Set(wanted.filter((id) => found.has(id.toLowerCase())));
}
