import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts, waitUntilAnswering } from '../../scripts/local-server.mjs';

/**
 * The compiled server (`server/dist/main.mjs`, what `npm start` runs) on a free port of localhost and a
 * fresh PGlite data directory of its own under e2e/.data/, removed when the server is disposed of.
 * Every Playwright worker starts one (support/fixtures.ts), and a test that must reach the database
 * stops and starts its worker's (support/database.ts).
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SERVER_BUNDLE = join(ROOT, 'server/dist/main.mjs');
export const DATA_ROOT = join(ROOT, 'e2e/.data');

/** The administrator the server creates on its first start. */
export interface Credentials {
  email: string;
  password: string;
}

export interface TestServer {
  /** `http://localhost:<port>`: the server's PUBLIC_URL, which the app checks writes' Origin against. */
  readonly url: string;
  readonly dataDir: string;
  /** Stops the process (SIGTERM, then waits for it to exit); the data stays. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and removes its data directory. */
  dispose(): Promise<void>;
}

/**
 * A bound, not a wait (the poll returns as soon as the server answers, and at once if it exits): a first
 * start creates and migrates the database, 26.7 s of CPU against 7.8 s for a restart on its data, and
 * on a 2-core machine shared with other work (load 20) it took 157 s, past the 120 s this was, which
 * failed every test of the run.
 */
const READY_TIMEOUT_MS = 300_000;
/** How much of the server's output is kept, to say why it failed. */
const OUTPUT_TAIL = 20_000;

/** Only what Node needs from the environment: a DATABASE_URL or LOG_LEVEL of the shell must not leak in. */
function baseEnvironment(): NodeJS.ProcessEnv {
  const kept = ['PATH', 'HOME', 'TMPDIR', 'TZ', 'LANG', 'LC_ALL'];
  return Object.fromEntries(
    kept.filter((name) => process.env[name]).map((name) => [name, process.env[name]]),
  );
}

/**
 * Starts the compiled server with `admin` as its first administrator. `label` names its data directory
 * (`e2e/.data/<pid>-<label>`; the pid lets a later run remove what a killed run left, see
 * `removeAbandonedData`).
 */
export async function startServer(label: string, admin: Credentials): Promise<TestServer> {
  if (!existsSync(SERVER_BUNDLE)) {
    throw new Error(`${SERVER_BUNDLE} is missing: run "npm run build" at the repository root`);
  }
  const dataDir = join(DATA_ROOT, `${process.pid}-${label}`);
  let child: ChildProcess | null = null;
  let url = '';
  let stopping = false;

  async function launch(port: number) {
    url = `http://localhost:${port}`;
    let output = '';
    let ready = false;
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_TAIL));
    stopping = false;
    const started = spawn(process.execPath, [SERVER_BUNDLE], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...baseEnvironment(),
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: 'warn',
        // Every test signs in (and makes its accounts) from 127.0.0.1: the budget of anonymous writes
        // per address (plugins/public-write-limit.ts) is for the open internet, not one test machine.
        PUBLIC_WRITES_PER_ADDRESS: '1000000',
      },
    });
    child = started;
    started.stdout?.on('data', keep);
    started.stderr?.on('data', keep);
    started.on('exit', (code, signal) => {
      // A server that dies under the tests fails them with refused connections: say why here.
      if (ready && !stopping)
        process.stderr.write(`The e2e server at ${url} exited (${code ?? signal}):\n${output}\n`);
    });
    await waitUntilAnswering(`${url}/api/ready`, started, {
      output: () => output,
      timeoutMs: READY_TIMEOUT_MS,
    });
    ready = true;
  }

  async function stop() {
    const running = child;
    child = null;
    stopping = true;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGTERM');
    await exited;
  }

  await rm(dataDir, { recursive: true, force: true });
  await mkdir(DATA_ROOT, { recursive: true });
  // Another process may take the probed port before the server listens on it: try another one.
  for (let attempt = 1; ; attempt++) {
    try {
      const [port] = await freePorts(1);
      await launch(port);
      break;
    } catch (err) {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
      if (attempt === 3 || !/EADDRINUSE/.test(String(err))) throw err;
    }
  }
  const port = Number(new URL(url).port);

  return {
    get url() {
      return url;
    },
    dataDir,
    stop,
    async start() {
      await launch(port);
    },
    async dispose() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the data directories of servers whose worker is gone (a run killed before its teardown). */
export async function removeAbandonedData(): Promise<void> {
  const names = await readdir(DATA_ROOT).catch(() => [] as string[]);
  for (const name of names) {
    const owner = /^(\d+)-/.exec(name);
    if (owner && !isRunning(Number(owner[1]))) {
      await rm(join(DATA_ROOT, name), { recursive: true, force: true });
    }
  }
}
