import type { DbOrTx } from '../../db/client';
import { events } from '../../db/schema/index';

export interface NewEvent {
  /** `<subject>.<what happened>`, e.g. `tag.deleted`. */
  type: string;
  /** The originator who acted (a user's team-member originator or an automation). */
  actorOriginatorId: string | null;
  subjectType: string;
  subjectId: string;
  data?: Record<string, unknown>;
}

/** Appends an audit event. Call it in the transaction of the change it records. */
export async function insertEvent(db: DbOrTx, event: NewEvent): Promise<void> {
  await db.insert(events).values({ ...event, data: event.data ?? {} });
}
