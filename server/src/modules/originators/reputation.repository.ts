import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { events } from '../../db/schema/index';

/** The event every change of a reputation writes, by hand or by a review. */
export const REPUTATION_EVENT = 'community_member.reputation_adjusted';

const historyCondition = (id: string) =>
  and(eq(events.subjectType, 'originator'), eq(events.subjectId, id), eq(events.type, REPUTATION_EVENT));

/** A page of a community member's reputation events, newest first (off `events_subject_idx`), and their total. */
export async function findReputationChanges(
  db: DbOrTx,
  id: string,
  page: { page: number; pageSize: number },
) {
  const [rows, [{ total }]] = await readsTogether(db, [
    () =>
      db
        .select({
          id: events.id,
          at: events.createdAt,
          actorOriginatorId: events.actorOriginatorId,
          data: events.data,
        })
        .from(events)
        .where(historyCondition(id))
        .orderBy(desc(events.id))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
    () => db.select({ total: count() }).from(events).where(historyCondition(id)),
  ]);
  return { rows, total };
}
