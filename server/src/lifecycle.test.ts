import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/helpers';
import type { Database } from './db/client';
import { closeGracefully } from './lifecycle';
import { inFlightPlugin } from './plugins/in-flight';

/** A latch: `opened` resolves once `open()` is called. */
function latch() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

interface Harness {
  app: FastifyInstance;
  database: Database;
  events: string[];
  handlerStarted: Promise<void>;
  release: () => void;
  /** Sends GET /work and returns a function that drops the connection. */
  send(): () => void;
}

/** A server whose one route waits for `release`, then queries the database and records the outcome. */
async function harness(): Promise<Harness> {
  const database = await createTestDatabase();
  const events: string[] = [];
  const started = latch();
  const gate = latch();
  const app = Fastify({ logger: false });
  await app.register(inFlightPlugin);
  app.get('/work', async () => {
    started.open();
    await gate.opened;
    try {
      await database.db.execute(sql`select 1`);
      events.push('query answered');
    } catch {
      events.push('query failed');
    }
    return { done: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const tracked: Database = {
    ...database,
    close: async () => {
      events.push('database closed');
      await database.close();
    },
  };
  return {
    app,
    database: tracked,
    events,
    handlerStarted: started.opened,
    release: gate.open,
    send() {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/work' });
      req.on('error', () => {});
      req.end();
      return () => req.destroy();
    },
  };
}

let open: Harness | undefined;
afterEach(async () => {
  open?.release();
  open = undefined;
});

describe('closeGracefully', () => {
  it('closes the database only after a request whose client went away has finished', async () => {
    const h = (open = await harness());
    const drop = h.send();
    await h.handlerStarted;
    drop();
    // The handler is let go only once the stop is waiting for it: had the stop closed the
    // database first, the handler's query would fail.
    const settled = h.app.requestsSettled.bind(h.app);
    vi.spyOn(h.app, 'requestsSettled').mockImplementation((timeoutMs) => {
      h.events.push('waiting for requests');
      h.release();
      return settled(timeoutMs);
    });
    await closeGracefully(h.app, h.database);
    expect(h.events).toEqual(['waiting for requests', 'query answered', 'database closed']);
  });

  it('closes the database after the time limit when a request never finishes', async () => {
    const h = (open = await harness());
    const drop = h.send();
    await h.handlerStarted;
    drop();
    // The handler stays blocked: only the limit can end the wait.
    await closeGracefully(h.app, h.database, 20);
    expect(h.events).toEqual(['database closed']);
  });

  it('does not wait when nothing is running', async () => {
    const h = (open = await harness());
    expect(await h.app.requestsSettled(60_000)).toBe(true);
    await closeGracefully(h.app, h.database);
    expect(h.events).toEqual(['database closed']);
  });
});
