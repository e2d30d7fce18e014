import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { groupMembers, groups } from '../../db/schema/index';

const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * The events `scanned` selects (rows of `events`), each with `carried`: whether the stream scoped to
 * `groupIds` carries it, that is whether no case it touches is in a group outside the scope. The cases
 * it touches are taken as they are at read time, so a case moved into a group takes its earlier events
 * out of the streams that do not carry that group, and no event's past can leak a case's present group:
 * - its own case (`case_id`); one that no longer exists counts as outside, its group unknown;
 * - the case its subject belongs to now (a journal entry or evidence linked to a case after the event);
 * - every case, journal entry, evidence item or task named anywhere in its data (a linked case, the
 *   case evidence moved to, an evidence item linked to an entry, the entries a deleted identifier was
 *   detached from): such an event speaks of that record (a link's note), so it is left out whole.
 * Any UUID in the data is looked up, not a list of known fields, so an event type added later is
 * covered without anyone remembering this. Events of no case (tags, users, identifiers) are carried.
 * The ids named by the whole batch are looked up once each: a page's events mostly name a few cases.
 */
export function withCarried(scanned: SQL, groupIds: readonly string[]): SQL {
  // CASE, not a WHERE beside the cast: a qualifier's order is the planner's, a CASE's is not.
  const asUuid = (value: SQL) => sql`case when ${value} ~* ${UUID_PATTERN} then (${value})::uuid end`;
  return sql`with scanned as (${scanned}),
    named as (
      select s.id as event_id, n.id
      from scanned s
      cross join lateral (
        select s.case_id
        union all select ${asUuid(sql`s.subject_id`)}
        union all select ${asUuid(sql`v #>> '{}'`)}
          from jsonb_path_query(s.data, 'strict $.**') as v
          where jsonb_typeof(v) = 'string'
      ) as n(id)
      where n.id is not null
    ),
    ids as (select distinct id from named),
    owners as (
      select ids.id, c.group_id from ids join cases c on c.id = ids.id
      union all select ids.id, c.group_id
        from ids join journal_entries j on j.id = ids.id join cases c on c.id = j.case_id
      union all select ids.id, c.group_id
        from ids join evidence ev on ev.id = ids.id join cases c on c.id = ev.case_id
      union all select ids.id, c.group_id
        from ids join case_tasks t on t.id = ids.id join cases c on c.id = t.case_id
    ),
    outside as (
      select distinct id from owners
      where group_id is not null and not (group_id = any(${sql.param([...groupIds])}::uuid[]))
      union select s.case_id from scanned s
      where s.case_id is not null and not exists (select 1 from cases c where c.id = s.case_id)
    )
    select s.*, not exists (
      select 1 from named n join outside o on o.id = n.id where n.event_id = s.id
    ) as carried
    from scanned s`;
}

/** Which of these groups exist, and which of them the user belongs to (none for no user). */
export async function findScopeGroups(
  db: DbOrTx,
  groupIds: readonly string[],
  userId: string | null,
): Promise<{ existing: Set<string>; memberOf: Set<string> }> {
  if (groupIds.length === 0) return { existing: new Set(), memberOf: new Set() };
  // Held until the stream is saved, so that a group is not deleted between the check and the write.
  const found = await db
    .select({ id: groups.id })
    .from(groups)
    .where(inArray(groups.id, [...groupIds]))
    .for('key share');
  const membership =
    userId === null
      ? []
      : await db
          .select({ id: groupMembers.groupId })
          .from(groupMembers)
          .where(and(inArray(groupMembers.groupId, [...groupIds]), eq(groupMembers.userId, userId)));
  return { existing: new Set(found.map((g) => g.id)), memberOf: new Set(membership.map((m) => m.id)) };
}

/** The groups the user belongs to, whose cases they see besides those of no group. */
export async function findMemberGroupIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .where(eq(groupMembers.userId, userId));
  return rows.map((row) => row.id);
}
