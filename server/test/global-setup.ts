import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database of this run, which each test file clones. */
    pgTemplate: string;
  }
}

/**
 * For the PostgreSQL run: migrate a template database once; each test file then clones it
 * (CREATE DATABASE ... TEMPLATE), which is far faster than migrating per file.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test run');
  // A name of its own per run: two runs against one server (two checkouts, or a developer's run beside
  // CI's) must not drop each other's template while the other is cloning it.
  const template = `scamtrail_tpl_${randomBytes(6).toString('hex')}`;
  project.provide('pgTemplate', template);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const database = await openDatabase({ url: withDatabase(url, template), maxConnections: 1 });
  await database.migrate();
  await database.close();
  return async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${template}`);
    await c.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
