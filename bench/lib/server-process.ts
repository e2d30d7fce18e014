import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A port nobody listens on right now (the kernel picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  origin: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (server/src/main.ts) as a child process on 127.0.0.1 with the given
 * environment and resolves once /api/ready answers 200.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  return startProcess('server/src/main.ts', env);
}

/**
 * Starts a TypeScript entry point of the repository (through tsx) as a child process on 127.0.0.1,
 * with PORT, HOST and PUBLIC_URL set, and resolves once its /api/ready answers 200.
 */
export async function startProcess(script: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before it was ready`))),
  );
  exited.catch(() => {});
  const ready = (async () => {
    for (;;) {
      const ok = await fetch(`${origin}/api/ready`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  await Promise.race([ready, exited]);
  return {
    origin,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
