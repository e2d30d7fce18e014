import { describe, expect, it } from 'vitest';
import { freePorts, startServer } from './server-process';

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
      // In memory: the on-disk data directory is exercised by the end-to-end tests.
      DATA_DIR: 'memory://',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin password 1',
    });
    await server.waitFor('Scamtrail at');
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
