import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import { isRetriedConflict, transactionRetryingDeadlocks } from './retry-deadlocks';

/** A database whose transactions fail with the given errors in turn, then run the work. */
function failingThen(errors: unknown[]) {
  let runs = 0;
  const db = {
    transaction: async (work: (tx: unknown) => Promise<unknown>) => {
      runs += 1;
      const error = errors.shift();
      if (error) throw error;
      return work({});
    },
  } as unknown as Db;
  return { db, runs: () => runs };
}

// As Drizzle reports a driver's error: wrapped, the SQLSTATE on its cause.
const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: { code } });

describe('transactionRetryingDeadlocks', () => {
  it('runs a deadlock victim or a serialization failure again, up to three times in all', async () => {
    const { db, runs } = failingThen([wrapped('40P01'), wrapped('40001')]);
    await expect(transactionRetryingDeadlocks(db, async () => 'done')).resolves.toBe('done');
    expect(runs()).toBe(3);
  });

  it('gives the third failure to the caller', async () => {
    const third = wrapped('40P01');
    const { db, runs } = failingThen([wrapped('40P01'), wrapped('40P01'), third]);
    await expect(transactionRetryingDeadlocks(db, async () => 'done')).rejects.toBe(third);
    expect(runs()).toBe(3);
  });

  it('does not run again after any other failure (a timeout, a refused lock, a bad value)', async () => {
    for (const code of ['57014', '55P03', '23505']) {
      const { db, runs } = failingThen([wrapped(code)]);
      await expect(transactionRetryingDeadlocks(db, async () => 'done')).rejects.toThrow('Failed query');
      expect(runs()).toBe(1);
    }
    expect(isRetriedConflict(new Error('plain'))).toBe(false);
  });
});
