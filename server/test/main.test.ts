import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchPostgresDatabase } from './scratch-database';
import { freePorts, startServer } from './server-process';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups.length = 0;
});

/**
 * Where the server keeps its data, on the database of the run: PGlite in memory (the on-disk data
 * directory is exercised by the end-to-end tests), or a new, empty PostgreSQL database, which it
 * migrates (its evidence staging in a scratch directory). Each project starts the server on its own
 * database, instead of both on PGlite.
 */
async function serverDatabase(): Promise<Record<string, string>> {
  if (process.env.TEST_DB !== 'postgres') return { DATA_DIR: 'memory://' };
  const database = await scratchPostgresDatabase('main', { empty: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'scamtrail-main-'));
  cleanups.push(async () => {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  return { DATABASE_URL: database.url, DATA_DIR: dataDir };
}

describe('the server process', () => {
  it('stops with a message naming the bad variable when the configuration is invalid', async () => {
    const server = startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT:');
  });

  it('migrates, serves, and on SIGTERM finishes in-flight requests before exiting', async () => {
    const [port] = await freePorts(1);
    const server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(await serverDatabase()),
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin password 1',
    });
    await server.waitFor('Scamtrail at');
    expect(server.output()).toContain(process.env.TEST_DB === 'postgres' ? ' on PostgreSQL' : ' on PGlite');
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/api/ready`)).json()).toEqual({ status: 'ok' });
    // A login takes a few tens of milliseconds (argon2id): it is still in flight when SIGTERM arrives.
    const inFlight = fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin password 1' }),
    });
    // Signal only once the server has the request: sent earlier, a busy machine may deliver it after
    // the server stopped accepting, and it would rightly be refused with 503.
    await server.waitFor('"url":"/api/auth/login"');
    server.child.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status, server.output()).toBe(200);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('stopped');
  }, 120_000);
});
