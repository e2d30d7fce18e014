import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema/index';

/** Records a sign-in attempt as a failure until it succeeds; answers its id. */
export async function recordAttempt(db: Db, account: string, address: string): Promise<string> {
  const [row] = await db
    .insert(loginFailures)
    .values({ account, address })
    .returning({ id: loginFailures.id });
  return row.id;
}

/** Failures on the account since `since`, other than the attempt `exceptId`; and how many came from the address. */
export async function countFailures(
  db: Db,
  account: string,
  address: string,
  since: Date,
  exceptId: string,
): Promise<{ onAccount: number; fromAddress: number }> {
  const [row] = await db
    .select({
      onAccount: sql<number>`count(*)::int`,
      fromAddress: sql<number>`(count(*) filter (where ${loginFailures.address} = ${address}))::int`,
    })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.account, account),
        gt(loginFailures.createdAt, since),
        ne(loginFailures.id, exceptId),
      ),
    );
  return { onAccount: row?.onAccount ?? 0, fromAddress: row?.fromAddress ?? 0 };
}

/**
 * The times of the address's newest failures on any account since `since`, newest first, at most
 * `limit` of them, leaving out the attempt `exceptId`. With `limit` rows the address has spent its
 * budget, and the last row is the failure whose leaving the window lets it try again. Read by the time
 * index: the table holds only the failures of the last window (they are pruned), at most a budget's
 * worth from each address.
 */
export async function newestAddressFailures(
  db: Db,
  address: string,
  since: Date,
  limit: number,
  exceptId?: string,
): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: loginFailures.createdAt })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.address, address),
        gt(loginFailures.createdAt, since),
        exceptId ? ne(loginFailures.id, exceptId) : undefined,
      ),
    )
    .orderBy(desc(loginFailures.createdAt))
    .limit(limit);
  return rows.map((row) => row.createdAt);
}

export async function deleteAttempt(db: Db, id: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

/** Forgets the failures of one address on one account; those from other addresses still count. */
export async function clearFailures(db: Db, account: string, address: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.account, account), eq(loginFailures.address, address)));
}

export async function pruneFailures(db: Db, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, before));
}

/**
 * The times of the account's newest failures since `since`, newest first, at most `limit`, leaving
 * out the attempt `exceptId`: with `limit` rows the account has spent its budget, and the last row is
 * the failure whose leaving the window lets it try again.
 */
export async function newestAccountFailures(
  db: Db,
  account: string,
  since: Date,
  limit: number,
  exceptId: string,
): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: loginFailures.createdAt })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.account, account),
        gt(loginFailures.createdAt, since),
        ne(loginFailures.id, exceptId),
      ),
    )
    .orderBy(desc(loginFailures.createdAt))
    .limit(limit);
  return rows.map((row) => row.createdAt);
}
