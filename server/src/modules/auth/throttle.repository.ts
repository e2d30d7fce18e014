import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema/index';

export async function countRecentFailures(db: Db, key: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.createdAt, since)));
  return row?.n ?? 0;
}

export async function recordFailures(db: Db, keys: string[]): Promise<void> {
  await db.insert(loginFailures).values(keys.map((key) => ({ key })));
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

export async function pruneFailures(db: Db, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, before));
}
