import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cases } from '../../db/schema/index';

/**
 * Marks a case as just active: its journal or evidence changed. The case list's "last activity"
 * column and its default sort read `last_activity_at`. Call it in the transaction of the change.
 */
export async function touchCase(db: DbOrTx, caseId: string | null | undefined): Promise<void> {
  if (!caseId) return;
  await db
    .update(cases)
    .set({ lastActivityAt: sql`now()` })
    .where(eq(cases.id, caseId));
}
