import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbOrTx } from '../src/db/client';
import { readsTogether } from '../src/db/reads-together';
import { rowsOf } from '../src/db/sql/arrays';
import { createTestDatabase } from './helpers';
import { takeOverlaps } from './one-statement-per-connection';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const first = (db: DbOrTx) => db.execute(sql`select 'first statement' as label`);
const second = (db: DbOrTx) => db.execute(sql`select 'second statement' as label`);

async function sendsTwoAtOnce(tx: DbOrTx) {
  await Promise.all([first(tx), second(tx)]);
}

describe('one statement at a time on a connection (test/one-statement-per-connection.ts)', () => {
  it('records two statements sent at once in one transaction, with both texts and the caller’s stack', async () => {
    await database.db.transaction(sendsTwoAtOnce);
    const overlaps = takeOverlaps();
    expect(overlaps).toHaveLength(1);
    const [overlap] = overlaps;
    expect(overlap.message).toMatch(/sent: +select 'second statement'/);
    expect(overlap.message).toMatch(/in flight: +select 'first statement'/);
    expect(overlap.stack).toContain('sendsTwoAtOnce');
  });

  it('records nothing for statements one after another, nor for readsTogether in a transaction', async () => {
    const labels = await database.db.transaction(async (tx) => {
      await first(tx);
      await second(tx);
      return readsTogether(tx, [() => first(tx), () => second(tx)]);
    });
    expect(labels.map((result) => rowsOf<{ label: string }>(result)[0].label)).toEqual([
      'first statement',
      'second statement',
    ]);
    expect(takeOverlaps()).toEqual([]);
  });

  it('lets readsTogether run reads at once outside a transaction, each on a connection of its own', async () => {
    const backend = () => database.db.execute(sql`select pg_backend_pid() as pid`);
    const answers = await readsTogether(database.db, [backend, backend]);
    expect(takeOverlaps()).toEqual([]);
    const pids = new Set(answers.map((answer) => rowsOf<{ pid: number }>(answer)[0].pid));
    // PGlite has one session; the pool gives the second read a connection of its own.
    expect(pids.size).toBe(database.kind === 'postgres' ? 2 : 1);
  });
});
