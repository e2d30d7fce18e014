import type { DbOrTx } from '../../db/client';
import { eventParams, insertEventRow } from './events.repository';

export interface NewEvent {
  /** `<subject>.<what happened>`, e.g. `tag.deleted`. */
  type: string;
  /** The originator who acted (a user's team-member originator or an automation). */
  actorOriginatorId: string | null;
  /** The signed-in user or the API key who acted, when the event names them (see `actorOf`). */
  actorUserId?: string | null;
  actorApiKeyId?: string | null;
  subjectType: string;
  subjectId: string;
  /** The case the event belongs to, so it shows in that case's History. */
  caseId?: string | null;
  data?: Record<string, unknown>;
}

/**
 * Appends an event: the one writer of the events table, the audit trail included (`auditEvent`
 * builds those). Call it in the transaction of the change it records.
 */
export async function recordEvent(db: DbOrTx, event: NewEvent): Promise<void> {
  await insertEventRow(db, event);
}

// The events table's one insert, for a statement that writes an event beside its own work.
export { eventInsert } from './events.repository';

/**
 * The values of `eventInsert`'s placeholders (events.repository.ts) for `event`: for a statement that
 * writes the event beside its own work, in the transaction of the change it records.
 */
export function eventStatementParams(event: NewEvent) {
  return eventParams(event);
}
