import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { groupMembers, groups } from '../../db/schema/index';

const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * Whether the stream scoped to `groupIds` carries the event aliased `s` (a row of `events`): true when
 * no case it touches is in a group outside the scope. The cases it touches are taken as they are at
 * read time, so a case moved into a group takes its earlier events out of the streams that do not
 * carry that group, and no event's past can leak a case's present group:
 * - its own case (`case_id`); one that no longer exists counts as outside, its group unknown;
 * - the case its subject belongs to now (a journal entry or evidence linked to a case after the event);
 * - every case, journal entry, evidence item or task named anywhere in its data (a linked case, the
 *   case evidence moved to, an evidence item linked to an entry, the entries a deleted identifier was
 *   detached from): such an event speaks of that record (a link's note), so it is left out whole.
 * Any UUID in the data is looked up, not a list of known fields, so an event type added later is
 * covered without anyone remembering this. Events of no case (tags, users, identifiers) are carried.
 */
export function carriedBy(groupIds: readonly string[]): SQL {
  const scope = sql`${sql.param([...groupIds])}::uuid[]`;
  // CASE, not a WHERE beside the cast: a qualifier's order is the planner's, a CASE's is not.
  const asUuid = (value: SQL) => sql`case when ${value} ~* ${UUID_PATTERN} then (${value})::uuid end`;
  return sql`(s.case_id is null or exists (select 1 from cases c where c.id = s.case_id))
    and not exists (
      select 1
      from (
        select s.case_id as id
        union all select ${asUuid(sql`s.subject_id`)}
        union all select ${asUuid(sql`v #>> '{}'`)}
          from jsonb_path_query(s.data, 'strict $.**') as v
          where jsonb_typeof(v) = 'string'
      ) as named(id)
      join lateral (
        select c.group_id from cases c where c.id = named.id
        union all select c.group_id from journal_entries j join cases c on c.id = j.case_id where j.id = named.id
        union all select c.group_id from evidence ev join cases c on c.id = ev.case_id where ev.id = named.id
        union all select c.group_id from case_tasks t join cases c on c.id = t.case_id where t.id = named.id
      ) as owner on true
      where named.id is not null
        and owner.group_id is not null
        and not (owner.group_id = any(${scope}))
    )`;
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
