import pg from 'pg';
import { openDatabase } from '../src/db/client';

/**
 * For the PostgreSQL run: migrate a template database once; each test file then clones it
 * (CREATE DATABASE ... TEMPLATE), which is far faster than migrating per file.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test run');
  const template = templateName();
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

export function templateName(): string {
  return `scamtrail_tpl_${new URL(process.env.TEST_DATABASE_URL!).pathname.slice(1).replace(/\W/g, '_')}`;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
