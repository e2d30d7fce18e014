import { eq, sql, type SQL } from 'drizzle-orm';
import { CASE_TASK_SUBJECT } from '@scamtrail/domain/case-tasks';
import type { CaseStatus } from '@scamtrail/domain/cases';
import {
  NOTIFICATIONS_COUNT_CAP,
  UNREAD_COUNT_CAP,
  type NotificationList,
  type NotificationListQuery,
  type UnreadNotifications,
} from '@scamtrail/domain/notifications';
import { toPagination } from '@scamtrail/domain/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/index';
import type { UserPrincipal } from '../../plugins/auth';
import { presentAuditEvents } from '../cases/case-history-presenter';
import type { CaseEventRow } from '../cases/case-history.repository';
import { rowsOf } from '../../db/sql/arrays';
import { visibleCaseCondition } from '../../db/case-visibility';

const caseColumns = sql`cases.id as c_id, cases.number as c_number, cases.title as c_title, cases.status as c_status`;
const eventColumns = sql`e.id, e.type, e.subject_type, e.subject_id, e.data, e.created_at, e.actor_user_id,
  e.actor_api_key_id`;

/**
 * What reaches a user, newest first, no further than `reach` from each source: the events of the
 * cases they are assigned to (and may see), written by anyone but the user since they were assigned
 * (the assignment itself included: it shares its transaction's time); and the events of the tasks they
 * are given on cases they may see, whoever's case it is, unless the case's own events brought them
 * already. Each case's events are read newest first off `events_case_idx`, each task's off
 * `events_subject_idx`, at most `reach` of them, so a user assigned to a few quiet cases among millions
 * of events costs what their cases and tasks hold, not what the table holds. `afterId` keeps only later
 * events.
 */
function userEvents(principal: UserPrincipal, reach: number, afterId = 0): SQL {
  const notMine = sql`e.id > ${afterId} and e.actor_user_id is distinct from ${principal.userId}::uuid`;
  return sql`
    select ${eventColumns}, ${caseColumns}
    from case_assignees a
    join cases on cases.id = a.case_id and ${visibleCaseCondition(principal)}
    cross join lateral (
      select e.* from events e
      where e.case_id = a.case_id and ${notMine} and e.created_at >= a.created_at
      order by e.id desc
      limit ${reach}
    ) e
    where a.user_id = ${principal.userId}::uuid
    union all
    select ${eventColumns}, ${caseColumns}
    from case_tasks t
    join cases on cases.id = t.case_id and ${visibleCaseCondition(principal)}
    cross join lateral (
      select e.* from events e
      where e.subject_type = ${CASE_TASK_SUBJECT} and e.subject_id = t.id::text and ${notMine}
      order by e.id desc
      limit ${reach}
    ) e
    where t.assignee_id = ${principal.userId}::uuid
      and not exists (
        select 1 from case_assignees a
        where a.case_id = t.case_id and a.user_id = ${principal.userId}::uuid and e.created_at >= a.created_at
      )`;
}

interface NotificationRow {
  id: string | number;
  type: string;
  subject_type: string;
  subject_id: string;
  data: Record<string, unknown>;
  created_at: string | Date;
  actor_user_id: string | null;
  actor_api_key_id: string | null;
  first_name: string | null;
  last_name: string | null;
  system_name: string | null;
  c_id: string;
  c_number: number;
  c_title: string;
  c_status: string;
}

const toEventRow = (row: NotificationRow): CaseEventRow => ({
  id: Number(row.id),
  type: row.type,
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  data: row.data,
  createdAt: new Date(row.created_at),
  actorUserId: row.actor_user_id,
  actorApiKeyId: row.actor_api_key_id,
  firstName: row.first_name,
  lastName: row.last_name,
  systemName: row.system_name,
});

async function seenId(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ seen: users.notificationsSeenId }).from(users).where(eq(users.id, userId));
  return row?.seen ?? 0;
}

/** `GET /api/notifications`: a page of what others did on the user's cases, newest first. */
export async function listNotifications(
  db: Db,
  query: NotificationListQuery,
  principal: UserPrincipal,
): Promise<NotificationList> {
  const userId = principal.userId;
  const offset = (query.page - 1) * query.pageSize;
  const [page, counted, seen] = await Promise.all([
    db.execute(sql`
      select n.*, u.first_name, u.last_name, o.system_name
      from (${userEvents(principal, offset + query.pageSize)}) n
      left join users u on u.id = n.actor_user_id
      left join api_keys k on k.id = n.actor_api_key_id
      left join originators o on o.id = k.automation_id
      order by n.id desc
      limit ${query.pageSize} offset ${offset}`),
    db.execute(sql`
      select count(*) as n from (
        select 1 from (${userEvents(principal, NOTIFICATIONS_COUNT_CAP + 1)}) n
        limit ${NOTIFICATIONS_COUNT_CAP + 1}
      ) capped`),
    seenId(db, userId),
  ]);
  const total = Number(rowsOf<{ n: number | string }>(counted)[0].n);
  const capped = total > NOTIFICATIONS_COUNT_CAP;
  const rows = rowsOf<NotificationRow>(page);
  const events = await presentAuditEvents(db, principal, rows.map(toEventRow));
  return {
    data: rows.map((row, i) => ({
      event: events[i],
      case: { id: row.c_id, number: row.c_number, title: row.c_title, status: row.c_status as CaseStatus },
      unread: events[i].id > seen,
    })),
    pagination: toPagination(query.page, query.pageSize, capped ? NOTIFICATIONS_COUNT_CAP : total),
    totalIsCapped: capped,
  };
}

/** `GET /api/notifications/unread`: how many arrived after the last one the user saw, counted to 100. */
export async function countUnreadNotifications(
  db: Db,
  principal: UserPrincipal,
): Promise<UnreadNotifications> {
  const seen = await seenId(db, principal.userId);
  const result = await db.execute(sql`
    select count(*) as n from (
      select 1 from (${userEvents(principal, UNREAD_COUNT_CAP + 1, seen)}) n
      limit ${UNREAD_COUNT_CAP + 1}
    ) capped`);
  const unread = Number(rowsOf<{ n: number | string }>(result)[0].n);
  return { unread, isCapped: unread > UNREAD_COUNT_CAP };
}

/**
 * `POST /api/notifications/seen`: everything up to the event `upTo` is seen. The mark never moves
 * back, so a stale tab cannot make seen notifications unread again.
 */
export async function markNotificationsSeen(db: Db, upTo: number, principal: UserPrincipal): Promise<void> {
  await db
    .update(users)
    .set({ notificationsSeenId: sql`greatest(${users.notificationsSeenId}, ${upTo})` })
    .where(eq(users.id, principal.userId));
}
