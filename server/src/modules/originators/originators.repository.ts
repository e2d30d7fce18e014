import { and, asc, count, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { fullName } from '@scamtrail/domain/auth';
import {
  originatorDisplayName,
  type OriginatorSummary,
  type OriginatorType,
  type TeamMemberStatus,
} from '@scamtrail/domain/originators';
import type { Role } from '@scamtrail/domain/permissions';
import type { DbOrTx } from '../../db/client';
import { nextUpdatedAt } from '../../db/row-versions';
import { preparedPerDatabase } from '../../db/prepared';
import { originators, users } from '../../db/schema/index';
import { originatorNameSql } from '../../db/sql/originators';
import { matchesSearch } from '../../lib/search';

const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  disabled: users.disabled,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** An originator with, for team members, its user account. */
export interface OriginatorRow {
  originator: typeof originators.$inferSelect;
  user: { [K in keyof typeof userColumns]: (typeof users.$inferSelect)[K] } | null;
}

/** Team members are active while their account is enabled; the others by their `active` flag. */
const activeSql = sql<boolean>`(case when ${originators.type} = 'team_member'
  then not coalesce(${users.disabled}, false) else ${originators.active} end)`;

export function originatorName(row: OriginatorRow): string {
  const { originator, user } = row;
  if (originator.type === 'team_member') return user ? fullName(user) : '';
  return (originator.type === 'community_member' ? originator.username : originator.systemName) ?? '';
}

export function toOriginatorSummary(row: OriginatorRow): OriginatorSummary {
  const name = originatorName(row);
  const type = row.originator.type;
  return { id: row.originator.id, type, name, displayName: originatorDisplayName(type, name) };
}

export interface OriginatorFilter {
  types?: readonly OriginatorType[];
  search?: string;
  /** Team members: also match the e-mail address. */
  searchEmail?: boolean;
  role?: Role;
  active?: boolean;
  /** Team members: invited, active or disabled (see `teamMemberStatus`). */
  teamMemberStatus?: TeamMemberStatus;
}

/** The SQL twin of `teamMemberStatus`, so filtered pages and their totals agree. */
function teamMemberStatusCondition(status: TeamMemberStatus): SQL | undefined {
  if (status === 'disabled') return eq(users.disabled, true);
  return and(
    eq(users.disabled, false),
    status === 'invited' ? isNull(users.lastLoginAt) : isNotNull(users.lastLoginAt),
  );
}

function filterConditions(filter: OriginatorFilter): SQL | undefined {
  const search = filter.search?.trim();
  return and(
    filter.types ? inArray(originators.type, [...filter.types]) : undefined,
    search
      ? matchesSearch(search, originatorNameSql, ...(filter.searchEmail ? [users.email] : []))
      : undefined,
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.active === undefined ? undefined : sql`${activeSql} = ${filter.active}`,
    filter.teamMemberStatus ? teamMemberStatusCondition(filter.teamMemberStatus) : undefined,
  );
}

function selectOriginators(db: DbOrTx) {
  return db
    .select({ originator: originators, user: userColumns })
    .from(originators)
    .leftJoin(users, eq(users.originatorId, originators.id));
}

/** One page of originators, ordered by name, and the total matching the filter. */
export async function listOriginatorRows(
  db: DbOrTx,
  filter: OriginatorFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: OriginatorRow[]; total: number }> {
  const where = filterConditions(filter);
  const rows = await selectOriginators(db)
    .where(where)
    .orderBy(asc(sql`lower(${originatorNameSql})`), asc(originators.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [{ n }] = await db
    .select({ n: count() })
    .from(originators)
    .leftJoin(users, eq(users.originatorId, originators.id))
    .where(where);
  return { rows, total: n };
}

export async function findOriginatorRow(db: DbOrTx, id: string): Promise<OriginatorRow | undefined> {
  const [row] = await selectOriginators(db).where(eq(originators.id, id)).limit(1);
  return row;
}

/** The team-member originator of a user account. */
export async function findOriginatorRowByUserId(
  db: DbOrTx,
  userId: string,
): Promise<OriginatorRow | undefined> {
  const [row] = await selectOriginators(db).where(eq(users.id, userId)).limit(1);
  return row;
}

// One array parameter rather than a list of them, so the statement is the same for every page.
const originatorsByIds = preparedPerDatabase((db) =>
  selectOriginators(db)
    .where(sql`${originators.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('originators_by_ids'),
);

/**
 * Summaries `{ id, type, name, displayName }` of the given originators in one query, keyed by id.
 * Unknown ids are absent from the map. For badges of identifiers, journal entries and their proxies.
 */
export async function findOriginatorSummaries(
  db: DbOrTx,
  ids: readonly (string | null | undefined)[],
): Promise<Map<string, OriginatorSummary>> {
  const unique = [...new Set(ids.filter((id): id is string => !!id))];
  if (unique.length === 0) return new Map();
  const rows = await originatorsByIds(db).execute({ ids: unique });
  return new Map(rows.map((row) => [row.originator.id, toOriginatorSummary(row)]));
}

export type NewOriginator = Omit<typeof originators.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type OriginatorChanges = Partial<Omit<NewOriginator, 'type'>>;

export async function insertOriginator(db: DbOrTx, values: NewOriginator): Promise<string> {
  const [row] = await db.insert(originators).values(values).returning({ id: originators.id });
  return row.id;
}

/** Updates an originator of the given type; false when there is none. */
export async function updateOriginator(
  db: DbOrTx,
  id: string,
  type: OriginatorType,
  values: OriginatorChanges,
): Promise<boolean> {
  const rows = await db
    .update(originators)
    .set({ ...values, updatedAt: nextUpdatedAt(originators.updatedAt) })
    .where(and(eq(originators.id, id), eq(originators.type, type)))
    .returning({ id: originators.id });
  return rows.length > 0;
}

/**
 * The reputation of a community member, locking the row until the transaction ends. `no key update`,
 * as the update itself takes: it does not wait on, or block, transactions recording identifiers, cases
 * or entries the member originated (their foreign keys share-lock the key only), so a review holding an
 * identifier's lock cannot deadlock with an import holding the member's.
 */
export async function lockReputation(db: DbOrTx, id: string): Promise<number | undefined> {
  const [row] = await db
    .select({ reputation: originators.reputation })
    .from(originators)
    .where(and(eq(originators.id, id), eq(originators.type, 'community_member')))
    .for('no key update');
  return row ? (row.reputation ?? 0) : undefined;
}
