import type { DbOrTx } from '../../db/client';
import { events } from '../../db/schema/index';

export type EventRow = Omit<typeof events.$inferInsert, 'id' | 'createdAt' | 'txId'>;

/** The one statement that writes the events table; `recordEvent` is its one caller. */
export async function insertEventRow(db: DbOrTx, row: EventRow): Promise<void> {
  await db.insert(events).values(row);
}
