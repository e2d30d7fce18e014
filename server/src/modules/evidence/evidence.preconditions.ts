import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import { holdCaseSight } from '../../db/case-visibility';
import { assertCaseWritable, noSuchCase } from '../cases/case.preconditions';
import {
  findVisibleCase,
  findVisibleEvidence,
  lockCases,
  type EvidenceWithCase,
} from './evidence.repository';

/**
 * The case new or moved evidence goes to: one the caller may see (else 400 naming caseId, exactly as
 * a missing one) and not archived (409). Nothing to check when there is none. In a transaction, pass
 * `lock`: the case stays locked, and the caller's sight of it held, until it ends.
 */
export async function requireCaseForEvidence(
  db: DbOrTx,
  principal: Principal,
  caseId: string | null | undefined,
  lock = false,
): Promise<void> {
  if (!caseId) return;
  if (lock) await holdCaseSight(db, principal);
  const found = await findVisibleCase(db, principal, caseId, lock);
  if (!found) throw AppError.validation([noSuchCase('caseId')]);
  assertCaseWritable(found.status);
}

/** An item the caller may see (else 404); with `lock`, locked and the sight of it held for the transaction. */
export async function requireEvidence(
  db: DbOrTx,
  principal: Principal,
  id: string,
  lock = false,
): Promise<EvidenceWithCase> {
  if (lock) await holdCaseSight(db, principal);
  const found = await findVisibleEvidence(db, principal, id, lock);
  if (!found) throw AppError.notFound('Evidence');
  return found;
}

/**
 * An item the caller may see and change: 409 while its case is archived. The item is locked, then its
 * case (and `alsoLock`, a case it moves to: both in id order, as `lockCases` takes them), and the case
 * read again under its lock: archived, or moved to a group the caller is not in, while the change
 * waited, it is refused (409, 404) rather than changed once read-only or hidden from them.
 */
export async function requireEditableEvidence(
  db: DbOrTx,
  principal: Principal,
  id: string,
  alsoLock?: string | null,
): Promise<EvidenceWithCase> {
  const found = await requireEvidence(db, principal, id, true);
  if (!found.case) return found;
  await lockCases(db, [found.case.id, alsoLock ?? null]);
  const current = await findVisibleCase(db, principal, found.case.id);
  if (!current) throw AppError.notFound('Evidence');
  assertCaseWritable(current.status);
  return { ...found, case: { ...found.case, status: current.status } };
}
