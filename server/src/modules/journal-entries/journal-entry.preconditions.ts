import type { DbOrTx } from '../../db/client';
import type { EntryRow } from '../../db/sql/entry-columns';
import { AppError } from '../../lib/errors';
import { ownRecordsOf, type Principal } from '../auth/principal';
import {
  canSeeAllCases,
  holdCaseSight,
  isCaseVisible,
  RECORDS_YOU_MAY_NOT_SEE,
} from '../../db/case-visibility';
import { assertCaseWritable } from '../cases/case.preconditions';
import { isEntrySigned } from '../signatures/signatures.service';
import {
  findOthersEntriesNaming,
  lockEntryRow,
  lockVisibleCaseStatus,
  type ChangeableEntry,
} from './journal-entries.repository';

/** The rules every change to an entry goes through, in the order they answer. */

export const entryNotFound = () => AppError.notFound('Journal entry');

/**
 * The entry, locked for the rest of the transaction; 404 when it is missing or its case is one the
 * caller may not see (exactly as a missing one). The caller's sight is held as long (`holdCaseSight`).
 */
export async function lockVisibleEntry(tx: DbOrTx, id: string, principal: Principal): Promise<EntryRow> {
  await holdCaseSight(tx, principal);
  const row = await lockEntryRow(tx, id);
  if (!row) throw entryNotFound();
  if (row.caseId && !(await isCaseVisible(tx, principal, row.caseId))) throw entryNotFound();
  return row;
}

/**
 * Who recorded the entry: its proxy when it was entered on someone's behalf (a community member who
 * phoned it in cannot sign in; the team member who wrote it down answers for it), else its originator
 * (a user, or an API key's automation).
 */
export function entryRecorderId(row: Pick<EntryRow, 'originatorId' | 'proxyOriginatorId'>): string {
  return row.proxyOriginatorId ?? row.originatorId;
}

/** Said in the OpenAPI text of every route that changes an entry. */
export const ENTRY_CHANGE_RULE =
  'Only whoever recorded the entry (the proxy of an entry entered on behalf of a community member) or an administrator may change it; others answer 403. ' +
  "An API key changes its automation's entries only when an administrator made it: a key never holds more than its creator, who may not change them.";

/** The 403 of an API key whose automation recorded the entry, made by someone who may not change it. */
export const KEY_CREATOR_MAY_NOT_CHANGE =
  "This API key's creator may not change what its automation recorded, so neither may the key; only a key made by an administrator can";

/**
 * The one rule for every change of an entry (its fields, its case, its evidence and identifier links,
 * its removal): 403 unless the caller recorded it (`ownRecordsOf`: an API key its automation's entries
 * only when its creator could change them too) or is an administrator. The links are part of what
 * is signed, so they are the author's as much as the text is. Checked after the entry is found visible,
 * so a hidden entry stays a 404. The answer is what the repository's writes take.
 */
export function allowEntryChange(
  row: EntryRow,
  principal: Principal,
  verb: 'edit' | 'remove' = 'edit',
): ChangeableEntry {
  const recorder = entryRecorderId(row);
  if (recorder !== ownRecordsOf(principal) && !canSeeAllCases(principal)) {
    if (principal.kind === 'api_key' && recorder === principal.originatorId) {
      throw AppError.forbidden(`${KEY_CREATOR_MAY_NOT_CHANGE} ${verb} it`);
    }
    throw AppError.forbidden(`Only whoever recorded this entry, or an administrator, can ${verb} it`);
  }
  return row as ChangeableEntry;
}

/** A visible entry the caller may change, locked for the rest of the transaction (404, then 403). */
export async function lockOwnEntry(
  tx: DbOrTx,
  id: string,
  principal: Principal,
  verb: 'edit' | 'remove' = 'edit',
): Promise<ChangeableEntry> {
  return allowEntryChange(await lockVisibleEntry(tx, id, principal), principal, verb);
}

/** 403 to a caller who may not delete an identifier, for what `by` names. */
export const identifierDeletionRefused = (by: string) =>
  AppError.forbidden(`${by} name this identifier; only an administrator can delete it`);

/**
 * Deleting an identifier takes it out of every entry that names it, a change of those entries: 403
 * unless the caller recorded each of them (removed ones and those of cases hidden from them included)
 * or is an administrator. The refusal speaks of journal entries only when the caller may see one.
 */
export async function assertMayChangeEntriesNaming(
  tx: DbOrTx,
  identifierId: string,
  principal: Principal,
): Promise<void> {
  if (canSeeAllCases(principal)) return;
  const named = await findOthersEntriesNaming(tx, identifierId, principal);
  const by = named.seen
    ? 'Journal entries recorded by others'
    : named.unseen
      ? RECORDS_YOU_MAY_NOT_SEE
      : null;
  if (by) throw identifierDeletionRefused(by);
}

/** 409 for a removed (nullified) entry: it stays as it was removed. */
export function assertNotNullified(row: EntryRow): void {
  if (row.isNullified) {
    throw new AppError('CONFLICT', 'This journal entry was removed; it can no longer be changed');
  }
}

export const SIGNED_ENTRY_MESSAGE = 'This entry is signed; a correction is a new entry';

/**
 * 409 for a signed entry: what it says, its case, evidence and identifiers are what was signed.
 * Read after the entry row is locked, so a signature committed meanwhile is seen.
 */
export async function assertNotSigned(tx: DbOrTx, entryId: string): Promise<void> {
  if (await isEntrySigned(tx, entryId)) throw new AppError('CONFLICT', SIGNED_ENTRY_MESSAGE);
}

/** Locks the entry's case row: 404 when the caller may not see it, 409 while it is archived. */
export async function lockWritableCase(
  tx: DbOrTx,
  caseId: string | null,
  principal: Principal,
): Promise<void> {
  if (!caseId) return;
  const status = await lockVisibleCaseStatus(tx, caseId, principal);
  if (!status) throw entryNotFound();
  assertCaseWritable(status);
}

/**
 * A changeable entry: visible, the caller's own (or they are an administrator), not removed, not signed,
 * in a case that is not archived. Taken in this order (entry, then case) by every change, so two changes
 * never wait for each other in opposite orders.
 */
export async function lockChangeableEntry(
  tx: DbOrTx,
  id: string,
  principal: Principal,
): Promise<ChangeableEntry> {
  const row = await lockOwnEntry(tx, id, principal);
  assertNotNullified(row);
  await assertNotSigned(tx, id);
  await lockWritableCase(tx, row.caseId, principal);
  return row;
}

/** What the audit trail keeps of an entry. */
export function entrySnapshot(row: EntryRow) {
  return {
    type: row.type,
    description: row.description,
    performedAt: row.performedAt.toISOString(),
    caseId: row.caseId,
  };
}
