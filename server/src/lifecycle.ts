import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';

/** How long a stop waits for requests whose clients have gone away before it closes the database. */
export const SETTLE_TIMEOUT_MS = 10_000;

/**
 * Stops serving, then closes the database once no request still needs it:
 * 1. `app.close()` stops accepting connections and waits for the open ones' requests;
 * 2. requests whose client disconnected are no longer counted by (1) but may still be running: they
 *    get up to `settleTimeoutMs` to finish (see `inFlightPlugin`);
 * 3. the database closes (a PostgreSQL pool waits for the clients still checked out).
 */
export async function closeGracefully(
  app: FastifyInstance,
  database: Database,
  settleTimeoutMs = SETTLE_TIMEOUT_MS,
): Promise<void> {
  await app.close();
  if (!(await app.requestsSettled(settleTimeoutMs))) {
    app.log.warn(`requests still running after ${settleTimeoutMs} ms; closing the database anyway`);
  }
  await database.close();
}
