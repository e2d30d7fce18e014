/**
 * Journal writes benchmark (not part of `npm test`), on PostgreSQL:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/journal-writes.bench.ts
 *
 * Starts the real server, compiled as `npm start` runs it (server/dist/main.mjs: build it first with
 * `npm run build` when the server's sources changed), as a child process on 127.0.0.1 on a throw-away
 * database, signs in over HTTP and creates journal entries (`POST /api/journal-entries`, a note in a
 * case) from BENCH_WORKERS concurrent clients (default 10, the server's pool size) over keep-alive
 * connections (one node:http Agent, as many sockets as clients), all on one case, then each on its own
 * case, for BENCH_SECONDS (default 8) each; beside the floor: the very statements one such request sent
 * to PostgreSQL (recorded at the driver, its transaction whole, in the order and overlap the app sent
 * them, while the same sources ran one write per case in this process with `app.inject` on the same
 * database before anything is timed), replayed by as many workers through a pool of the same size.
 * Replayed, the entry insert makes a new entry; the chain link is numbered and hashed by its own
 * statement, so it appends again. Three rounds, the two sides in turn (who goes first alternates); the
 * median of the rounds is reported, with each round and the load average. CPU per write: the server
 * process's (utime + stime from /proc/<pid>/stat, 10 ms ticks) on the API side, this process's
 * (node-postgres alone) on the floor's. It writes bench/results/journal-writes-postgres.{json,md}.
 * BENCH_SHOW_SQL=1 prints the statements of one request; BENCH_CPU_PROFILE=<dir> writes CPU profiles of
 * the floor's first round of each shape there (see `profiled`; the server is another process);
 * BENCH_API_ONLY=1 measures the API side alone (before issue 38 the chain link's number was computed in
 * JavaScript, and a replay collides with it).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createUser } from '../server/src/modules/users/users.service';
import { openBenchDatabase } from './lib/bench-database';
import { median, runConcurrently, type LoadRun } from './lib/concurrent-load';
import { postJson } from './lib/http-post';
import {
  describeWaves,
  recordPgQueries,
  replayWaves,
  toReplayWaves,
  type ReplayStep,
} from './lib/pg-recorder';
import { startBuiltServer, type ServerProcess } from './lib/server-process';
import { benchCommit, signIn, signInInProcess } from './lib/sign-in';

const EMAIL = 'writer@bench.example';
const PASSWORD = 'benchmark password';
const WORKERS = Number(process.env.BENCH_WORKERS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = 3;
/** The in-process app's own address (its requests, recorded for the floor, are injected, not sent). */
const IN_PROCESS_URL = 'http://127.0.0.1';
/** The compiled server, as `npm start` runs it. */
const SERVER_BUNDLE = fileURLToPath(new URL('../server/dist/main.mjs', import.meta.url));
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));

const log = (line: string) => console.log(line);
const loadText = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadAtStart = loadText();

/** A side's run, with the CPU time (user and system) per write of the process that served it, in µs. */
type MeasuredRun = LoadRun & { cpuUsPerWrite: number };

interface Round {
  api: MeasuredRun;
  floor: MeasuredRun;
}

/**
 * `run`, with the CPU time `cpuMs` counts per write while it ran: the server process's on the API
 * side (its HTTP, app and driver), this process's on the floor's (node-postgres alone). Unlike writes
 * per second, it hardly depends on what else the machine runs, so it ranks two trees on a loaded
 * machine where the ratio cannot.
 */
async function measured(cpuMs: () => number, run: () => Promise<LoadRun>): Promise<MeasuredRun> {
  const before = cpuMs();
  const result = await run();
  const used = cpuMs() - before;
  return { ...result, cpuUsPerWrite: Math.round((used * 1000) / Math.max(1, result.samples)) };
}

/** This process's CPU time (user and system) so far, in ms. */
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

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
  apiP95: number;
  floorP95: number;
  apiCpuUsPerWrite: number;
  floorCpuUsPerWrite: number;
}

/**
 * The statements of one write per case, recorded at the driver while the same sources run in this
 * process (`app.inject`, a session of its own) on the benchmark's database, before anything is timed:
 * one write per case first (what the app loads once), then one recorded.
 */
async function recordWrites(
  bench: Awaited<ReturnType<typeof openBenchDatabase>>,
  caseIds: readonly string[],
): Promise<ReplayStep[][][]> {
  const config = loadConfig({ DATABASE_URL: bench.url!, PUBLIC_URL: IN_PROCESS_URL, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database: bench.database, logger: false });
  try {
    const cookie = await signInInProcess(app, IN_PROCESS_URL, EMAIL, PASSWORD);
    const write = async (caseId: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/journal-entries',
        headers: { cookie, origin: IN_PROCESS_URL, 'content-type': 'application/json' },
        payload: { type: 'note', description: 'Recorded entry', caseId },
      });
      if (res.statusCode !== 201) throw new Error(`recorded write: ${res.statusCode} ${res.body}`);
    };
    for (const caseId of caseIds) await write(caseId);
    const waves: ReplayStep[][][] = [];
    for (const caseId of caseIds) waves.push(toReplayWaves(await recordPgQueries(() => write(caseId))));
    return waves;
  } finally {
    // The app closes its routes only: the database is the benchmark's (closed by `bench.drop`).
    await app.close();
  }
}

async function main() {
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL) {
    throw new Error('The journal writes benchmark runs on PostgreSQL: set BENCH_DATABASE_URL');
  }
  const bench = await openBenchDatabase();
  const pool = new pg.Pool({ connectionString: bench.url, max: WORKERS });
  // An idle connection closed from outside (the database dropped at the end) is no failure of the run.
  pool.on('error', (err) => log(`replay pool: ${err.message}`));
  const agent = new Agent({ keepAlive: true, maxSockets: WORKERS });
  // The server's data directory (evidence files): its own, thrown away at the end.
  const dataDir = mkdtempSync(join(tmpdir(), 'scamtrail-journal-writes-'));
  let server: ServerProcess | undefined;
  try {
    await bench.database.migrate();
    const user = await createUser(bench.database.db, {
      email: EMAIL,
      password: PASSWORD,
      firstName: 'Wren',
      lastName: 'Writer',
      role: 'investigator',
    });
    const originatorId = (user as unknown as { originatorId: string }).originatorId;
    const caseIds: string[] = [];
    for (let i = 0; i < WORKERS; i += 1) {
      const result = await bench.database.db.execute(sql`insert into cases
          (title, status, originator_id, last_activity_at)
        values (${`Writes ${i + 1}`}, 'open', ${originatorId}::uuid, now()) returning id`);
      caseIds.push((result as unknown as { rows: { id: string }[] }).rows[0].id);
    }

    // One request's statements per case (the same statements with that case's values).
    const waves = await recordWrites(bench, caseIds);
    const statements = waves[0].flat().reduce((n, s) => n + (s.kind === 'query' ? 1 : s.queries.length), 0);
    if (process.env.BENCH_SHOW_SQL) for (const line of describeWaves(waves[0])) log(`  ${line}`);
    log(`One write: ${statements} statements`);

    server = await startBuiltServer(SERVER_BUNDLE, {
      DATABASE_URL: bench.url!,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
    const { origin } = server;
    const cookie = await signIn(origin, EMAIL, PASSWORD);
    let written = 0;
    const write = async (caseId: string) => {
      const body = JSON.stringify({ type: 'note', description: `Entry ${(written += 1)}`, caseId });
      const { status, text } = await postJson(
        agent,
        `${origin}/api/journal-entries`,
        { origin, cookie },
        body,
      );
      if (status !== 201) throw new Error(`${status} ${text}`);
    };
    // The server's first writes on every case (what it loads and prepares once), not timed.
    for (const caseId of caseIds) for (let i = 0; i < 5; i += 1) await write(caseId);
    const serverCpuMs = () => server!.cpuMs();

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
      await runConcurrently(WORKERS, 2, () => write(caseIds[caseOf(0)]));
      await runConcurrently(WORKERS, 2, () => replayWaves(pool, waves[caseOf(0)]));
      const rounds: Round[] = [];
      for (let r = 0; r < ROUNDS; r += 1) {
        const api = () => measured(serverCpuMs, apiSide);
        const floor = () =>
          measured(ownCpuMs, () =>
            r === 0 ? profiled(`floor-${shape.replace(' ', '-')}`, floorSide) : floorSide(),
          );
        // Who goes first alternates from round to round, so neither always follows the other's
        // checkpoint or autovacuum.
        let round: Round;
        if (r % 2 === 0) {
          const a = await api();
          round = { api: a, floor: await floor() };
        } else {
          const f = await floor();
          round = { api: await api(), floor: f };
        }
        if (round.api.errors || round.floor.errors)
          throw new Error(`${shape}: ${round.api.errors} / ${round.floor.errors} errors`);
        rounds.push(round);
        const { api: a, floor: f } = round;
        log(
          `  ${shape} round ${r + 1}: API ${a.perSecond}/s p50 ${a.p50} p95 ${a.p95} ms; ` +
            `floor ${f.perSecond}/s p50 ${f.p50} p95 ${f.p95} ms; ratio ${(a.perSecond / f.perSecond).toFixed(2)}; ` +
            `CPU per write server ${a.cpuUsPerWrite} µs, floor ${f.cpuUsPerWrite} µs; load ${loadText()}`,
        );
      }
      shapes.push({
        shape,
        statements,
        rounds,
        apiPerSecond: median(rounds.map((r) => r.api.perSecond)),
        floorPerSecond: median(rounds.map((r) => r.floor.perSecond)),
        ratio: Number(median(rounds.map((r) => r.api.perSecond / r.floor.perSecond)).toFixed(2)),
        apiP50: median(rounds.map((r) => r.api.p50)),
        floorP50: median(rounds.map((r) => r.floor.p50)),
        apiP95: median(rounds.map((r) => r.api.p95)),
        floorP95: median(rounds.map((r) => r.floor.p95)),
        apiCpuUsPerWrite: median(rounds.map((r) => r.api.cpuUsPerWrite)),
        floorCpuUsPerWrite: median(rounds.map((r) => r.floor.cpuUsPerWrite)),
      });
    }
    writeResults(shapes, describeWaves(waves[0]));
  } finally {
    agent.destroy();
    await server?.stop();
    await pool.end();
    await bench.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function writeResults(shapes: ShapeResult[], statements: string[]) {
  const commit = benchCommit();
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadAtStart} at the start, ${loadText()} at the end`;
  mkdirSync(resultsDir, { recursive: true });
  const at = new Date().toISOString();
  writeFileSync(
    `${resultsDir}journal-writes-postgres.json`,
    `${JSON.stringify({ at, commit, machine, transport: 'http', workers: WORKERS, seconds: SECONDS, shapes, statements }, null, 2)}\n`,
  );
  const lines = [
    `# Journal writes, ${WORKERS} writers over HTTP (${at}, commit ${commit})`,
    '',
    machine,
    '',
    `The API side: the compiled server in a child process, ${WORKERS} clients over keep-alive HTTP; the floor: ` +
      `the same statements replayed over pg by ${WORKERS} workers. ${SECONDS} s per side and round, ` +
      `${ROUNDS} rounds, medians. CPU per write: the server process's (API), this process's (floor).`,
    '',
    '| shape | API writes/s | floor writes/s | ratio | rounds | API p50 / p95 ms | floor p50 / p95 ms | CPU µs/write server | CPU µs/write floor |',
    '| ----- | -----------: | -------------: | ----: | ------ | ---------------: | -----------------: | ------------------: | -----------------: |',
    ...shapes.map(
      (s) =>
        `| ${s.shape} | ${s.apiPerSecond} | ${s.floorPerSecond} | ${s.ratio} | ` +
        `${s.rounds.map((r) => (r.api.perSecond / r.floor.perSecond).toFixed(2)).join(', ')} | ` +
        `${s.apiP50} / ${s.apiP95} | ${s.floorP50} / ${s.floorP95} | ${s.apiCpuUsPerWrite} | ${s.floorCpuUsPerWrite} |`,
    ),
    '',
    'Statements of one write:',
    '',
    ...statements.map((line) => `- \`${line.replace(/`/g, "'")}\``),
    '',
  ];
  writeFileSync(`${resultsDir}journal-writes-postgres.md`, lines.join('\n'));
  for (const line of lines.slice(6, 6 + 2 + shapes.length)) log(line);
}

await main();
