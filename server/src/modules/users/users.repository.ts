import { asc, count, eq, sql } from 'drizzle-orm';
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

export async function updateUser(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'role' | 'disabled' | 'passwordHash'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Records a successful sign-in; `updatedAt` stays, as the account itself did not change. */
export async function setLastLoginAt(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, id));
}
