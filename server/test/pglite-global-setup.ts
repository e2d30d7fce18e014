import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite data directory, from which each test file opens its database. */
    pgliteTemplate: string;
  }
}

/**
 * For the PGlite run: open and migrate one database, dump its data directory to a file, and let every
 * test file open its own in-memory database from that dump. That skips initdb and the migrations per
 * file (about 2.5 s of a file's start on this machine); the PostgreSQL run clones a template database
 * in the same spirit (global-setup.ts).
 */
export default async function setup(project: TestProject) {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // PostgreSQL's buffer pool at 32 MB instead of the default 128 MB, for the databases opened from the
  // dump (the setting takes effect at start): PGlite's start grows with its shared memory, 0.53 s of
  // CPU against 0.36 at 32 MB. No result depends on the pool's size (nor does the planner read it); a
  // page beyond it is read back from PGlite's in-memory file system.
  await client.exec(`alter system set shared_buffers = '32MB'`);
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = join(tmpdir(), `scamtrail-pglite-template-${randomBytes(6).toString('hex')}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(file, { force: true });
}
