import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedAcrossTransactions } from '../../db/prepared';
import { events } from '../../db/schema/index';

export type EventRow = Omit<typeof events.$inferInsert, 'id' | 'createdAt' | 'txId'>;

/**
 * The one statement that writes the events table, with placeholders (filled by `eventParams`): built
 * once and run as `recordEvent`'s named statement, or as a data-modifying WITH of a statement that
 * writes the event beside its own work (`recordEventReadingEntry`, journal-timeline.repository.ts).
 */
export function eventInsert(db: DbOrTx) {
  return db.insert(events).values({
    type: sql.placeholder('eventType'),
    actorOriginatorId: sql.placeholder('eventActorOriginatorId'),
    actorUserId: sql.placeholder('eventActorUserId'),
    actorApiKeyId: sql.placeholder('eventActorApiKeyId'),
    subjectType: sql.placeholder('eventSubjectType'),
    subjectId: sql.placeholder('eventSubjectId'),
    caseId: sql.placeholder('eventCaseId'),
    data: sql.placeholder('eventData'),
  });
}

/** The values of `eventInsert`'s placeholders for a row (absent actors and case are null). */
export function eventParams(row: EventRow) {
  return {
    eventType: row.type,
    eventActorOriginatorId: row.actorOriginatorId ?? null,
    eventActorUserId: row.actorUserId ?? null,
    eventActorApiKeyId: row.actorApiKeyId ?? null,
    eventSubjectType: row.subjectType,
    eventSubjectId: row.subjectId,
    eventCaseId: row.caseId ?? null,
    eventData: row.data ?? {},
  };
}

const eventStatement = preparedAcrossTransactions((db) => eventInsert(db).prepare('event_insert'));

/** Writes one event row; `recordEvent` is its one caller. */
export async function insertEventRow(db: DbOrTx, row: EventRow): Promise<void> {
  await eventStatement(db).execute(eventParams(row));
}
