import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ORIGINATOR_DISPLAY_SUFFIXES, type OriginatorSummary } from '@scamtrail/domain/originators';
import { originators, users } from '../schema/index';
import { sqlLiteral, sqlWhenThen } from '../sql-literal';

/** The name every kind is known by: "First Last", the username, or the system name. */
export const originatorNameSql = sql<string>`(case ${originators.type}
  when 'team_member' then trim(${users.firstName} || ' ' || ${users.lastName})
  when 'community_member' then ${originators.username}
  else ${originators.systemName} end)`;

/** "{name} ({suffix})" in SQL, as `originatorDisplayName` writes it, for `originators` joined to `users`. */
const displayNameSql = sql<string>`(coalesce(${originatorNameSql}, '') || ' (' || case ${originators.type}
  ${sqlWhenThen(ORIGINATOR_DISPLAY_SUFFIXES)} end || ')')`;

/** An originator's summary (`originatorSummarySchema`), member by member, in SQL over `withUser`. */
const summaryValues: Readonly<Record<keyof OriginatorSummary, SQL>> = {
  id: sql`${originators.id}`,
  type: sql`${originators.type}`,
  name: sql`coalesce(${originatorNameSql}, '')`,
  displayName: displayNameSql,
};
/** The summary's members as `json_build_object` takes them: `'id', <value>, 'type', <value>...` */
const summaryMembers = sql.join(
  Object.entries(summaryValues).map(([name, value]) => sql`${sqlLiteral(name)}, ${value}`),
  sql`, `,
);
const withUser = sql`${originators} left join ${users} on ${users.originatorId} = ${originators.id}`;
// Conditions as nested SQL: Drizzle strips the table from a column written at the top level of a
// select field (see `selectField`), which would leave "id" ambiguous beside `users`.
const idIs = (id: SQLWrapper) => sql`${originators.id} = ${id}`;

/**
 * An originator's summary as a JSON object, with the members of `more` after its own; null when no
 * originator has the id. For answers the database writes whole.
 */
export function originatorSummaryJson(id: SQLWrapper, more?: SQL): SQL {
  return sql`(select json_build_object(${summaryMembers}${more ? sql`, ${more}` : sql``})
    from ${withUser} where ${idIs(id)})`;
}

/**
 * The body of a CTE holding the summaries of the originators whose ids a subquery (`select ...`)
 * gives, one row each, its columns named as the summary's members: for a statement whose many rows
 * name the same few originators, each read once (see `originatorSummaryOf`).
 */
export function originatorSummaryRows(ids: SQL): SQL {
  const columns = Object.entries(summaryValues).map(
    ([name, value]) => sql`${value} as ${sql.identifier(name)}`,
  );
  return sql`select ${sql.join(columns, sql`, `)} from ${withUser} where ${sql`${originators.id} in (${ids})`}`;
}

/**
 * The summary, as a JSON object, of a row of `originatorSummaryRows` named `alias` in the statement,
 * with the members of `more` after its own.
 */
export function originatorSummaryOf(alias: string, more?: SQL): SQL {
  const members = Object.keys(summaryValues).map(
    (name) => sql`${sqlLiteral(name)}, ${sql.identifier(alias)}.${sql.identifier(name)}`,
  );
  return sql`json_build_object(${sql.join(members, sql`, `)}${more ? sql`, ${more}` : sql``})`;
}

/** The display name of the originator with the id, as an SQL text value; null when there is none. */
export function originatorDisplayNameSql(id: SQLWrapper): SQL {
  return sql`(select ${displayNameSql} from ${withUser} where ${idIs(id)})`;
}
