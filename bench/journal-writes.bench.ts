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
 * database before anything is timed), replayed by as many workers through a pool of the same size;
 * and between the two, the bare HTTP server (bench/lib/journal-bare-server.ts: node:http in a child
 * process, no framework, no checks) that replays those very statements through a pool of the same size
 * for each POST, driven by the same HTTP clients as the API: the floor of any HTTP server in front of
 * this SQL on this machine.
 * Replayed, the entry insert makes a new entry; the chain link is numbered and hashed by its own
 * statement, so it appends again. BENCH_ROUNDS rounds (default 3), the three sides in turn (who goes
 * first rotates); the median of the rounds is reported, with each round and the load average. CPU per
 * write: the server process's (utime + stime from /proc/<pid>/stat, 10 ms ticks) on the API and bare
 * sides, this process's (node-postgres alone) on the floor's; beside it, PostgreSQL's CPU and the
 * machine's idle time per write (bench/lib/machine-cpu.ts), so that a side's time per write is
 * accounted for whole. It writes bench/results/journal-writes-postgres.{json,md}.
 * BENCH_SERVER_BUNDLE=<path> runs another compiled server (a copy of an earlier build's server/dist, for a
 * before and after in the same conditions; the floor is recorded from the sources in this tree).
 * BENCH_SHOW_SQL=1 prints the statements of one request; BENCH_CPU_PROFILE=<dir> writes CPU profiles of
 * the floor's first round of each shape there (see `profiled`; the server is another process);
 * BENCH_API_ONLY=1 measures the API side alone (before issue 38 the chain link's number was computed in
 * JavaScript, and a replay collides with it). BENCH_SERVER_PROFILE=<dir> runs V8's CPU profiler in the
 * server and in the bare server (bench/lib/cpu-profile-preload.mjs; each profile is written when its
 * process stops, the server's in <dir>, the bare server's in <dir>/bare), and the results end with both
 * servers' CPU per write by the code that ran, over the measured rounds (bench/lib/profile-breakdown.ts).
 * BENCH_INSTANCES=<n> (default 1) starts n servers on the same database, as several instances behind a
 * load balancer run, and sends the API side's calls to each in turn; its CPU per write is theirs together.
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
import { machineCpu, postgresMsBetween } from './lib/machine-cpu';
import { breakdownTable, busyShares, profilesIn } from './lib/profile-breakdown';
import { postJson } from './lib/http-post';
import {
  describeWaves,
  recordPgQueries,
  replayWaves,
  toReplayWaves,
  type ReplayStep,
} from './lib/pg-recorder';
import { startBuiltServer, startProcess, type ServerProcess } from './lib/server-process';
import { benchCommit, signIn, signInInProcess } from './lib/sign-in';

const EMAIL = 'writer@bench.example';
const PASSWORD = 'benchmark password';
const WORKERS = Number(process.env.BENCH_WORKERS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
/** The three sides of a round, in the order of the first round (it rotates). */
const SIDES = ['api', 'bare', 'floor'] as const;
/** The in-process app's own address (its requests, recorded for the floor, are injected, not sent). */
const IN_PROCESS_URL = 'http://127.0.0.1';
/** The compiled server, as `npm start` runs it. */
const SERVER_BUNDLE =
  process.env.BENCH_SERVER_BUNDLE ?? fileURLToPath(new URL('../server/dist/main.mjs', import.meta.url));
/** Preloaded into the server with BENCH_SERVER_PROFILE: V8's CPU profiler from start to exit. */
const PROFILE_PRELOAD = fileURLToPath(new URL('./lib/cpu-profile-preload.mjs', import.meta.url));
/** The bare HTTP server that replays the recorded statements of a write (the HTTP floor). */
const BARE_SERVER = fileURLToPath(new URL('./lib/journal-bare-server.ts', import.meta.url));
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));

const log = (line: string) => console.log(line);
const loadText = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadAtStart = loadText();

/** A side's run, with the CPU time (user and system) per write of the process that served it, in µs. */
type MeasuredRun = LoadRun & {
  cpuUsPerWrite: number;
  /** The span it was measured over, on the monotonic clock (µs), as CPU profiles time their samples. */
  fromUs: number;
  toUs: number;
  /** The machine's idle time and PostgreSQL's CPU time per write, in µs, over the same span. */
  idleUsPerWrite: number;
  postgresUsPerWrite: number;
};

interface Round {
  api: MeasuredRun;
  bare: MeasuredRun;
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
  const machineBefore = machineCpu();
  const fromUs = monotonicUs();
  const result = await run();
  const toUs = monotonicUs();
  const used = cpuMs() - before;
  const machineAfter = machineCpu();
  const perWrite = (ms: number) => Math.round((ms * 1000) / Math.max(1, result.samples));
  return {
    ...result,
    cpuUsPerWrite: perWrite(used),
    fromUs,
    toUs,
    idleUsPerWrite: perWrite(machineAfter.idleMs - machineBefore.idleMs),
    postgresUsPerWrite: perWrite(postgresMsBetween(machineBefore, machineAfter)),
  };
}

/** The monotonic clock in µs: the one V8's CPU profiles time their samples by. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

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
  barePerSecond: number;
  floorPerSecond: number;
  /** API / pg floor. */
  ratio: number;
  /** Bare HTTP server / pg floor. */
  bareRatio: number;
  /** API / bare HTTP server. */
  apiToBare: number;
  apiP50: number;
  bareP50: number;
  floorP50: number;
  apiP95: number;
  bareP95: number;
  floorP95: number;
  apiCpuUsPerWrite: number;
  bareCpuUsPerWrite: number;
  floorCpuUsPerWrite: number;
  /** PostgreSQL's CPU per write and the machine's idle time per write, API, bare and floor, in µs. */
  postgresUsPerWrite: number[];
  idleUsPerWrite: number[];
}

/**
 * The recorded waves of each case as the bare server reads them: JSON, a statement's type parsers
 * (Drizzle's functions) as `true`, which the bare server turns back into the same parsers.
 */
function writeReplayFile(file: string, caseIds: readonly string[], waves: ReplayStep[][][]) {
  const byCase = Object.fromEntries(caseIds.map((id, i) => [id, waves[i]]));
  writeFileSync(
    file,
    JSON.stringify(byCase, (key, value: unknown) =>
      key === 'types' && value && typeof value === 'object' ? true : value,
    ),
  );
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
  const servers: ServerProcess[] = [];
  let bare: ServerProcess | undefined;
  const profileDir = process.env.BENCH_SERVER_PROFILE;
  let results: { shapes: ShapeResult[]; statements: string[] };
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

    for (let i = 0; i < INSTANCES; i += 1) {
      servers.push(
        await startBuiltServer(SERVER_BUNDLE, {
          DATABASE_URL: bench.url!,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          ...(profileDir ? { NODE_OPTIONS: `--import ${PROFILE_PRELOAD}`, CPU_PROFILE_DIR: profileDir } : {}),
        }),
      );
    }
    const { origin } = servers[0];
    const replayFile = join(dataDir, 'journal-writes.replay.json');
    writeReplayFile(replayFile, caseIds, waves);
    bare = await startProcess(BARE_SERVER, {
      DATABASE_URL: bench.url!,
      REPLAY_FILE: replayFile,
      POOL_SIZE: String(WORKERS),
      ...(profileDir
        ? { NODE_OPTIONS: `--import ${PROFILE_PRELOAD}`, CPU_PROFILE_DIR: join(profileDir, 'bare') }
        : {}),
    });
    const bareOrigin = bare.origin;
    const cookie = await signIn(origin, EMAIL, PASSWORD);
    let written = 0;
    const post = async (to: string, caseId: string) => {
      const body = JSON.stringify({ type: 'note', description: `Entry ${(written += 1)}`, caseId });
      const { status, text } = await postJson(
        agent,
        `${to}/api/journal-entries`,
        { origin: to, cookie },
        body,
      );
      if (status !== 201) throw new Error(`${status} ${text}`);
    };
    let nextInstance = 0;
    const write = (caseId: string) => post(servers[nextInstance++ % servers.length].origin, caseId);
    const bareWrite = (caseId: string) => post(bareOrigin, caseId);
    // The server's first writes on every case (what it loads and prepares once), not timed.
    for (const caseId of caseIds) for (let i = 0; i < 5; i += 1) await write(caseId);
    const serverCpuMs = () => servers.reduce((sum, s) => sum + s.cpuMs(), 0);
    const bareCpuMs = () => bare!.cpuMs();

    const shapes: ShapeResult[] = [];
    for (const shape of ['one case', 'ten cases'] as const) {
      // Calls go to the cases in turn (ten cases: about one writer on each at a time).
      const caseOf = (call: number) => (shape === 'one case' ? 0 : call % caseIds.length);
      const apiSide = () => {
        let call = 0;
        return runConcurrently(WORKERS, SECONDS, () => write(caseIds[caseOf(call++)]));
      };
      const bareSide = () => {
        let call = 0;
        return runConcurrently(WORKERS, SECONDS, () => bareWrite(caseIds[caseOf(call++)]));
      };
      const floorSide = async () => {
        // BENCH_API_ONLY=1: the API side alone (a tree whose writes cannot be replayed as recorded).
        if (process.env.BENCH_API_ONLY) return { ...(await apiSide()), perSecond: NaN, errors: 0 };
        let call = 0;
        return runConcurrently(WORKERS, SECONDS, () => replayWaves(pool, waves[caseOf(call++)]));
      };
      await runConcurrently(WORKERS, 2, () => write(caseIds[caseOf(0)]));
      await runConcurrently(WORKERS, 2, () => bareWrite(caseIds[caseOf(0)]));
      await runConcurrently(WORKERS, 2, () => replayWaves(pool, waves[caseOf(0)]));
      const rounds: Round[] = [];
      for (let r = 0; r < ROUNDS; r += 1) {
        const sides = {
          api: () => measured(serverCpuMs, apiSide),
          bare: () => measured(bareCpuMs, bareSide),
          floor: () =>
            measured(ownCpuMs, () =>
              r === 0 ? profiled(`floor-${shape.replace(' ', '-')}`, floorSide) : floorSide(),
            ),
        };
        // Who goes first rotates from round to round, so no side always follows another's
        // checkpoint or autovacuum.
        const order = SIDES.map((_, i, all) => all[(i + r) % all.length]);
        const measuredSides: Partial<Round> = {};
        for (const side of order) measuredSides[side] = await sides[side]();
        const round = measuredSides as Round;
        if (round.api.errors || round.bare.errors || round.floor.errors)
          throw new Error(
            `${shape}: ${round.api.errors} / ${round.bare.errors} / ${round.floor.errors} errors`,
          );
        rounds.push(round);
        const { api: a, bare: b, floor: f } = round;
        log(
          `  ${shape} round ${r + 1} (${order.join(', ')}): API ${a.perSecond}/s p50 ${a.p50} p95 ${a.p95} ms; ` +
            `bare ${b.perSecond}/s p50 ${b.p50} p95 ${b.p95} ms; ` +
            `floor ${f.perSecond}/s p50 ${f.p50} p95 ${f.p95} ms; ratio API ${(a.perSecond / f.perSecond).toFixed(2)}, ` +
            `bare ${(b.perSecond / f.perSecond).toFixed(2)}; CPU per write server ${a.cpuUsPerWrite} µs, ` +
            `bare ${b.cpuUsPerWrite} µs, floor ${f.cpuUsPerWrite} µs; PostgreSQL ${a.postgresUsPerWrite}, ` +
            `${b.postgresUsPerWrite}, ${f.postgresUsPerWrite} µs; idle ${a.idleUsPerWrite}, ${b.idleUsPerWrite}, ` +
            `${f.idleUsPerWrite} µs; load ${loadText()}`,
        );
      }
      shapes.push({
        shape,
        statements,
        rounds,
        apiPerSecond: median(rounds.map((r) => r.api.perSecond)),
        barePerSecond: median(rounds.map((r) => r.bare.perSecond)),
        floorPerSecond: median(rounds.map((r) => r.floor.perSecond)),
        ratio: Number(median(rounds.map((r) => r.api.perSecond / r.floor.perSecond)).toFixed(2)),
        bareRatio: Number(median(rounds.map((r) => r.bare.perSecond / r.floor.perSecond)).toFixed(2)),
        apiToBare: Number(median(rounds.map((r) => r.api.perSecond / r.bare.perSecond)).toFixed(2)),
        apiP50: median(rounds.map((r) => r.api.p50)),
        bareP50: median(rounds.map((r) => r.bare.p50)),
        floorP50: median(rounds.map((r) => r.floor.p50)),
        apiP95: median(rounds.map((r) => r.api.p95)),
        bareP95: median(rounds.map((r) => r.bare.p95)),
        floorP95: median(rounds.map((r) => r.floor.p95)),
        apiCpuUsPerWrite: median(rounds.map((r) => r.api.cpuUsPerWrite)),
        bareCpuUsPerWrite: median(rounds.map((r) => r.bare.cpuUsPerWrite)),
        floorCpuUsPerWrite: median(rounds.map((r) => r.floor.cpuUsPerWrite)),
        postgresUsPerWrite: SIDES.map((side) => median(rounds.map((r) => r[side].postgresUsPerWrite))),
        idleUsPerWrite: SIDES.map((side) => median(rounds.map((r) => r[side].idleUsPerWrite))),
      });
    }
    results = { shapes, statements: describeWaves(waves[0]) };
  } finally {
    agent.destroy();
    // Stopped before the results are written: a profiled server writes its profile as it exits.
    for (const s of servers) await s.stop();
    await bare?.stop();
    await pool.end();
    await bench.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  writeResults(
    results.shapes,
    results.statements,
    profileDir ? serverBreakdown(profileDir, results.shapes) : [],
  );
}

/**
 * BENCH_SERVER_PROFILE: the API's server's and the bare server's CPU per write by the code that ran,
 * over the measured rounds of both shapes (not start-up, sign-in or warm-up).
 */
function serverBreakdown(dir: string, shapes: ShapeResult[]): string[] {
  const side = (name: 'api' | 'bare', profiles: string[]) => {
    const runs = shapes.flatMap((s) => s.rounds.map((r) => r[name]));
    const writes = runs.reduce((sum, run) => sum + run.samples, 0);
    const cpuUs = runs.reduce((sum, run) => sum + run.cpuUsPerWrite * run.samples, 0);
    return { shares: busyShares(profiles, runs), cpuUsPerRequest: cpuUs / Math.max(1, writes) };
  };
  return [
    `Where the servers' CPU went while measured (V8 CPU profiles in ${dir}, both shapes, every round):`,
    "each server's CPU time per write (/proc), split by the shares of its busy samples by the code on",
    'top of the stack:',
    '',
    ...breakdownTable(side('api', profilesIn(dir)), side('bare', profilesIn(join(dir, 'bare')))),
  ];
}

function writeResults(shapes: ShapeResult[], statements: string[], breakdown: string[]) {
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
    `The API side: the compiled server in ${INSTANCES === 1 ? 'a child process' : `${INSTANCES} child processes on one database, called in turn`}, ${WORKERS} clients over keep-alive HTTP; bare: ` +
      `a node:http server in a child process replaying the recorded statements of a write for each POST ` +
      `through a pool of ${WORKERS}, the same clients; the floor: the same statements replayed over pg by ` +
      `${WORKERS} workers. ${SECONDS} s per side and round, ${ROUNDS} rounds, medians. CPU per write: the ` +
      `server process's (API, bare), this process's (floor); PostgreSQL's processes' and the machine's ` +
      `idle time per write on each side (API, bare, floor): the cores left unused while it ran.`,
    '',
    '| shape | API writes/s | bare writes/s | floor writes/s | API / floor | bare / floor | API / bare | API / floor rounds | bare / floor rounds | API p50 / p95 ms | bare p50 / p95 ms | floor p50 / p95 ms | CPU µs/write server | CPU µs/write bare | CPU µs/write floor | PostgreSQL µs/write | idle µs/write |',
    '| ----- | -----------: | ------------: | -------------: | ----------: | -----------: | ---------: | ------------------ | ------------------- | ---------------: | ----------------: | -----------------: | ------------------: | ----------------: | -----------------: | ------------------- | ------------- |',
    ...shapes.map(
      (s) =>
        `| ${s.shape} | ${s.apiPerSecond} | ${s.barePerSecond} | ${s.floorPerSecond} | ${s.ratio} | ${s.bareRatio} | ${s.apiToBare} | ` +
        `${s.rounds.map((r) => (r.api.perSecond / r.floor.perSecond).toFixed(2)).join(', ')} | ` +
        `${s.rounds.map((r) => (r.bare.perSecond / r.floor.perSecond).toFixed(2)).join(', ')} | ` +
        `${s.apiP50} / ${s.apiP95} | ${s.bareP50} / ${s.bareP95} | ${s.floorP50} / ${s.floorP95} | ` +
        `${s.apiCpuUsPerWrite} | ${s.bareCpuUsPerWrite} | ${s.floorCpuUsPerWrite} | ` +
        `${s.postgresUsPerWrite.join(', ')} | ${s.idleUsPerWrite.join(', ')} |`,
    ),
    '',
    'Statements of one write:',
    '',
    ...statements.map((line) => `- \`${line.replace(/`/g, "'")}\``),
    '',
    ...(breakdown.length ? [...breakdown, ''] : []),
  ];
  writeFileSync(`${resultsDir}journal-writes-postgres.md`, lines.join('\n'));
  for (const line of lines.slice(6, 6 + 2 + shapes.length)) log(line);
  for (const line of breakdown) log(line);
}

await main();
