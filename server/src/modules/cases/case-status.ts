import {
  CASE_STATUS_LABELS,
  canMoveCase,
  type CaseResolution,
  type CaseStatus,
  type UpdateCaseBody,
} from '@scamtrail/domain/cases';
import type { FieldError } from '@scamtrail/domain/errors';
import { AppError } from '../../lib/errors';
import type { AuditAction } from '../events/record-references';
import { assertCaseWritable } from './case.preconditions';

/** What a PATCH does to the status and the closure fields, once its rules hold. */
export interface StatusPlan {
  status: CaseStatus;
  resolution: CaseResolution | null;
  closureNotes: string | null;
  /** The case a duplicate repeats: only with the resolution duplicate. */
  duplicateOfId: string | null;
  /** 'now' when the case closes, null when it leaves closed, undefined when it stays as it was. */
  closedAt: 'now' | null | undefined;
  /** The audit action: case.closed, case.reopened, case.archived, case.status_changed or case.updated. */
  action: CaseStatusAction;
}

interface CurrentStatus {
  status: string;
  resolution: string | null;
  closureNotes: string | null;
  duplicateOfId: string | null;
}

export const DUPLICATE_OF_MESSAGE = 'duplicateOfId can only be given when closing a case as a duplicate';

type CaseStatusAction = Extract<
  AuditAction,
  'case.updated' | 'case.closed' | 'case.archived' | 'case.reopened' | 'case.status_changed'
>;

function actionFor(from: CaseStatus, to: CaseStatus): CaseStatusAction {
  if (from === to) return 'case.updated';
  if (to === 'closed') return 'case.closed';
  if (to === 'archived') return 'case.archived';
  if (from === 'closed' || from === 'archived') return 'case.reopened';
  return 'case.status_changed';
}

/**
 * The status rules of a PATCH: moves follow CASE_STATUS_TRANSITIONS (409 naming status); an archived
 * case takes no change but reopening (409); closing needs a resolution and closure notes in the same
 * request, which are refused when the case neither closes nor is closed (400 naming each field);
 * leaving closed or archived for open or in progress clears them. `duplicateOfId` goes only with the
 * resolution duplicate, kept while the case stays a duplicate and cleared when it stops being one.
 */
export function planStatusChange(current: CurrentStatus, body: UpdateCaseBody): StatusPlan {
  const from = current.status as CaseStatus;
  const to = body.status ?? from;
  if (!canMoveCase(from, to)) {
    const message = `A case cannot move from ${CASE_STATUS_LABELS[from]} to ${CASE_STATUS_LABELS[to]}`;
    throw new AppError('CONFLICT', message, { fields: [{ field: 'status', message }] });
  }
  if (to === from) assertCaseWritable(from);

  const errors: FieldError[] = [];
  const action = actionFor(from, to);
  if (to === 'closed') {
    const staysClosed = from === 'closed';
    const resolution =
      body.resolution ?? (staysClosed ? (current.resolution as CaseResolution | null) : null);
    const closureNotes = body.closureNotes ?? (staysClosed ? current.closureNotes : null);
    if (!resolution) errors.push({ field: 'resolution', message: 'Resolution is required to close a case' });
    if (!closureNotes) {
      errors.push({ field: 'closureNotes', message: 'Closure notes are required to close a case' });
    }
    const wasDuplicate = staysClosed && current.resolution === 'duplicate';
    let duplicateOfId: string | null = null;
    if (resolution === 'duplicate') {
      duplicateOfId =
        body.duplicateOfId !== undefined ? body.duplicateOfId : wasDuplicate ? current.duplicateOfId : null;
    } else if (body.duplicateOfId) {
      errors.push({ field: 'duplicateOfId', message: DUPLICATE_OF_MESSAGE });
    }
    if (errors.length) throw AppError.validation(errors);
    const closedAt = staysClosed ? undefined : 'now';
    return { status: to, resolution, closureNotes, duplicateOfId, closedAt, action };
  }
  for (const field of ['resolution', 'closureNotes', 'duplicateOfId'] as const) {
    if (body[field] !== undefined) {
      errors.push({ field, message: `${field} can only be given when closing a case` });
    }
  }
  if (errors.length) throw AppError.validation(errors);
  if (to === 'archived') {
    return {
      status: to,
      resolution: current.resolution as CaseResolution | null,
      closureNotes: current.closureNotes,
      duplicateOfId: current.duplicateOfId,
      closedAt: undefined,
      action,
    };
  }
  return { status: to, resolution: null, closureNotes: null, duplicateOfId: null, closedAt: null, action };
}
