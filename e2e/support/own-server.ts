import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { startServer } from './server';

/**
 * A server of the spec's own (the compiled bundle, like every worker's), on a free port and a PGlite
 * data directory of its own, for a test that must reach the database behind the application's back.
 * One process owns a PGlite directory, so the test stops the server, changes the rows (`withDatabase`),
 * and starts it again on the same data.
 */

export const OWN_ADMIN = { email: 'admin@own-server.e2e.test', password: 'own server admin password' };

export interface OwnServer {
  url: string;
  /** Stops the server, runs `work` on its database, and starts it again on the same data. */
  withDatabase<T>(work: (db: PGlite) => Promise<T>): Promise<T>;
  /** Stops the server and removes its data. */
  dispose(): Promise<void>;
}

let started = 0;

export async function startOwnServer(): Promise<OwnServer> {
  started += 1;
  const server = await startServer(`own-${started}`, OWN_ADMIN);
  return {
    url: server.url,
    async withDatabase(work) {
      await server.stop();
      const db = await PGlite.create(server.dataDir, { extensions: { pg_trgm } });
      try {
        return await work(db);
      } finally {
        await db.close();
        await server.start();
      }
    },
    dispose: () => server.dispose(),
  };
}
