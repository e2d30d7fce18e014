import { eq, sql, type SQL } from 'drizzle-orm';
import { CASE_TASK_SUBJECT } from '@scamtrail/domain/case-tasks';
import type { CaseStatus } from '@scamtrail/domain/cases';
import { visibleCaseCondition } from '../../db/case-visibility';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/index';
import { rowsOf } from '../../db/sql/arrays';
import type { UserPrincipal } from '../auth/principal';
import type { AuditEventRow } from '../events/audit-event-presenter';

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

/** A row of `userEvents` with who acted and the case. */
interface EventWithCaseRow {
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

const toEventRow = (row: EventWithCaseRow): AuditEventRow => ({
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

/** What reached the user: the event, and the case it happened on. */
export interface NotificationRow {
  event: AuditEventRow;
  case: { id: string; number: number; title: string; status: CaseStatus };
}

/** One page of what reaches the user (see `userEvents`), newest first. */
export async function findNotificationPage(
  db: DbOrTx,
  principal: UserPrincipal,
  page: { page: number; pageSize: number },
): Promise<NotificationRow[]> {
  const offset = (page.page - 1) * page.pageSize;
  const result = await db.execute(sql`
      select n.*, u.first_name, u.last_name, o.system_name
      from (${userEvents(principal, offset + page.pageSize)}) n
      left join users u on u.id = n.actor_user_id
      left join api_keys k on k.id = n.actor_api_key_id
      left join originators o on o.id = k.automation_id
      order by n.id desc
      limit ${page.pageSize} offset ${offset}`);
  return rowsOf<EventWithCaseRow>(result).map((row) => ({
    event: toEventRow(row),
    case: { id: row.c_id, number: row.c_number, title: row.c_title, status: row.c_status as CaseStatus },
  }));
}

/** How many events reach the user after the event `afterId`, counting no further than `cap` + 1. */
export async function countNotifications(
  db: DbOrTx,
  principal: UserPrincipal,
  cap: number,
  afterId = 0,
): Promise<number> {
  const result = await db.execute(sql`
    select count(*) as n from (
      select 1 from (${userEvents(principal, cap + 1, afterId)}) n
      limit ${cap + 1}
    ) capped`);
  return Number(rowsOf<{ n: number | string }>(result)[0].n);
}

/** The last event the user has seen (0 before the first). */
export async function findSeenEventId(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ seen: users.notificationsSeenId }).from(users).where(eq(users.id, userId));
  return row?.seen ?? 0;
}

/** Moves the user's mark of what they have seen up to the event `upTo`, never back. */
export async function markSeenUpTo(db: DbOrTx, userId: string, upTo: number): Promise<void> {
  await db
    .update(users)
    .set({ notificationsSeenId: sql`greatest(${users.notificationsSeenId}, ${upTo})` })
    .where(eq(users.id, userId));
}
