import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseTimeouts } from '../config';
import { rowsOf } from './sql/arrays';

/**
 * The query builder, the same type on PGlite and on PostgreSQL. Built without the relational schema
 * (`db.query.<table>`, which nothing uses): given one, Drizzle builds a query builder for every table
 * each time a transaction starts, about 50 to 75 µs of every write (issue 38).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
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
  /** Resolves when the database answers a trivial query; rejects after `timeoutMs` (PostgreSQL). */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Calls `onNotify` each time a transaction that ran NOTIFY on `channel` commits, until the answered
   * function is called. PostgreSQL listens on a connection of its own, outside the pool; `onLost` is
   * called if that connection drops (listen again to go on). PGlite listens in its one session.
   */
  listen(channel: string, onNotify: () => void, onLost: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Whether the database has applied the last migration this build carries, in one query: drizzle's
 * migrator applies every migration whose `when` (meta/_journal.json) is later than the `created_at` of
 * the last one it recorded, so when the last recorded is at least the build's last, it has nothing
 * to do. Its own check takes a connection of its own, five statements (an empty transaction among
 * them) and reading and hashing every migration file; a start that finds the schema up to date, as
 * nearly every start does, now skips all of it (issue 38). A database the migrator never ran on (no
 * table yet) is not up to date.
 */
async function isMigrated(db: Db): Promise<boolean> {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: { when: number }[];
  };
  const last = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const result = await db.execute(
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    const [row] = rowsOf<{ last: string | null }>(result);
    return row?.last != null && Number(row.last) >= last;
  } catch {
    return false;
  }
}

/** The advisory lock key of start-up; advisory locks are per database, so one constant is enough. */
export const STARTUP_LOCK_KEY = 7_265_637_312;

export interface DatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` (or absent) keeps everything in memory. */
  dataDir?: string;
  /**
   * PGlite only: start from this dump of a data directory (`PGlite.dumpDataDir`) instead of an empty
   * one, which skips initdb and whatever the dump already holds (the tests open every file's
   * database from one migrated dump).
   */
  template?: Blob;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** PostgreSQL's deadlines (see config.ts); the defaults are the configuration's. */
  timeouts?: Partial<PostgresTimeouts>;
}

export type PostgresTimeouts = Omit<DatabaseTimeouts, 'startupWaitMs'>;

const DEFAULT_TIMEOUTS: PostgresTimeouts = {
  connectionMs: 5_000,
  statementMs: 30_000,
  idleInTransactionMs: 60_000,
};

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

/** What a connection whose server fell silent is given beyond statement_timeout before it is dropped. */
const SILENT_SERVER_GRACE_MS = 1_000;

/**
 * A PostgreSQL client reports a lost connection (a backend terminated, PostgreSQL restarted, the
 * network cut) as an 'error' event, at any moment, in or out of a query; an 'error' event nobody
 * listens to ends the process. pg-pool listens only while a client is idle in the pool, so every
 * client gets a listener of its own for its whole life: the query in flight fails by itself (its
 * promise rejects), and the pool drops the client when it is released, because it is no longer
 * queryable.
 */
function survivesConnectionErrors(client: pg.Client) {
  client.on('error', () => {});
}

/**
 * The driver gives up on a server that stopped answering (frozen, or a cut network that TCP has not
 * noticed yet) after `query_timeout`, but leaves the connection as it was, still waiting for the
 * answer: the next statement on it (a transaction's ROLLBACK) would wait as long again. Dropping the
 * connection makes that fail at once and the pool replace it.
 */
function dropsConnectionOnReadTimeout(client: pg.Client) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (err instanceof Error && err.message === 'Query read timeout') {
          (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
        }
      });
    }
    return result;
  };
}

interface SessionInternals {
  client: unknown;
  dialect: unknown;
  schema: unknown;
  options: unknown;
  transaction(work: unknown, config?: unknown): Promise<unknown>;
}

/**
 * Drizzle's node-postgres transaction takes a client from the pool and sends `begin` before the
 * try/finally that gives the client back: a `begin` that fails (the connection cut at that moment, a
 * database restarting) keeps its client checked out for good, and each such fault leaves the pool a
 * connection fewer until nothing can run. Here the client is taken and given back around Drizzle's own
 * transaction, run on that one client (where it neither takes nor gives back one). A client whose
 * connection broke is dropped by the pool as it comes back.
 */
function releasesEveryTransactionClient() {
  const proto = NodePgSession.prototype as unknown as SessionInternals;
  const original = proto.transaction;
  proto.transaction = async function (this: SessionInternals, work, config) {
    if (!(this.client instanceof pg.Pool)) return original.call(this, work, config);
    const client = await this.client.connect();
    try {
      const Session = NodePgSession as unknown as new (...args: unknown[]) => SessionInternals;
      const onClient = new Session(client, this.dialect, this.schema, this.options);
      if (config) return await original.call(onClient, work, config);
      const Transaction = NodePgTransaction as unknown as new (...args: unknown[]) => unknown;
      const tx = new Transaction(this.dialect, onClient, this.schema);
      return await plainTransaction(client, () => (work as (tx: unknown) => Promise<unknown>)(tx));
    } finally {
      client.release();
    }
  };
}

/**
 * What Drizzle's transaction does when given no options, `begin`, the work, then `commit` (`rollback`
 * if it throws), with those three statements sent as the text they are: Drizzle builds each as a query
 * of its own at every transaction (a template, its SQL, a prepared-query object and its spans), more
 * JavaScript than PostgreSQL spends on it, twice a write (issue 38). The same simple-protocol messages
 * reach PostgreSQL either way.
 */
async function plainTransaction<T>(client: pg.PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const result = await work();
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

releasesEveryTransactionClient();

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    const connection = {
      connectionString: options.url,
      connectionTimeoutMillis: timeouts.connectionMs,
      // A peer that vanished without closing (a host gone, a cut network) is noticed in seconds.
      keepAlive: true,
    };
    const pool = new pg.Pool({
      ...connection,
      max: options.maxConnections ?? 10,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.statementMs + SILENT_SERVER_GRACE_MS,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    });
    // An idle client losing its connection: the pool drops it, the next query connects anew.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      survivesConnectionErrors(client);
      dropsConnectionOnReadTimeout(client);
    });
    /**
     * A connection outside the pool, without statement_timeout: migrations and the start-up lock's
     * wait may rightly take longer than any request should.
     */
    const openClient = async () => {
      const client = new pg.Client(connection);
      survivesConnectionErrors(client);
      try {
        await client.connect();
      } catch (err) {
        await client.end().catch(() => undefined);
        throw err;
      }
      return client;
    };
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        if (await isMigrated(db)) return;
        const client = await openClient();
        try {
          await migratePg(drizzlePg(client), { migrationsFolder });
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      withStartupLock: async (work) => {
        // A session lock on a connection of its own, held across work that uses the pool: migrations
        // run in transactions of their own, so a transaction-scoped lock could not cover them.
        const client = await openClient();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await work();
        } finally {
          // Closing the connection ends its session, which releases the lock whatever happened.
          await client.end().catch(() => undefined);
        }
      },
      ping: async (timeoutMs) => {
        // The driver reads `query_timeout` per query too, though its types do not say so.
        await pool.query({ text: 'select 1', query_timeout: timeoutMs } as pg.QueryConfig);
      },
      listen: async (channel, onNotify, onLost) => {
        const client = new pg.Client(connection);
        // Until LISTEN is in place a failure is the caller's rejection, not a loss.
        let stopped = true;
        const lost = () => {
          if (!stopped) onLost();
          stopped = true;
        };
        client.on('error', lost);
        client.on('end', lost);
        client.on('notification', (message) => {
          if (message.channel === channel) onNotify();
        });
        try {
          await client.connect();
          await client.query(`listen ${client.escapeIdentifier(channel)}`);
        } catch (err) {
          await client.end().catch(() => undefined);
          throw err;
        }
        stopped = false;
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
  // eslint-disable-next-line no-restricted-syntax -- modules loaded at once, no database yet
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
  const client = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    ...(options.template ? { loadDataDir: options.template } : {}),
  });
  await tunePglitePlanner(client);
  yieldBeforeEachQuery(client);
  const pgliteDb = drizzlePglite(client);
  const db = pgliteDb as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      if (!(await isMigrated(db))) await migratePglite(pgliteDb, { migrationsFolder });
    },
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
