import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The query builder, the same type on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other instance runs its own: start-up (migrations, the first administrator)
   * must happen once even when several instances start together on a new database.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Calls `onNotify` each time a transaction that ran NOTIFY on `channel` commits, until the answered
   * function is called. PostgreSQL listens on a connection of its own, outside the pool; `onLost` is
   * called if that connection drops (listen again to go on). PGlite listens in its one session.
   */
  listen(channel: string, onNotify: () => void, onLost: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The advisory lock key of start-up; advisory locks are per database, so one constant is enough. */
export const STARTUP_LOCK_KEY = 7_265_637_312;

export interface DatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` (or absent) keeps everything in memory. */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

/**
 * PGlite runs a query synchronously on this thread and settles its promise at once, so without a
 * pause a request's queries, and those of every request already waiting on PGlite's mutex, run back
 * to back in one turn of the event loop: measured under 200 concurrent clients, only one request was
 * ever in progress, the loop stood still for seconds, no socket was read and nothing could be queued
 * or refused in arrival order. Each query (and each transaction, as a whole) therefore starts in a
 * later turn, after pending I/O, so requests reach the admission queue (plugins/admission) as they
 * arrive and /api/health answers under load.
 */
function yieldBeforeEachQuery(client: PGlite) {
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await nextTurn();
    return query(...args);
  }) as typeof client.query;
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await nextTurn();
    return transaction(...args);
  }) as typeof client.transaction;
}

/**
 * Planner settings for PGlite, whose pages are all in this process's memory (memory://) or in a
 * local file the OS keeps cached: a page read at random costs about what a sequential one does, so
 * random_page_cost is the 1.1 usual for SSDs and memory rather than the default 4 (a spinning disk).
 * At 4 the planner preferred a sequential scan, ILIKE on every row, to the trigram index for any
 * search matching more than about 1,000 of 100,000 identifiers: 70 to 90 ms for the count of "gmail"
 * (4,212 matches) where the trigram bitmap takes about 25 ms. PGlite has one session, so a plain SET
 * holds for its life; PostgreSQL's settings are its operator's and are left alone.
 */
export async function tunePglitePlanner(client: PGlite) {
  await client.exec('set random_page_cost = 1.1');
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
      },
      withStartupLock: async (work) => {
        // A session lock on a connection of its own, held across work that uses the pool: migrations
        // run in transactions of their own, so a transaction-scoped lock could not cover them.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await work();
        } finally {
          // Closing the connection ends its session, which releases the lock whatever happened.
          client.release(true);
        }
      },
      ping: async () => {
        await pool.query('select 1');
      },
      listen: async (channel, onNotify, onLost) => {
        const client = new pg.Client({ connectionString: options.url });
        let stopped = false;
        const lost = () => {
          if (!stopped) onLost();
          stopped = true;
        };
        client.on('error', lost);
        client.on('end', lost);
        client.on('notification', (message) => {
          if (message.channel === channel) onNotify();
        });
        await client.connect();
        await client.query(`listen ${client.escapeIdentifier(channel)}`);
        return async () => {
          stopped = true;
          await client.end().catch(() => undefined);
        };
      },
      close: () => pool.end(),
    };
  }
  // PGlite and its Drizzle driver load only when PGlite is used: a server on PostgreSQL starts
  // without them (about 35 ms).
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all(
    [
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ],
  );
  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm } });
  await tunePglitePlanner(client);
  yieldBeforeEachQuery(client);
  const pgliteDb = drizzlePglite(client, { schema });
  const db = pgliteDb as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    // One process owns a PGlite data directory: there is no other instance to wait for.
    withStartupLock: (work) => work(),
    ping: async () => {
      if (closed) throw new Error('database closed');
      await db.execute(sql`select 1`);
    },
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    close: async () => {
      closed = true;
      await client.close();
    },
  };
}
