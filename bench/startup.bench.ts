/**
 * Start-up benchmark (not part of `npm test`): the time from starting the server process to its first
 * 200 from `GET /api/health`, for the compiled server `npm start` runs (server/dist/main.mjs, built
 * here first) beside the TypeScript sources run through tsx and beside the floor (issue 38): a bare
 * Node process that opens the same database (the same PGlite data directory, or a pg pool) and starts
 * a bare Fastify answering /api/health (bench/lib/startup-floor.mjs); alternating, BENCH_RUNS times
 * each (default 5). On PGlite (a data directory migrated by a first, unmeasured start, as every start
 * after the first finds it) and, with BENCH_DATABASE_URL set, on a throw-away PostgreSQL database.
 * The server reports when it reached each step of its start (STARTUP_PHASES, server/src/main.ts); the
 * medians of the compiled server's steps are reported too.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:startup
 *
 * Results go to bench/results/startup.{json,md}, with the load average at the start and the end.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildServer } from '../scripts/build-server.mjs';
import { median } from './lib/concurrent-load';
import { freePort } from './lib/server-process';

const root = fileURLToPath(new URL('../', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LIMITS_MS = { pglite: 1500, postgres: 1000 };
const POLL_MS = 5;

const VARIANTS = {
  compiled: ['server/dist/main.mjs'],
  sources: ['--import', 'tsx', 'server/src/main.ts'],
  floor: ['bench/lib/startup-floor.mjs'],
} as const;
type Variant = keyof typeof VARIANTS;

interface Start {
  ms: number;
  /** When the server reached each step of its start (ms since its process started), if it said. */
  phases?: Record<string, number>;
}

/** Milliseconds from spawning the server to its first 200 on /api/health; the server is then stopped. */
async function timeToHealth(variant: Variant, env: Record<string, string>): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...VARIANTS[variant]], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      STARTUP_PHASES: '1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let phases: Record<string, number> | undefined;
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
    for (let end = stderr.indexOf('\n'); end >= 0; end = stderr.indexOf('\n')) {
      const line = stderr.slice(0, end);
      stderr = stderr.slice(end + 1);
      if (line.startsWith('startup phases ')) phases = JSON.parse(line.slice('startup phases '.length));
      else process.stderr.write(`${line}\n`);
    }
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${variant} server exited with ${code}`))),
  );
  exited.catch(() => {});
  const healthy = (async () => {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return performance.now() - started;
      // Every 5 ms: the resolution of the measurement. (Polling back to back would take a core from the
      // server it is waiting for.)
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  const ms = await Promise.race([healthy, exited]);
  // The phases are written just after listen: wait for them (a few ms at most) before stopping it.
  for (let i = 0; variant !== 'floor' && !phases && i < 200; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return { ms: Math.round(ms), phases };
}

/** The median of each phase over the starts that reported it. */
function medianPhases(starts: readonly Start[]): Record<string, number> {
  const names = [...new Set(starts.flatMap((s) => Object.keys(s.phases ?? {})))];
  return Object.fromEntries(
    names.map((name) => [
      name,
      median(starts.flatMap((s) => (s.phases?.[name] === undefined ? [] : [s.phases[name]]))),
    ]),
  );
}

async function measure(database: 'pglite' | 'postgres', env: Record<string, string>) {
  // The first start migrates; later starts find the schema, as every start of a running system does.
  await timeToHealth('compiled', env);
  const starts: Record<Variant, Start[]> = { compiled: [], sources: [], floor: [] };
  for (let i = 0; i < RUNS; i += 1) {
    for (const variant of Object.keys(VARIANTS) as Variant[])
      starts[variant].push(await timeToHealth(variant, env));
  }
  const summary = (variant: Variant) => {
    const runs = starts[variant].map((s) => s.ms);
    return { runs, median: median(runs) };
  };
  const result = {
    database,
    limitMs: LIMITS_MS[database],
    compiled: summary('compiled'),
    sources: summary('sources'),
    floor: summary('floor'),
    compiledPhases: medianPhases(starts.compiled),
  };
  console.log(
    `${database}: compiled ${result.compiled.median} ms (${result.compiled.runs.join(', ')}), ` +
      `sources ${result.sources.median} ms (${result.sources.runs.join(', ')}), ` +
      `floor ${result.floor.median} ms (${result.floor.runs.join(', ')}); limit ${result.limitMs} ms; ` +
      `compiled phases ${JSON.stringify(result.compiledPhases)}`,
  );
  return result;
}

async function main() {
  await buildServer();
  const loadAverageAtStart = loadavg();
  const startedAt = new Date().toISOString();
  const results = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'scamtrail-startup-'));
  try {
    results.push(await measure('pglite', { DATA_DIR: dataDir }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const base = process.env.BENCH_DATABASE_URL;
  if (base) {
    const name = `scamtrail_startup_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(base);
      url.pathname = `/${name}`;
      results.push(await measure('postgres', { DATABASE_URL: url.toString() }));
    } finally {
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    }
  }
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    loadAverageAtStart,
    loadAverageAtEnd: loadavg(),
  };
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
  const markdown = [
    '# Start-up: process start to the first answer of /api/health',
    '',
    `Run ${startedAt} on ${machine.cpus} cores (${machine.cpuModel}), Node ${machine.node}; load average at the start ${load(loadAverageAtStart)}, at the end ${load(machine.loadAverageAtEnd)}.`,
    `${RUNS} starts of each, alternating, after one unmeasured start that migrates; milliseconds. The floor: a bare Node process opening the same database and a bare Fastify (bench/lib/startup-floor.mjs).`,
    '',
    '| database | compiled (npm start), median | each run | TypeScript through tsx, median | each run | floor, median | each run | compiled / floor | limit | |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.database} | ${r.compiled.median} | ${r.compiled.runs.join(', ')} | ${r.sources.median} | ${r.sources.runs.join(', ')} | ${r.floor.median} | ${r.floor.runs.join(', ')} | ${(r.compiled.median / r.floor.median).toFixed(2)} | ${r.limitMs} | ${r.compiled.median <= r.limitMs ? 'met' : '**missed**'} |`,
    ),
    '',
    'When the compiled server reached each step of its start (medians, ms since its process started):',
    '',
    ...results.map(
      (r) =>
        `- ${r.database}: ${Object.entries(r.compiledPhases)
          .map(([name, ms]) => `${name} ${ms}`)
          .join(', ')}`,
    ),
    '',
  ].join('\n');
  const dir = join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'startup.json'),
    `${JSON.stringify({ benchmark: 'startup', runs: RUNS, results, machine, startedAt }, null, 2)}\n`,
  );
  writeFileSync(join(dir, 'startup.md'), markdown);
  console.log('wrote bench/results/startup.{json,md}');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
