import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import type { Database } from './client';
import { faultOf } from './faults';

/**
 * The pool's connections on PostgreSQL, in this process: an 'error' event nobody listens to would
 * end the test run itself, as it ended the server.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('a PostgreSQL connection lost', () => {
  let database: Database;
  let admin: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase();
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await database.close();
  });

  const backend = async (db: Pick<Database['db'], 'execute'>) =>
    ((await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] })
      .rows[0].pid;

  it('mid-transaction fails that transaction with a fault, and the next query gets a new connection', async () => {
    const outcome = database.db.transaction(async (tx) => {
      const pid = await backend(tx);
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await tx.execute(sql`select 1`);
    });
    const err = await outcome.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(faultOf(err)?.code).toBe('DATABASE_UNAVAILABLE');
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('while idle between statements of a transaction, without an unhandled error event', async () => {
    const outcome = database.db.transaction(async (tx) => {
      const pid = await backend(tx);
      await admin.query('select pg_terminate_backend($1)', [pid]);
      // The termination arrives while no statement runs: the client hears it as an 'error' event.
      await new Promise<void>((resolve) => {
        const check = async () => {
          const { rows } = await admin.query('select 1 from pg_stat_activity where pid = $1', [pid]);
          if (rows.length === 0) resolve();
          else setTimeout(() => void check(), 10);
        };
        void check();
      });
      await tx.execute(sql`select 1`);
    });
    expect(faultOf(await outcome.catch((e: unknown) => e))).toBeDefined();
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it("gives a transaction's connection back to the pool when its begin fails", async () => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const taken = () => pool.totalCount - pool.idleCount;
    expect(taken()).toBe(0);
    for (let i = 0; i < 3; i += 1) {
      // A begin that PostgreSQL refuses, as one sent on a connection cut at that moment fails.
      const config = { isolationLevel: 'no such level' } as unknown as { isolationLevel: 'serializable' };
      await expect(database.db.transaction(async () => undefined, config)).rejects.toThrow();
      expect(taken()).toBe(0);
    }
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('runs statements under the configured deadlines', async () => {
    const settings = (await database.db.execute(
      sql`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`,
    )) as unknown as { rows: { statement: string; idle: string }[] };
    expect(settings.rows[0]).toEqual({ statement: '30s', idle: '1min' });
  });
});
