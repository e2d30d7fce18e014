import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import { assertCaseWritable, noSuchCase } from '../cases/case.preconditions';
import { findVisibleCase, findVisibleEvidence, type EvidenceWithCase } from './evidence.repository';

/**
 * The case new or moved evidence goes to: one the caller may see (else 400 naming caseId, exactly as
 * a missing one) and not archived (409). Nothing to check when there is none. In a transaction, pass
 * `lock`: the case stays locked until it ends.
 */
export async function requireCaseForEvidence(
  db: DbOrTx,
  principal: Principal,
  caseId: string | null | undefined,
  lock = false,
): Promise<void> {
  if (!caseId) return;
  const found = await findVisibleCase(db, principal, caseId, lock);
  if (!found) throw AppError.validation([noSuchCase('caseId')]);
  assertCaseWritable(found.status);
}

/** An item the caller may see (else 404), locked for the transaction. */
export async function requireEvidence(
  db: DbOrTx,
  principal: Principal,
  id: string,
  lock = false,
): Promise<EvidenceWithCase> {
  const found = await findVisibleEvidence(db, principal, id, lock);
  if (!found) throw AppError.notFound('Evidence');
  return found;
}

/** An item the caller may see and change: 409 while its case is archived. */
export async function requireEditableEvidence(
  db: DbOrTx,
  principal: Principal,
  id: string,
): Promise<EvidenceWithCase> {
  const found = await requireEvidence(db, principal, id, true);
  if (found.case) assertCaseWritable(found.case.status);
  return found;
}
