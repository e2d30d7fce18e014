import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * A server of the spec's own, on a free port and a PGlite data directory of its own, for a test that
 * must reach the database behind the application's back. One process owns a PGlite directory, so the
 * test stops the server, changes the rows (`withDatabase`), and starts it again on the same data.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const OWN_ADMIN = { email: 'admin@own-server.e2e.test', password: 'own server admin password' };

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

async function waitUntilReady(url: string, child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr()}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server at ${url} did not become ready: ${stderr()}`);
}

export interface OwnServer {
  url: string;
  /** Stops the server, runs `work` on its database, and starts it again on the same data. */
  withDatabase<T>(work: (db: PGlite) => Promise<T>): Promise<T>;
  /** Stops the server and removes its data. */
  dispose(): Promise<void>;
}

export async function startOwnServer(): Promise<OwnServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = `${ROOT}e2e/.data/own-${port}`;
  await rm(dataDir, { recursive: true, force: true });
  let child: ChildProcess | null = null;

  async function start() {
    let errors = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        ADMIN_EMAIL: OWN_ADMIN.email,
        ADMIN_PASSWORD: OWN_ADMIN.password,
        LOG_LEVEL: 'warn',
      },
    });
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    await waitUntilReady(url, child, () => errors);
  }

  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGTERM');
    await exited;
  }

  await start();
  return {
    url,
    async withDatabase(work) {
      await stop();
      const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
      try {
        return await work(db);
      } finally {
        await db.close();
        await start();
      }
    },
    async dispose() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
