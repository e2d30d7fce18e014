import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

// A read may answer a plain value (`cond ? query : []`, a read not needed); its result is awaited either way.
type Reads = readonly (() => unknown)[];
type Results<T extends Reads> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Runs independent reads at once on the pool, where each takes a connection of its own, and one after
 * another in a transaction, whose one connection takes one statement at a time: node-postgres queues a
 * second statement sent while one is in flight (deprecated; pg 9 refuses it) and PostgreSQL would run
 * them in turn anyway. Each read is a function, so that none starts before its turn.
 */
export async function readsTogether<const T extends Reads>(db: DbOrTx, reads: T): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) {
    return (await Promise.all(reads.map((read) => read()))) as Results<T>;
  }
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<T>;
}
