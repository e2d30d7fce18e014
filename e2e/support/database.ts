import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestServer } from './server';

/**
 * For a test that must change rows behind the application's back: one process owns a PGlite data
 * directory, so this stops the worker's server, runs `work` on its database, and starts the server
 * again on the same port and data (a restart, 7.8 s of CPU, where a server of the test's own cost a
 * first start that creates and migrates a database, 26.7 s). The worker's later tests find the server
 * as it was, sessions included.
 */
export async function withDatabase<T>(server: TestServer, work: (db: PGlite) => Promise<T>): Promise<T> {
  await server.stop();
  const db = await PGlite.create(server.dataDir, { extensions: { pg_trgm } });
  try {
    return await work(db);
  } finally {
    await db.close();
    await server.start();
  }
}
