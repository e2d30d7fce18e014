import type { Principal } from '../auth/principal';
import type { CASE_TASK_SUBJECT } from '@scamtrail/domain/case-tasks';
import type { NewEvent } from './events.service';
import { isAuditAction, type AuditAction } from './record-references';

/** Who did something, as the audit trail and the chain of custody record it. */
export interface Actor {
  actorOriginatorId: string;
  actorUserId: string | null;
  actorApiKeyId: string | null;
}

export function actorOf(principal: Principal): Actor {
  return principal.kind === 'user'
    ? { actorOriginatorId: principal.originatorId, actorUserId: principal.userId, actorApiKeyId: null }
    : { actorOriginatorId: principal.originatorId, actorUserId: null, actorApiKeyId: principal.apiKeyId };
}

export interface AuditRecord {
  /**
   * `<subject>.<what happened>`: `case.updated`, `journal_entry.nullified`, `evidence.linked`. Each is
   * declared in `AUDIT_EVENT_REFERENCES` with the records its data names, so that readers who may not
   * see them are not told them.
   */
  action: AuditAction;
  subjectType: 'case' | typeof CASE_TASK_SUBJECT | 'journal_entry' | 'evidence';
  subjectId: string;
  /** The case the change belongs to, so it shows in that case's History; null when there is none. */
  caseId: string | null;
  /** The record (or the changed fields) before and after; null for a creation or a removal. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * The event of a change to a case, journal entry or evidence item, for `recordEvent`: the actor as
 * both originator and user or key, the case, and `{ before, after }` as its data. Record it inside the
 * transaction of the change, so the change and its record commit or roll back together.
 */
export function auditEvent(principal: Principal, record: AuditRecord): NewEvent {
  // The type already says so; an action built at run time that slipped past it fails its first test.
  if (!isAuditAction(record.action)) throw new Error(`Undeclared audit action ${record.action}`);
  return {
    type: record.action,
    ...actorOf(principal),
    subjectType: record.subjectType,
    subjectId: record.subjectId,
    caseId: record.caseId,
    data: { before: record.before ?? null, after: record.after ?? null },
  };
}
