import { and, count, desc, sql, type SQL } from 'drizzle-orm';
import type { OriginatorSummary } from '@scamtrail/domain/originators';
import { SECURITY_EVENT_SUBJECTS, SECURITY_EVENT_TYPES } from '@scamtrail/domain/security-events';
import type { DbOrTx } from '../../db/client';
import { events, sessions, users } from '../../db/schema/index';
import { sqlLiteral } from '../../db/sql-literal';
import { originatorSummaryJson } from '../../db/sql/originators';

/** An account event with who acted and the session it names, read only through `presentSecurityEvent`. */
export interface SecurityEventRow {
  id: number;
  type: string;
  createdAt: Date;
  data: Record<string, unknown>;
  actor: OriginatorSummary | string | null;
  /** The session the event is about (a `session.*` event's subject), as the session row keeps it. */
  sessionUserAgent: string | null;
  sessionClientId: string | null;
  sessionIp: string | null;
}

const literalList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sqlLiteral(value)),
    sql`, `,
  );

/**
 * The user's account events. The subjects are written as literals, as events_account_user_idx's
 * predicate is: the planner matches a partial index only to a condition it can prove from constants.
 */
function ownedBy(userId: string): SQL {
  return and(
    sql`(${events.data}->>'userId') = ${userId}`,
    sql`${events.subjectType} in (${literalList(SECURITY_EVENT_SUBJECTS)})`,
    sql`${events.type} in (${literalList(SECURITY_EVENT_TYPES)})`,
  )!;
}

/** A `session.*` event's session, joined once per row (no row for other subjects). */
const eventSession = sql`${sessions.id} =
  case when ${events.subjectType} = 'session' then ${events.subjectId}::uuid end`;

/**
 * One page of a user's account events, newest first, read through events_account_user_idx, with who
 * acted (the originator, or the user's own when the event names only the user) and the session each
 * `session.*` event is about.
 */
export function securityEventPageQuery(db: DbOrTx, userId: string, page: { page: number; pageSize: number }) {
  const actorOriginatorId = sql`coalesce(${events.actorOriginatorId},
    (select ${users.originatorId} from ${users} where ${users.id} = ${events.actorUserId}))`;
  return db
    .select({
      id: events.id,
      type: events.type,
      createdAt: events.createdAt,
      data: events.data,
      actor: sql<OriginatorSummary | string | null>`${originatorSummaryJson(actorOriginatorId)}`,
      sessionUserAgent: sessions.userAgent,
      sessionClientId: sessions.clientId,
      sessionIp: sessions.ip,
    })
    .from(events)
    .leftJoin(sessions, eventSession)
    .where(ownedBy(userId))
    .orderBy(desc(events.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
}

/** The page of `securityEventPageQuery` and how many events the user has in all. */
export async function findSecurityEventRows(
  db: DbOrTx,
  userId: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: SecurityEventRow[]; total: number }> {
  const rows = await securityEventPageQuery(db, userId, page);
  const seen = (page.page - 1) * page.pageSize + rows.length;
  if (rows.length < page.pageSize && (rows.length > 0 || page.page === 1)) return { rows, total: seen };
  const [{ n }] = await db.select({ n: count() }).from(events).where(ownedBy(userId));
  return { rows, total: n };
}
