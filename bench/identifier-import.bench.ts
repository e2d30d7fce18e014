/**
 * Identifier import benchmark (not part of `npm test`), on PostgreSQL:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:import
 *
 * Starts the real server (compiled, as `npm start` runs it) on a throw-away database and imports
 * BENCH_ROWS identifiers (default 100,000; the benchmark's realistic rows, every one new) over HTTP
 * (`POST /api/identifiers/import`, JSON `{ items }`) in requests of BENCH_ROWS_PER_REQUEST rows
 * (default 1,000, as the web app sends them) from BENCH_WORKERS concurrent clients (default 1: the
 * web app and the CLI send one request at a time), each request with its own `Idempotency-Key` as
 * both clients send it (BENCH_IDEMPOTENCY_KEY=0 leaves it out).
 *
 * The floor: the very statements the server sends to PostgreSQL for each of those requests (the
 * session lookup, the idempotency claim and answer, the transaction with the INSERTs ... SELECT FROM
 * jsonb_to_recordset and their statement trigger writing identifier_versions, the history event),
 * recorded at the driver while the same source runs the same requests in this process (`app.inject`)
 * on a copy of the server's database (same users and sessions), then replayed over pg by as many
 * workers through a pool of the server's size: no HTTP, no JavaScript of the app.
 *
 * Each round empties the identifier tables and idempotency keys of both databases, then runs the two
 * sides in turn, five requests per worker at a time (who goes first alternates), each side into its
 * own database, until every request has run on both: both write the same rows into tables of the same
 * size, and a machine busy with other work slows both alike. A side's time is the sum of its turns.
 * Three rounds; rows/s and their ratio are the medians, printed with each round and the load average.
 * It writes bench/results/identifier-import-postgres.{json,md}.
 * BENCH_SHOW_SQL=1 prints the statements of one request; BENCH_CPU_PROF=<dir> has the server write a
 * CPU profile there when it stops; BENCH_KEEP=1 keeps the two databases.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase, type Database, type Db } from '../server/src/db/client';
import * as schema from '../server/src/db/schema/index';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { median } from './lib/concurrent-load';
import { postJson } from './lib/http-post';
import {
  describeWaves,
  recordPgQueries,
  replayWaves,
  toReplayWaves,
  type ReplayStep,
} from './lib/pg-recorder';
import { seedIdentifier } from './lib/seed-data';
import { startServer, type ServerProcess } from './lib/server-process';
import { benchCommit, machineInfo, signIn, signInInProcess } from './lib/sign-in';

const EMAIL = 'importer@bench.example';
const PASSWORD = 'benchmark password 1';
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ROWS_PER_REQUEST = Number(process.env.BENCH_ROWS_PER_REQUEST ?? 1000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const WITH_KEY = process.env.BENCH_IDEMPOTENCY_KEY !== '0';
/** The server's pool (db/client.ts): the floor's pool is as large. */
const POOL_SIZE = 10;
const ROUNDS = 3;
/** Requests per worker each side sends before the other side's turn. */
const SLICE_REQUESTS = 5;
/** The in-process app's own address (its requests are injected, not sent). */
const IN_PROCESS_URL = 'http://127.0.0.1';
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));

const log = (line: string) => console.log(line);

if (!Number.isInteger(ROWS) || ROWS < 1 || ROWS > 5_000_000)
  throw new Error('BENCH_ROWS must be a whole number from 1 to 5,000,000');
if (!Number.isInteger(ROWS_PER_REQUEST) || ROWS_PER_REQUEST < 1 || ROWS_PER_REQUEST > 5000)
  throw new Error('BENCH_ROWS_PER_REQUEST must be a whole number from 1 to 5,000');
if (!Number.isInteger(WORKERS) || WORKERS < 1 || WORKERS > POOL_SIZE)
  throw new Error(`BENCH_WORKERS must be a whole number from 1 to ${POOL_SIZE}`);

/** The requests' JSON bodies, made before anything is measured. */
function requestBodies(): { body: string; rows: number }[] {
  const bodies: { body: string; rows: number }[] = [];
  for (let start = 0; start < ROWS; start += ROWS_PER_REQUEST) {
    const items = Array.from({ length: Math.min(ROWS_PER_REQUEST, ROWS - start) }, (_, k) =>
      seedIdentifier(start + k),
    );
    bodies.push({ body: JSON.stringify({ items }), rows: items.length });
  }
  return bodies;
}

/** Empties what an import writes, so every run writes the same rows into the same empty tables. */
async function emptyImportTables(client: pg.Client) {
  await client.query('truncate identifiers, identifier_versions, idempotency_keys cascade');
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(base: string, text: string) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** The summary at the end of an import answer (read without parsing the whole answer). */
function createdCount(answer: string): number {
  const match = /"summary":\{"created":(\d+)/.exec(answer.slice(-200));
  return match ? Number(match[1]) : NaN;
}

/** `workers` loops taking the next job until none is left; answers the seconds it took. */
async function drain(jobs: number, workers: number, run: (job: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < jobs) await run(next++);
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

function post(
  agent: Agent,
  origin: string,
  cookie: string,
  body: string,
): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { origin, cookie };
  if (WITH_KEY) headers['idempotency-key'] = randomUUID();
  return postJson(agent, `${origin}/api/identifiers/import`, headers, body);
}

/**
 * A module the server imports first that profiles it until it exits, as `node --cpu-prof` would (which
 * NODE_OPTIONS may not carry): the profile is written to `dir` as server-<pid>.cpuprofile.
 */
function cpuProfiler(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'cpu-profiler.mjs');
  writeFileSync(
    path,
    `import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.start');
process.on('exit', () => {
  session.post('Profiler.stop', (err, result) => {
    if (!err) writeFileSync(${JSON.stringify(dir)} + '/server-' + process.pid + '.cpuprofile', JSON.stringify(result.profile));
  });
});
`,
  );
  return path;
}

/**
 * The database as the server opens it, but querying through a plain pg pool: the server's own pool
 * wraps each connection's `query` (read timeouts), which the recorder, wrapping pg's prototype, would
 * not see. The statements are the same; only connection settings (timeouts) differ.
 */
async function recordableDatabase(url: string): Promise<Database> {
  const opened = await openDatabase({ url });
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  return {
    ...opened,
    db: drizzlePg(pool, { schema }) as unknown as Db,
    close: async () => {
      await pool.end();
      await opened.close();
    },
  };
}

interface Round {
  apiSeconds: number;
  floorSeconds: number;
  apiRowsPerSecond: number;
  floorRowsPerSecond: number;
  ratio: number;
  load: number[];
}

async function main() {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('The identifier import benchmark runs on PostgreSQL: set BENCH_DATABASE_URL');
  const loadAtStart = loadavg();
  const bodies = requestBodies();
  const suffix = randomBytes(4).toString('hex');
  const names = { api: `scamtrail_bench_${suffix}_api`, floor: `scamtrail_bench_${suffix}_floor` };
  const url = { api: withDatabase(base, names.api), floor: withDatabase(base, names.floor) };
  await adminQuery(base, `CREATE DATABASE ${names.api}`);
  const agent = new Agent({ keepAlive: true, maxSockets: WORKERS });
  const env = {
    DATABASE_URL: url.api,
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
    ...(process.env.BENCH_CPU_PROF
      ? { NODE_OPTIONS: `--import ${cpuProfiler(process.env.BENCH_CPU_PROF)}` }
      : {}),
  };
  let server: ServerProcess | undefined;
  let pool: pg.Pool | undefined;
  const direct = {
    api: new pg.Client({ connectionString: url.api }),
    floor: new pg.Client({ connectionString: url.floor }),
  };
  const rounds: Round[] = [];
  let statements: string[] = [];
  try {
    // The server migrates the database and creates its administrator; both sides sign in, the
    // floor's session (from the same source, in this process) is the one its recorded statements use.
    server = await startServer(env);
    const cookie = await signIn(server.origin, EMAIL, PASSWORD);
    const config = loadConfig({ DATABASE_URL: url.api, PUBLIC_URL: IN_PROCESS_URL, LOG_LEVEL: 'silent' });
    let database = await openDatabase({ url: url.api });
    let app = await buildApp({ config, database, logger: false });
    const floorCookie = await signInInProcess(app, IN_PROCESS_URL, EMAIL, PASSWORD);
    await app.close();
    await database.close();
    await server.stop();

    // The floor's own copy of that database: the two sides run in turn, a few requests at a time, each
    // into its own tables, so a machine busy with other work slows both alike.
    await adminQuery(base, `CREATE DATABASE ${names.floor} TEMPLATE ${names.api}`);
    server = await startServer(env);
    await direct.api.connect();
    await direct.floor.connect();

    // The floor's statements: each request run once by the same source in this process, recorded.
    database = await recordableDatabase(url.floor);
    app = await buildApp({ config, database, logger: false });
    const waves: ReplayStep[][][] = [];
    try {
      const inject = (body: string) =>
        app.inject({
          method: 'POST',
          url: '/api/identifiers/import',
          headers: {
            origin: IN_PROCESS_URL,
            cookie: floorCookie,
            'content-type': 'application/json',
            ...(WITH_KEY ? { 'idempotency-key': randomUUID() } : {}),
          },
          payload: body,
        });
      // Warm-up of the in-process app (its first request loads what it loads once), not recorded.
      const warm = await inject(bodies[0].body);
      if (warm.statusCode !== 200) throw new Error(`warm-up import: ${warm.statusCode} ${warm.body}`);
      await emptyImportTables(direct.floor);
      for (const { body, rows } of bodies) {
        const queries = await recordPgQueries(async () => {
          const res = await inject(body);
          if (res.statusCode !== 200 || createdCount(res.body) !== rows)
            throw new Error(`recorded import: ${res.statusCode} ${res.body.slice(0, 300)}`);
        });
        waves.push(toReplayWaves(queries));
      }
    } finally {
      await app.close();
      await database.close();
    }
    statements = describeWaves(waves[0]);
    log(`One request of ${bodies[0].rows} rows: ${statements.length} steps`);
    if (process.env.BENCH_SHOW_SQL) for (const line of statements) log(`  ${line}`);

    const origin = server.origin;
    const importOverHttp = async (job: number) => {
      const { status, text } = await post(agent, origin, cookie, bodies[job].body);
      if (status !== 200 || createdCount(text) !== bodies[job].rows)
        throw new Error(`import ${job}: ${status} ${text.slice(0, 300)}`);
    };
    pool = new pg.Pool({ connectionString: url.floor, max: POOL_SIZE });
    const replay = (job: number) => replayWaves(pool!, waves[job]);
    /** Both sides over all requests, a slice of SLICE_REQUESTS at a time each; answers each side's seconds. */
    const run = async (jobs: number) => {
      await emptyImportTables(direct.api);
      await emptyImportTables(direct.floor);
      let apiSeconds = 0;
      let floorSeconds = 0;
      const slice = SLICE_REQUESTS * WORKERS;
      for (let first = 0, turn = 0; first < jobs; first += slice, turn += 1) {
        const count = Math.min(slice, jobs - first);
        const api = () => drain(count, WORKERS, (job) => importOverHttp(first + job));
        const floor = () => drain(count, WORKERS, (job) => replay(first + job));
        // Turn about who goes first, so neither always follows the other's checkpoint or autovacuum.
        if (turn % 2 === 0) {
          apiSeconds += await api();
          floorSeconds += await floor();
        } else {
          floorSeconds += await floor();
          apiSeconds += await api();
        }
      }
      return { apiSeconds, floorSeconds };
    };

    // Warm-up of both sides: the server's first imports, the floor's connections.
    await run(Math.min(5, bodies.length));
    for (let round = 1; round <= ROUNDS; round += 1) {
      const { apiSeconds, floorSeconds } = await run(bodies.length);
      const r: Round = {
        apiSeconds,
        floorSeconds,
        apiRowsPerSecond: Math.round(ROWS / apiSeconds),
        floorRowsPerSecond: Math.round(ROWS / floorSeconds),
        ratio: floorSeconds / apiSeconds,
        load: loadavg(),
      };
      rounds.push(r);
      log(
        `round ${round}: API ${r.apiRowsPerSecond.toLocaleString('en-US')} rows/s, floor ` +
          `${r.floorRowsPerSecond.toLocaleString('en-US')} rows/s, ratio ${r.ratio.toFixed(2)}, load ` +
          r.load.map((l) => l.toFixed(2)).join(' '),
      );
    }
  } finally {
    agent.destroy();
    await server?.stop();
    await pool?.end();
    await direct.api.end().catch(() => {});
    await direct.floor.end().catch(() => {});
    // BENCH_KEEP=1 keeps the databases for a look afterwards.
    if (process.env.BENCH_KEEP === '1') log(`kept databases ${names.api} and ${names.floor}`);
    else
      for (const name of [names.api, names.floor])
        await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  writeResults(rounds, statements, loadAtStart);
}

function writeResults(rounds: Round[], statements: string[], loadAtStart: number[]) {
  const commit = benchCommit();
  const machine = machineInfo(loadAtStart);
  const summary = {
    rows: ROWS,
    rowsPerRequest: ROWS_PER_REQUEST,
    workers: WORKERS,
    idempotencyKey: WITH_KEY,
    apiRowsPerSecond: median(rounds.map((r) => r.apiRowsPerSecond)),
    floorRowsPerSecond: median(rounds.map((r) => r.floorRowsPerSecond)),
    ratio: Number(median(rounds.map((r) => r.ratio)).toFixed(2)),
  };
  const at = new Date().toISOString();
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    join(resultsDir, 'identifier-import-postgres.json'),
    `${JSON.stringify({ at, commit, machine, summary, rounds, statements }, null, 2)}\n`,
  );
  const f = (n: number) => n.toFixed(2);
  const n = (v: number) => v.toLocaleString('en-US');
  const lines = [
    `# Identifier import, ${n(ROWS)} rows (${at}, commit ${commit}, postgres)`,
    '',
    `${machine.cpus} × ${machine.cpuModel}, load ${loadAtStart.map(f).join(' ')} at start, ` +
      `${machine.loadAverageAtEnd.map(f).join(' ')} at end`,
    '',
    `${n(ROWS_PER_REQUEST)} rows per request, ${WORKERS} concurrent ${WORKERS === 1 ? 'client' : 'clients'}, ` +
      `${WITH_KEY ? 'an' : 'no'} Idempotency-Key per request`,
    '',
    '| round | API rows/s | floor rows/s | API / floor | load (1 min) |',
    '| ----: | ---------: | -----------: | ----------: | -----------: |',
    ...rounds.map(
      (r, i) =>
        `| ${i + 1} | ${n(r.apiRowsPerSecond)} | ${n(r.floorRowsPerSecond)} | ${f(r.ratio)} | ${f(r.load[0])} |`,
    ),
    `| median | ${n(summary.apiRowsPerSecond)} | ${n(summary.floorRowsPerSecond)} | ${f(summary.ratio)} | |`,
    '',
    'Statements of one request (the floor replays these, each request with its own rows):',
    '',
    ...statements.map((line) => `- \`${line.replace(/`/g, "'")}\``),
    '',
  ];
  writeFileSync(join(resultsDir, 'identifier-import-postgres.md'), lines.join('\n'));
  log(lines.slice(0, 4 + 4 + rounds.length + 1).join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
