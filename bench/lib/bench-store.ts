import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/client';

async function adminQuery(base: string, text: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/**
 * Where a benchmark's server keeps its data: a fresh PGlite directory, or a throw-away database on
 * the PostgreSQL server `BENCH_DATABASE_URL` names. `env` is what the server is started with.
 */
export async function prepareBenchStore(prefix: string) {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) {
    const dir = mkdtempSync(join(tmpdir(), `scamtrail-${prefix}-`));
    return {
      kind: 'pglite' as const,
      open: () => openDatabase({ dataDir: dir }),
      env: { DATA_DIR: dir } as Record<string, string>,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `scamtrail_${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(base, `CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres' as const,
    open: () => openDatabase({ url: url.toString() }),
    env: { DATABASE_URL: url.toString() } as Record<string, string>,
    drop: () => adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export type BenchStore = Awaited<ReturnType<typeof prepareBenchStore>>;
