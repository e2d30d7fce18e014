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
 * session lookup, the idempotency claim and answer, the transaction with the INSERT ... SELECT FROM
 * jsonb_to_recordset and its statement trigger writing identifier_versions, the history event),
 * recorded at the driver while the same source runs the same requests in this process (`app.inject`),
 * then replayed over pg by as many workers through a pool of the server's size, no HTTP and no
 * JavaScript of the app. Before each run the identifier tables and the idempotency keys are emptied,
 * so both sides write the same rows into the same empty tables.
 *
 * Three rounds, the API and the floor in turn; rows/s and their ratio are the medians of the rounds,
 * printed with each round and the load average. It writes bench/results/identifier-import-postgres.{json,md}.
 * BENCH_SHOW_SQL=1 prints the statements of one request.
 */
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openBenchDatabase, type BenchDatabase } from './lib/bench-database';
import { median } from './lib/concurrent-load';
import {
  describeWaves,
  recordPgQueries,
  replayWaves,
  toReplayWaves,
  type ReplayStep,
} from './lib/pg-recorder';
import { seedIdentifier } from './lib/seed-data';
import { startServer } from './lib/server-process';
import { machineInfo, signIn } from './lib/sign-in';

const EMAIL = 'importer@bench.example';
const PASSWORD = 'benchmark password 1';
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ROWS_PER_REQUEST = Number(process.env.BENCH_ROWS_PER_REQUEST ?? 1000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const WITH_KEY = process.env.BENCH_IDEMPOTENCY_KEY !== '0';
/** The server's pool (db/client.ts): the floor's pool is as large. */
const POOL_SIZE = 10;
const ROUNDS = 3;
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
async function emptyImportTables(bench: BenchDatabase) {
  await bench.database.db.execute(sql`truncate identifiers, identifier_versions, idempotency_keys cascade`);
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
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      origin,
      cookie,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    };
    if (WITH_KEY) headers['idempotency-key'] = randomUUID();
    const req = request(`${origin}/api/identifiers/import`, { method: 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
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
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL) {
    throw new Error('The identifier import benchmark runs on PostgreSQL: set BENCH_DATABASE_URL');
  }
  const loadAtStart = loadavg();
  const bodies = requestBodies();
  const bench = await openBenchDatabase();
  const pool = new pg.Pool({ connectionString: bench.url, max: POOL_SIZE });
  const agent = new Agent({ keepAlive: true, maxSockets: WORKERS });
  const server = await startServer({
    DATABASE_URL: bench.url!,
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
  });
  const rounds: Round[] = [];
  let statements: string[] = [];
  try {
    const cookie = await signIn(server.origin, EMAIL, PASSWORD);
    const importOverHttp = async (job: number) => {
      const { status, text } = await post(agent, server.origin, cookie, bodies[job].body);
      if (status !== 200 || createdCount(text) !== bodies[job].rows)
        throw new Error(`import ${job}: ${status} ${text.slice(0, 300)}`);
    };

    // The floor's statements: each request run once by the same source in this process, recorded.
    const config = loadConfig({ DATABASE_URL: bench.url!, PUBLIC_URL: server.origin, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database: bench.database, logger: false });
    const waves: ReplayStep[][][] = [];
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: server.origin },
        payload: { email: EMAIL, password: PASSWORD },
      });
      const session = login.cookies.find((c) => c.name === 'scamtrail_session');
      if (!session) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
      const inProcessCookie = `${session.name}=${session.value}`;
      // Warm-up of the in-process app (its first request loads what it loads once), not recorded.
      await emptyImportTables(bench);
      const warm = await app.inject({
        method: 'POST',
        url: '/api/identifiers/import',
        headers: { origin: server.origin, cookie: inProcessCookie, 'content-type': 'application/json' },
        payload: bodies[0].body,
      });
      if (warm.statusCode !== 200) throw new Error(`warm-up import: ${warm.statusCode} ${warm.body}`);
      await emptyImportTables(bench);
      for (const { body, rows } of bodies) {
        const queries = await recordPgQueries(async () => {
          const res = await app.inject({
            method: 'POST',
            url: '/api/identifiers/import',
            headers: {
              origin: server.origin,
              cookie: inProcessCookie,
              'content-type': 'application/json',
              ...(WITH_KEY ? { 'idempotency-key': randomUUID() } : {}),
            },
            payload: body,
          });
          if (res.statusCode !== 200 || createdCount(res.body) !== rows)
            throw new Error(`recorded import: ${res.statusCode} ${res.body.slice(0, 300)}`);
        });
        waves.push(toReplayWaves(queries));
      }
    } finally {
      await app.close();
    }
    statements = describeWaves(waves[0]);
    log(`One request of ${bodies[0].rows} rows: ${statements.length} steps`);
    if (process.env.BENCH_SHOW_SQL) for (const line of statements) log(`  ${line}`);

    // Warm-up of both sides: the server's first imports, the floor's connections.
    await emptyImportTables(bench);
    await drain(Math.min(5, bodies.length), WORKERS, importOverHttp);
    await emptyImportTables(bench);
    await drain(Math.min(5, bodies.length), WORKERS, (job) => replayWaves(pool, waves[job]));

    for (let round = 1; round <= ROUNDS; round += 1) {
      await emptyImportTables(bench);
      const apiSeconds = await drain(bodies.length, WORKERS, importOverHttp);
      await emptyImportTables(bench);
      const floorSeconds = await drain(bodies.length, WORKERS, (job) => replayWaves(pool, waves[job]));
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
    await server.stop();
    await pool.end();
    await bench.drop();
  }
  writeResults(rounds, statements, loadAtStart);
}

function writeResults(rounds: Round[], statements: string[], loadAtStart: number[]) {
  let commit = process.env.BENCH_COMMIT ?? 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // Run from a copy of the tree (git archive): the commit is BENCH_COMMIT's.
  }
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
