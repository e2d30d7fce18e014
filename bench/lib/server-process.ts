import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../../scripts/build-server.mjs';
import { freePorts } from '../../scripts/local-server.mjs';
import { processTimes } from './machine-cpu';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A port nobody listens on right now (the kernel picks it). */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port;
}

export interface ServerProcess {
  origin: string;
  /** The CPU time (user and system) the process has used so far, in ms (Linux: /proc). */
  cpuMs(): number;
  /** The process's resident set size now, in bytes (Linux: /proc). */
  rssBytes(): number;
  stop(): Promise<void>;
}

/** VmRSS of a process, from /proc/<pid>/status (in kB). */
function processRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) * 1024;
}

/** utime + stime of a process, in ms. */
function processCpuMs(pid: number): number {
  const times = processTimes(String(pid));
  if (!times) throw new Error(`process ${pid} is gone`);
  return times.ms;
}

let compiled: Promise<void> | undefined;

/**
 * Starts the real server as `npm start` runs it, compiled (server/dist/main.mjs, built from the
 * current sources once per benchmark run), as a child process on 127.0.0.1 with the given
 * environment, and resolves once /api/ready answers 200.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  await (compiled ??= buildServer());
  return spawnServer(['server/dist/main.mjs'], env);
}

/** Starts an already compiled server bundle (a `server/dist/main.mjs`, by absolute path) as `startServer` does. */
export async function startBuiltServer(bundle: string, env: Record<string, string>): Promise<ServerProcess> {
  return spawnServer([bundle], env);
}

/**
 * Starts a TypeScript entry point of the repository (through tsx) as a child process on 127.0.0.1,
 * with PORT, HOST and PUBLIC_URL set, and resolves once its /api/ready answers 200.
 */
export async function startProcess(script: string, env: Record<string, string>): Promise<ServerProcess> {
  return spawnServer(['--import', 'tsx', script], env);
}

async function spawnServer(args: string[], env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, args, {
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
    cpuMs: () => processCpuMs(child.pid!),
    rssBytes: () => processRssBytes(child.pid!),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
