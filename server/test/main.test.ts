import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const mainPath = fileURLToPath(new URL('../src/main.ts', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', mainPath], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
  }) as ChildProcessWithoutNullStreams;
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (text: string) => {
    while (!output.includes(text)) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, exited, waitFor, output: () => output };
}

describe('the server process', () => {
  it('stops with a message naming the bad variable when the configuration is invalid', async () => {
    const server = startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT:');
  });

  it('migrates, serves, and on SIGTERM finishes in-flight requests before exiting', async () => {
    const port = await freePort();
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
