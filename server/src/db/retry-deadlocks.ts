import type { Db, Tx } from './client';
import { findInErrorChain } from './faults';

/** deadlock_detected, serialization_failure: PostgreSQL rolled the transaction back whole. */
const RETRIED_SQLSTATES = new Set(['40P01', '40001']);

/** How many times a transaction runs at most when PostgreSQL keeps choosing it as a deadlock's victim. */
const ATTEMPTS = 3;

/** Whether `err` (or an error in its chain) is a deadlock or serialization failure. */
export function isRetriedConflict(err: unknown): boolean {
  return (
    findInErrorChain(err, ({ code }) =>
      typeof code === 'string' && RETRIED_SQLSTATES.has(code) ? true : undefined,
    ) ?? false
  );
}

/**
 * `db.transaction(work)`, run again when PostgreSQL chose it as the victim of a deadlock (or refused it
 * for serialization), at most ATTEMPTS times. Changes that take rows of several kinds (an identifier,
 * the entries and evidence naming it, their cases and chains) keep to one lock order where they can,
 * but writers of links, deletions and the chain still meet in cycles under load; the victim is rolled
 * back whole, so running it again is as if it ran once, after the other one went through. Only for
 * `work` that changes nothing outside the database (no files, no state of the process): what it did
 * before the rollback must vanish with it. The last failure goes to the caller: 503 with Retry-After.
 */
export async function transactionRetryingDeadlocks<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (attempt >= ATTEMPTS || !isRetriedConflict(err)) throw err;
    }
  }
}
