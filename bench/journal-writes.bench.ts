/**
 * Journal writes benchmark (not part of `npm test`), on PostgreSQL:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/journal-writes.bench.ts
 *
 * Creates journal entries (`POST /api/journal-entries`, a note in a case) through the app in process
 * (`app.inject`, no HTTP) from BENCH_WORKERS concurrent writers (default 10, the pool's size), all on
 * one case, then each on its own case, for BENCH_SECONDS (default 8) each; beside the floor: the very
 * statements one such request sent to PostgreSQL (recorded at the driver, its transaction whole, in the
 * order and overlap the app sent them), replayed by as many workers through a pool of the same size.
 * Replayed, the entry insert makes a new entry; the chain link is numbered and hashed by its own
 * statement, so it appends again. Three rounds, alternating; the median of the rounds is reported, with
 * each round and the load average. It writes bench/results/journal-writes-postgres.{json,md}.
 * BENCH_SHOW_SQL=1 prints the statements of one request; BENCH_CPU_PROFILE=<dir> writes CPU profiles of
 * both sides' first round of each shape there (see `profiled`); BENCH_API_ONLY=1 measures the API side
 * alone (before issue 38 the chain link's number was computed in JavaScript, and a replay collides with
 * it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { execSync } from 'node:child_process';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createUser } from '../server/src/modules/users/users.service';
import { openBenchDatabase } from './lib/bench-database';
import { median, runConcurrently, type LoadRun } from './lib/concurrent-load';
import {
  describeWaves,
  recordPgQueries,
  replayWaves,
  toReplayWaves,
  type ReplayStep,
} from './lib/pg-recorder';

const EMAIL = 'writer@bench.example';
const PASSWORD = 'benchmark password';
const WORKERS = Number(process.env.BENCH_WORKERS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = 3;
const PUBLIC_URL = 'http://127.0.0.1';
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));

const log = (line: string) => console.log(line);
const loadText = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadAtStart = loadText();

/** A side's run, with this process's CPU time (user and system) per write, in microseconds. */
type MeasuredRun = LoadRun & { cpuUsPerWrite: number };

interface Round {
  api: MeasuredRun;
  floor: MeasuredRun;
}

/**
 * `run`, with the CPU time this process spent per write while it ran: the app and its driver on the
 * API side, node-postgres alone on the floor's. Unlike writes per second, it hardly depends on what
 * else the machine runs, so it ranks two trees on a loaded machine where the ratio cannot.
 */
async function measured(run: () => Promise<LoadRun>): Promise<MeasuredRun> {
  const before = process.cpuUsage();
  const result = await run();
  const { user, system } = process.cpuUsage(before);
  return { ...result, cpuUsPerWrite: Math.round((user + system) / Math.max(1, result.samples)) };
}

/**
 * BENCH_CPU_PROFILE=<dir>: `run` under V8's CPU profiler, written to `<dir>/<name>.cpuprofile` with the
 * number of writes in `<dir>/<name>.json`, to divide the profile's time by (per write, where the
 * share of a profile would move with the machine's load).
 */
async function profiled(name: string, run: () => Promise<LoadRun>): Promise<LoadRun> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  const result = await run();
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/${name}.cpuprofile`, JSON.stringify(profile));
  writeFileSync(`${dir}/${name}.json`, JSON.stringify({ writes: result.samples }));
  return result;
}

interface ShapeResult {
  shape: string;
  statements: number;
  rounds: Round[];
  apiPerSecond: number;
  floorPerSecond: number;
  ratio: number;
  apiP50: number;
  floorP50: number;
  apiCpuUsPerWrite: number;
  floorCpuUsPerWrite: number;
}

async function main() {
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL) {
    throw new Error('The journal writes benchmark runs on PostgreSQL: set BENCH_DATABASE_URL');
  }
  const bench = await openBenchDatabase();
  const pool = new pg.Pool({ connectionString: bench.url, max: WORKERS });
  // An idle connection closed from outside (the database dropped at the end) is no failure of the run.
  pool.on('error', (err) => log(`replay pool: ${err.message}`));
  try {
    await bench.database.migrate();
    const user = await createUser(bench.database.db, {
      email: EMAIL,
      password: PASSWORD,
      firstName: 'Wren',
      lastName: 'Writer',
      role: 'investigator',
    });
    const config = loadConfig({ DATABASE_URL: bench.url, PUBLIC_URL, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database: bench.database, logger: false });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: PUBLIC_URL },
        payload: { email: EMAIL, password: PASSWORD },
      });
      const session = login.cookies.find((c) => c.name === 'scamtrail_session');
      if (!session) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
      const cookie = `${session.name}=${session.value}`;
      const originatorId = (user as unknown as { originatorId: string }).originatorId;
      const caseIds: string[] = [];
      for (let i = 0; i < WORKERS; i += 1) {
        const result = await bench.database.db.execute(sql`insert into cases
            (title, status, originator_id, last_activity_at)
          values (${`Writes ${i + 1}`}, 'open', ${originatorId}::uuid, now()) returning id`);
        caseIds.push((result as unknown as { rows: { id: string }[] }).rows[0].id);
      }
      let written = 0;
      const write = async (caseId: string) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/journal-entries',
          headers: { cookie, origin: PUBLIC_URL, 'content-type': 'application/json' },
          payload: { type: 'note', description: `Entry ${(written += 1)}`, caseId },
        });
        if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
      };
      for (const caseId of caseIds) for (let i = 0; i < 5; i += 1) await write(caseId);

      // One request's statements per case (the same statements with that case's values).
      const waves: ReplayStep[][][] = [];
      for (const caseId of caseIds) waves.push(toReplayWaves(await recordPgQueries(() => write(caseId))));
      const statements = waves[0].flat().reduce((n, s) => n + (s.kind === 'query' ? 1 : s.queries.length), 0);
      if (process.env.BENCH_SHOW_SQL) for (const line of describeWaves(waves[0])) log(`  ${line}`);
      log(`One write: ${statements} statements`);

      const shapes: ShapeResult[] = [];
      for (const shape of ['one case', 'ten cases'] as const) {
        // Calls go to the cases in turn (ten cases: about one writer on each at a time).
        const caseOf = (call: number) => (shape === 'one case' ? 0 : call % caseIds.length);
        const apiSide = () => {
          let call = 0;
          return runConcurrently(WORKERS, SECONDS, () => write(caseIds[caseOf(call++)]));
        };
        const floorSide = async () => {
          // BENCH_API_ONLY=1: the API side alone (a tree whose writes cannot be replayed as recorded).
          if (process.env.BENCH_API_ONLY) return { ...(await apiSide()), perSecond: NaN, errors: 0 };
          let call = 0;
          return runConcurrently(WORKERS, SECONDS, () => replayWaves(pool, waves[caseOf(call++)]));
        };
        await runConcurrently(WORKERS, 2, () => write(caseIds[0]));
        await runConcurrently(WORKERS, 2, () => replayWaves(pool, waves[0]));
        const rounds: Round[] = [];
        for (let r = 0; r < ROUNDS; r += 1) {
          const api = await measured(() =>
            r === 0 ? profiled(`api-${shape.replace(' ', '-')}`, apiSide) : apiSide(),
          );
          const floor = await measured(() =>
            r === 0 ? profiled(`floor-${shape.replace(' ', '-')}`, floorSide) : floorSide(),
          );
          if (api.errors || floor.errors) throw new Error(`${shape}: ${api.errors} / ${floor.errors} errors`);
          rounds.push({ api, floor });
          log(
            `  ${shape} round ${r + 1}: API ${api.perSecond}/s p50 ${api.p50} p95 ${api.p95} ms; ` +
              `floor ${floor.perSecond}/s p50 ${floor.p50} p95 ${floor.p95} ms; ratio ${(api.perSecond / floor.perSecond).toFixed(2)}; ` +
              `CPU per write API ${api.cpuUsPerWrite} µs, floor ${floor.cpuUsPerWrite} µs`,
          );
        }
        const apiPerSecond = median(rounds.map((r) => r.api.perSecond));
        const floorPerSecond = median(rounds.map((r) => r.floor.perSecond));
        shapes.push({
          shape,
          statements,
          rounds,
          apiPerSecond,
          floorPerSecond,
          ratio: Number(median(rounds.map((r) => r.api.perSecond / r.floor.perSecond)).toFixed(2)),
          apiP50: median(rounds.map((r) => r.api.p50)),
          floorP50: median(rounds.map((r) => r.floor.p50)),
          apiCpuUsPerWrite: median(rounds.map((r) => r.api.cpuUsPerWrite)),
          floorCpuUsPerWrite: median(rounds.map((r) => r.floor.cpuUsPerWrite)),
        });
      }
      writeResults(shapes, describeWaves(waves[0]));
    } finally {
      await app.close();
    }
  } finally {
    await pool.end();
    await bench.drop();
  }
}

function writeResults(shapes: ShapeResult[], statements: string[]) {
  let commit = process.env.BENCH_COMMIT ?? 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // Run from a copy of the tree (git archive): the commit is BENCH_COMMIT's.
  }
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadAtStart} at the start, ${loadText()} at the end`;
  mkdirSync(resultsDir, { recursive: true });
  const at = new Date().toISOString();
  writeFileSync(
    `${resultsDir}journal-writes-postgres.json`,
    `${JSON.stringify({ at, commit, machine, workers: WORKERS, seconds: SECONDS, shapes, statements }, null, 2)}\n`,
  );
  const lines = [
    `# Journal writes, ${WORKERS} writers (${at}, commit ${commit})`,
    '',
    machine,
    '',
    '| shape | API writes/s | floor writes/s | ratio | rounds | API p50 ms | floor p50 ms | CPU µs/write API | CPU µs/write floor |',
    '| ----- | -----------: | -------------: | ----: | ------ | ---------: | -----------: | ---------------: | -----------------: |',
    ...shapes.map(
      (s) =>
        `| ${s.shape} | ${s.apiPerSecond} | ${s.floorPerSecond} | ${s.ratio} | ` +
        `${s.rounds.map((r) => (r.api.perSecond / r.floor.perSecond).toFixed(2)).join(', ')} | ` +
        `${s.apiP50} | ${s.floorP50} | ${s.apiCpuUsPerWrite} | ${s.floorCpuUsPerWrite} |`,
    ),
    '',
    'Statements of one write:',
    '',
    ...statements.map((line) => `- \`${line.replace(/`/g, "'")}\``),
    '',
  ];
  writeFileSync(`${resultsDir}journal-writes-postgres.md`, lines.join('\n'));
  for (const line of lines.slice(4, 4 + 2 + shapes.length)) log(line);
}

await main();
