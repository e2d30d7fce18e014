import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { tunePglitePlanner, type Database, type Db } from '../../server/src/db/client';
import * as schema from '../../server/src/db/schema/index';

const migrationsFolder = fileURLToPath(new URL('../../server/src/db/migrations', import.meta.url));

/** One SQL statement as the app sent it. */
export interface Statement {
  text: string;
  params: unknown[];
}

/**
 * A recorded statement as a named prepared statement for node-postgres, named by its text: parsed
 * once per connection, as the app prepares its statements once.
 */
export function preparedStatement(statement: Statement) {
  return {
    name: `b${createHash('sha1').update(statement.text).digest('hex').slice(0, 20)}`,
    text: statement.text,
    values: statement.params,
  };
}

/**
 * A benchmark database: a throw-away PostgreSQL database (created from BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, dropped by `drop()`) or an in-memory PGlite. It records the statements the app
 * runs while `record` is set, and can run a statement directly, outside Drizzle and Fastify.
 */
export interface BenchDatabase {
  database: Database;
  kind: 'postgres' | 'pglite';
  /** The connection string of the throw-away PostgreSQL database (absent on PGlite). */
  url?: string;
  record: Statement[] | null;
  runDirect(statement: Statement): Promise<unknown>;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function openBenchDatabase(): Promise<BenchDatabase> {
  const bench = { record: null } as BenchDatabase;
  const logger: Logger = {
    logQuery: (text, params) => bench.record?.push({ text, params }),
  };
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) {
    const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
    // As the app opens PGlite: planned for pages held in memory.
    await tunePglitePlanner(client);
    const db = drizzlePglite(client, { schema, logger });
    return Object.assign(bench, {
      kind: 'pglite' as const,
      database: {
        db: db as unknown as Db,
        kind: 'pglite' as const,
        migrate: () => migratePglite(db, { migrationsFolder }),
        ping: async () => void (await db.execute(sql`select 1`)),
        close: () => client.close(),
      },
      runDirect: (s: Statement) => client.query(s.text, s.params as unknown[]),
      drop: () => client.close(),
    });
  }
  const name = `scamtrail_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(base, name);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const direct = new pg.Client({ connectionString: url });
  await direct.connect();
  const db = drizzlePg(pool, { schema, logger });
  return Object.assign(bench, {
    kind: 'postgres' as const,
    url,
    database: {
      db: db as unknown as Db,
      kind: 'postgres' as const,
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    },
    // Array row mode, as Drizzle asks for it, so both sides receive the same rows.
    runDirect: (s: Statement) => direct.query({ text: s.text, values: s.params, rowMode: 'array' }),
    drop: async () => {
      await direct.end().catch(() => {});
      await pool.end().catch(() => {});
      // BENCH_KEEP=1 keeps the database for a look at the plans afterwards.
      if (process.env.BENCH_KEEP === '1') return console.log(`kept database ${name}`);
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  });
}
