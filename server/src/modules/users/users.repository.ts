import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { originators, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function listUsers(db: DbOrTx): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** Creates the user and its team-member originator. Call inside a transaction. */
export async function insertUserWithOriginator(
  db: DbOrTx,
  values: Omit<typeof users.$inferInsert, 'originatorId' | 'id'>,
): Promise<UserRow> {
  const [originator] = await db
    .insert(originators)
    .values({ type: 'team_member' })
    .returning({ id: originators.id });
  const [user] = await db
    .insert(users)
    .values({ ...values, originatorId: originator.id })
    .returning();
  return user;
}

/**
 * Locks a user account and its team-member originator until the transaction ends, and answers the
 * account's version: the later of the two rows' `updated_at`, in milliseconds (as `lockRowVersion`
 * reads one row's); undefined when there is no such user. A team member is both rows: one version,
 * checked under both rows' locks.
 */
export async function lockAccountVersion(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({
      version: sql<string>`floor(extract(epoch from greatest(${users.updatedAt}, ${originators.updatedAt})) * 1000)::bigint::text`,
    })
    .from(users)
    .innerJoin(originators, eq(originators.id, users.originatorId))
    .where(eq(users.id, id))
    // As the update itself locks: records and sessions being added for the member (whose foreign keys
    // key-share these rows) neither wait on the check nor deadlock with it.
    .for('no key update');
  return row?.version;
}

/**
 * Locks the accounts of the active administrators (role `admin`, not disabled) until the transaction
 * ends, in id order, and answers their ids. Two changes each taking an administrator away wait for
 * one another here, and the second reads the first's outcome: PostgreSQL rechecks a row it waited for,
 * so an administrator demoted or disabled meanwhile is no longer among them. FOR NO KEY UPDATE, as
 * `lockAccountVersion` (which the change takes next, on a row already held when the account is one of
 * these): sign-ins and records naming an administrator neither wait on it nor deadlock with it.
 */
export async function lockActiveAdministrators(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.disabled, false)))
    .orderBy(asc(users.id))
    .for('no key update');
  return rows.map((row) => row.id);
}

/**
 * The new `updated_at` of an edited account: now, but at least a millisecond after both its own and
 * its originator's, so the account's version (`lockAccountVersion`) always moves on.
 */
const nextAccountUpdatedAt = sql<Date>`greatest(clock_timestamp(), ${users.updatedAt} + interval '1 millisecond',
  (select ${originators.updatedAt} from ${originators} where ${originators.id} = ${users.originatorId})
    + interval '1 millisecond')`;

export async function updateUser(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'role' | 'disabled' | 'passwordHash'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: nextAccountUpdatedAt })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Records a successful sign-in; `updatedAt` stays, as the account itself did not change. */
export async function setLastLoginAt(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, id));
}
