import {
  isCaseReadOnly,
  type CaseLink,
  type CaseLinkList,
  type CaseStatus,
  type CreateCaseLinkBody,
} from '@scamtrail/domain/cases';
import { toPagination } from '@scamtrail/domain/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import { auditEvent } from '../events/audit-event';
import { recordEvent } from '../events/events.service';
import { isCaseVisible } from '../../db/case-visibility';
import { findVisibleCaseRow, touchCase } from './cases.repository';
import { noSuchCase, requireEditableCase, requireVisibleCase } from './case.preconditions';
import {
  deleteCaseLink,
  findCaseLink,
  findCaseLinks,
  insertCaseLink,
  lockCasePair,
} from './case-links.repository';

export const ALREADY_LINKED_MESSAGE = 'These cases are already linked';
export const OTHER_CASE_ARCHIVED_MESSAGE = 'The other case is archived; reopen it to change its links';

/**
 * A link is held by both cases (each lists it, each History records it), so linking or unlinking is a
 * change of both, and an archived case is read-only from either side. Checked under both cases' row
 * locks (`lockCasePair`), so a case archived meanwhile is seen: 409 for the path's case as for any
 * change to it, 409 naming `field` (when the body names the other case) for the other. `missing`
 * answers the other case gone from the caller's sight meanwhile.
 */
async function assertPairWritable(
  tx: DbOrTx,
  principal: Principal,
  caseId: string,
  otherId: string,
  missing: () => AppError,
  field?: string,
): Promise<void> {
  await requireEditableCase(tx, principal, caseId);
  const other = await findVisibleCaseRow(tx, principal, otherId);
  if (!other) throw missing();
  if (isCaseReadOnly(other.status as CaseStatus)) {
    throw new AppError(
      'CONFLICT',
      OTHER_CASE_ARCHIVED_MESSAGE,
      field ? { fields: [{ field, message: OTHER_CASE_ARCHIVED_MESSAGE }] } : undefined,
    );
  }
}

/** The cases linked to a case the caller may see, those they may see too, the latest link first. */
export async function listCaseLinks(
  db: Db,
  caseId: string,
  page: { page: number; pageSize: number },
  principal: Principal,
): Promise<CaseLinkList> {
  await requireVisibleCase(db, principal, caseId);
  const { links, total } = await findCaseLinks(db, caseId, principal, page);
  return { data: links, pagination: toPagination(page.page, page.pageSize, total) };
}

/**
 * Records on both cases' History that they were linked or unlinked, and marks both as just active.
 * Call in the transaction of the change.
 */
async function recordOnBoth(
  tx: DbOrTx,
  principal: Principal,
  action: 'case.linked' | 'case.unlinked',
  [oneId, otherId]: [string, string],
  note: string,
) {
  for (const [caseId, linkedCaseId] of [
    [oneId, otherId],
    [otherId, oneId],
  ]) {
    const link = { linkedCaseId, note };
    await recordEvent(
      tx,
      auditEvent(principal, {
        action,
        subjectType: 'case',
        subjectId: caseId,
        caseId,
        before: action === 'case.unlinked' ? link : null,
        after: action === 'case.linked' ? link : null,
      }),
    );
    await touchCase(tx, caseId);
  }
}

/**
 * Links another case to this one, both ways. The other case must be one the caller may see (400
 * naming caseId, a hidden case alike a missing one); this one must be visible (404); neither may be
 * archived (409, `assertPairWritable`). A second link of the same pair is a 409.
 */
export async function linkCase(
  db: Db,
  caseId: string,
  body: CreateCaseLinkBody,
  principal: Principal,
): Promise<CaseLink> {
  const otherId = body.caseId;
  await db.transaction(async (tx) => {
    await requireEditableCase(tx, principal, caseId);
    if (otherId === caseId)
      throw AppError.validation([{ field: 'caseId', message: 'A case cannot be linked to itself' }]);
    if (!(await isCaseVisible(tx, principal, otherId))) {
      throw AppError.validation([noSuchCase('caseId')]);
    }
    await lockCasePair(tx, caseId, otherId);
    await assertPairWritable(
      tx,
      principal,
      caseId,
      otherId,
      () => AppError.validation([noSuchCase('caseId')]),
      'caseId',
    );
    if (!(await insertCaseLink(tx, caseId, otherId, body.note, principal.originatorId))) {
      throw new AppError('CONFLICT', ALREADY_LINKED_MESSAGE, {
        fields: [{ field: 'caseId', message: ALREADY_LINKED_MESSAGE }],
      });
    }
    await recordOnBoth(tx, principal, 'case.linked', [caseId, otherId], body.note);
  });
  // Unlinked again by someone else since the commit: gone, as for any missing link.
  const link = await findCaseLink(db, caseId, otherId);
  if (!link) throw AppError.notFound('Link');
  return link;
}

/**
 * Removes the link between this case and another, from both. This case must be visible (404); neither
 * may be archived (409, `assertPairWritable`); a link to a case the caller may not see, or no link at
 * all, is a 404.
 */
export async function unlinkCase(
  db: Db,
  caseId: string,
  otherId: string,
  principal: Principal,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireEditableCase(tx, principal, caseId);
    if (!(await isCaseVisible(tx, principal, otherId))) throw AppError.notFound('Link');
    await lockCasePair(tx, caseId, otherId);
    await assertPairWritable(tx, principal, caseId, otherId, () => AppError.notFound('Link'));
    const note = await deleteCaseLink(tx, caseId, otherId);
    if (note === undefined) throw AppError.notFound('Link');
    await recordOnBoth(tx, principal, 'case.unlinked', [caseId, otherId], note);
  });
}
