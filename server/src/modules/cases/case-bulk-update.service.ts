import type { BulkUpdateCasesBody, BulkUpdateCasesResult, UpdateCaseBody } from '@scamtrail/domain/cases';
import type { FieldError } from '@scamtrail/domain/errors';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import { findCases } from './case-page.repository';
import { applyCaseUpdate, changedSet, lockCaseForUpdate, type CaseSets } from './case-update.service';

/** What the bulk change is to one case, as that case's own PATCH would say it. */
function patchFor(body: BulkUpdateCasesBody, sets: CaseSets): UpdateCaseBody {
  return {
    priority: body.priority,
    status: body.status,
    resolution: body.resolution,
    closureNotes: body.closureNotes,
    assigneeIds: changedSet(sets.assigneeIds, body.addAssigneeIds, body.removeAssigneeIds),
    tagIds: changedSet(sets.tagIds, body.addTagIds, body.removeTagIds),
  };
}

/** The bulk request's name of a field its per-case PATCH names: only added ids are ever refused. */
const BULK_FIELDS: Record<string, string> = { assigneeIds: 'addAssigneeIds', tagIds: 'addTagIds' };

/**
 * A refusal of one case, saying which ("#42: A case cannot move from Archived to Closed") and naming
 * the fields as the bulk request names them.
 */
function refusalOf(error: unknown, caseId: string, number: number): unknown {
  if (!(error instanceof AppError)) return error;
  const fields = (error.details?.fields as FieldError[] | undefined)?.map((f) => ({
    ...f,
    field: BULK_FIELDS[f.field.split('.')[0]] ?? f.field,
  }));
  const message =
    error.code === 'VALIDATION_FAILED' && fields
      ? fields.map((f) => `${f.field}: ${f.message}`).join('; ')
      : error.message;
  return new AppError(error.code, `#${number}: ${message}`, {
    ...error.details,
    ...(fields && { fields }),
    caseId,
  });
}

/**
 * One change to several cases, all or none, in one transaction: each case follows the rules of its own
 * PATCH (status moves, closing with a resolution and notes, archived cases, assignable users, tags) and
 * gets its own History row. The rows are locked in id order, so two bulk changes naming the same cases
 * queue up instead of deadlocking. A case the caller may not see is refused as a missing one: a 400
 * naming `ids`, which tells nothing of it. Answers the cases as they are now, in the order asked.
 */
export async function bulkUpdateCases(
  db: Db,
  body: BulkUpdateCasesBody,
  principal: Principal,
): Promise<BulkUpdateCasesResult> {
  await db.transaction(async (tx) => {
    for (const id of [...body.ids].sort()) {
      const locked = await lockCaseForUpdate(tx, id, principal);
      if (!locked) {
        throw AppError.validation([{ field: 'ids', message: `No case with the id ${id}` }]);
      }
      try {
        await applyCaseUpdate(tx, locked.current, locked.sets, patchFor(body, locked.sets), principal);
      } catch (error) {
        throw refusalOf(error, id, locked.current.number);
      }
    }
  });
  const found = new Map((await findCases(db, body.ids, principal)).map((item) => [item.id, item]));
  return { data: body.ids.map((id) => found.get(id)!) };
}
