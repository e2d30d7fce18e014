import { and, asc, eq, gt, lt, ne, sql } from 'drizzle-orm';
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
 * Failures from the address on any account since `since`, other than the attempt `exceptId`. Read by
 * the time index: the table holds only the failures of the last window (they are pruned), and an
 * address is refused once it has a budget's worth of them.
 */
export async function addressFailures(
  db: Db,
  address: string,
  since: Date,
  exceptId: string,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(addressSince(address, since, exceptId));
  return row?.count ?? 0;
}

/** The time of the address's failure at `offset` (0: the oldest) among those since `since`. */
export async function addressFailureTime(
  db: Db,
  address: string,
  since: Date,
  exceptId: string,
  offset: number,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: loginFailures.createdAt })
    .from(loginFailures)
    .where(addressSince(address, since, exceptId))
    .orderBy(asc(loginFailures.createdAt))
    .offset(offset)
    .limit(1);
  return row?.createdAt;
}

function addressSince(address: string, since: Date, exceptId: string) {
  return and(
    eq(loginFailures.address, address),
    gt(loginFailures.createdAt, since),
    ne(loginFailures.id, exceptId),
  );
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
