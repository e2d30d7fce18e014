import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { withDatabase } from './global-setup';

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops it, whoever is still connected. */
  drop(): Promise<void>;
}

async function asAdmin<T>(run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A throw-away database on TEST_DATABASE_URL's server (the PostgreSQL run), named `scamtrail_<prefix>_…`:
 * a clone of the run's migrated template (global-setup.ts), or with `empty` a database with nothing in
 * it, for a test of what the server does to a new one.
 */
export async function scratchPostgresDatabase(
  prefix: string,
  { empty = false }: { empty?: boolean } = {},
): Promise<ScratchDatabase> {
  const name = `scamtrail_${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin((admin) =>
    admin.query(
      empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`,
    ),
  );
  return {
    name,
    url: withDatabase(process.env.TEST_DATABASE_URL!, name),
    drop: async () => {
      await asAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
