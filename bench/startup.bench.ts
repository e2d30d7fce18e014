/**
 * Start-up benchmark (not part of `npm test`): the time from starting the server process to its first
 * 200 from `GET /api/health`, for the compiled server `npm start` runs (server/dist/main.mjs, built
 * here first) beside the TypeScript sources run through tsx, alternating, BENCH_RUNS times each
 * (default 5). On PGlite (a data directory migrated by a first, unmeasured start, as every start after
 * the first finds it) and, with BENCH_DATABASE_URL set, on a throw-away PostgreSQL database.
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
} as const;
type Variant = keyof typeof VARIANTS;

/** Milliseconds from spawning the server to its first 200 on /api/health; the server is then stopped. */
async function timeToHealth(variant: Variant, env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...VARIANTS[variant]], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
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
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return Math.round(ms);
}

async function measure(database: 'pglite' | 'postgres', env: Record<string, string>) {
  // The first start migrates; later starts find the schema, as every start of a running system does.
  await timeToHealth('compiled', env);
  const runs: Record<Variant, number[]> = { compiled: [], sources: [] };
  for (let i = 0; i < RUNS; i += 1) {
    for (const variant of Object.keys(VARIANTS) as Variant[])
      runs[variant].push(await timeToHealth(variant, env));
  }
  const result = {
    database,
    limitMs: LIMITS_MS[database],
    compiled: { runs: runs.compiled, median: median(runs.compiled) },
    sources: { runs: runs.sources, median: median(runs.sources) },
  };
  console.log(
    `${database}: compiled ${result.compiled.median} ms (${runs.compiled.join(', ')}), ` +
      `sources ${result.sources.median} ms (${runs.sources.join(', ')}); limit ${result.limitMs} ms`,
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
    `${RUNS} starts of each, alternating, after one unmeasured start that migrates; milliseconds.`,
    '',
    '| database | compiled (npm start), median | each run | TypeScript through tsx, median | each run | limit | |',
    '|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.database} | ${r.compiled.median} | ${r.compiled.runs.join(', ')} | ${r.sources.median} | ${r.sources.runs.join(', ')} | ${r.limitMs} | ${r.compiled.median <= r.limitMs ? 'met' : '**missed**'} |`,
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
