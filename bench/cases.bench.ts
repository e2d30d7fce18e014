/**
 * Case benchmark (not part of `npm test`), on PostgreSQL:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:cases
 *
 * Seeds a case with 1,000 journal entries and 500 evidence items (among 5,000 other cases), seals
 * them into their cases' hash chains and runs VACUUM ANALYZE (a settled database), starts
 * the real server as a child process on 127.0.0.1, and measures over real HTTP:
 * - `GET /api/cases/{id}` and the first page of its journal, from BENCH_WORKERS autocannon
 *   connections (default 10, the app's pool size) for BENCH_SECONDS (default 10), every answer's
 *   latency kept; beside the very statements the app ran for that request, replayed one after another
 *   from the same number of concurrent workers through a pool of the same size, each as a named
 *   prepared statement. Three rounds, alternating; the median and each round are reported. Each
 *   round then measures both sides again from one connection (one worker) for BENCH_SERIAL_SECONDS
 *   (default 5): each answer's own time, without queueing.
 *   `GET /api/auth/me` (the session lookup alone) is measured the same way as a reference: the fixed
 *   cost of one HTTP request through the server.
 * - the timeline's first page rendered in Chromium (navigation to the newest entry on screen);
 *   needs the built web app (`npm run build`).
 * - uploading 100 files of 1 MB through `POST /api/evidence`, 4 at a time.
 * The API side sends `accept-encoding: gzip, deflate, br` as a browser does (BENCH_ACCEPT_ENCODING
 * overrides it; empty for none). Results go to bench/results/cases-postgres.{json,md}. BENCH_QUICK=1 measures the requests only
 * and writes nothing; BENCH_SHOW_SQL=1 prints the statements each request runs.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium } from 'playwright';
import { findChromium } from '../e2e/support/chromium';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openBenchDatabase, preparedStatement, type Statement } from './lib/bench-database';
import { CASE_ENTRIES, CASE_EVIDENCE, NEWEST_ENTRY_TEXT, prepareCaseDatabase } from './lib/case-seed';
import { medianSide, writeCaseResults, type CaseBenchResult, type EndpointResult } from './lib/case-report';
import { median, runConcurrently, runServerLoad, type LoadRun } from './lib/concurrent-load';
import { startProcess, startServer, type ServerProcess } from './lib/server-process';
import { signIn, signInInProcess } from './lib/sign-in';
import { summarise, timed } from './lib/stats';

const EMAIL = 'cases@bench.example';
const PASSWORD = 'benchmark password';
const ROUNDS = 3;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** One request at a time: each side's own latency, without queueing. */
const SERIAL_SECONDS = Number(process.env.BENCH_SERIAL_SECONDS ?? 5);
const REFERENCE_PATH = '/api/auth/me';
/** What the API side accepts; BENCH_ACCEPT_ENCODING= (empty) measures uncompressed answers. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const UPLOADS = 100;
const UPLOAD_BYTES = 1024 * 1024;
const UPLOAD_CONCURRENCY = 4;
const webDist = fileURLToPath(new URL('../web/dist/index.html', import.meta.url));

const log = (line: string) => console.log(line);

/** The statements one request runs, recorded from an in-process app on the same database. */
async function recordStatements(
  bench: Awaited<ReturnType<typeof openBenchDatabase>>,
  paths: string[],
): Promise<Map<string, Statement[]>> {
  const publicUrl = 'http://127.0.0.1';
  const config = loadConfig({ DATABASE_URL: bench.url, PUBLIC_URL: publicUrl, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database: bench.database, logger: false });
  try {
    const cookie = await signInInProcess(app, publicUrl, EMAIL, PASSWORD);
    const recorded = new Map<string, Statement[]>();
    for (const path of paths) {
      const request = () => app.inject({ url: path, headers: { cookie } });
      for (let i = 0; i < 5; i += 1) await request();
      bench.record = [];
      const res = await request();
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      recorded.set(path, bench.record);
      bench.record = null;
    }
    return recorded;
  } finally {
    await app.close();
  }
}

/** The product, the floor (bench/lib/replay-server.ts) and the SQL side, for one request. */
interface Sides {
  product: ServerProcess;
  floor: ServerProcess;
  pool: pg.Pool;
  cookie: string;
}

async function measureEndpoint(sides: Sides, path: string, statements: Statement[]): Promise<EndpointResult> {
  // As a browser asks: the server compresses answers of 1 KB or more (autocannon does not decompress).
  const headers: Record<string, string> = { cookie: sides.cookie };
  if (ACCEPT_ENCODING) headers['accept-encoding'] = ACCEPT_ENCODING;
  const http = (server: ServerProcess, seconds: number, connections = WORKERS) =>
    runServerLoad(server, path, connections, seconds, headers);
  // Named once, as the app names its statements once: the SQL side does no work the app does not.
  const queries = statements.map((s) => ({ ...preparedStatement(s), rowMode: 'array' as const }));
  const direct = async () => {
    for (const query of queries) await sides.pool.query(query);
  };
  await http(sides.product, 2);
  await http(sides.floor, 2);
  await runConcurrently(WORKERS, 2, direct);
  const rounds: EndpointResult['rounds'] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const api = await http(sides.product, SECONDS);
    const floor = await http(sides.floor, SECONDS);
    const sql = await runConcurrently(WORKERS, SECONDS, direct);
    const serial = {
      api: await http(sides.product, SERIAL_SECONDS, 1),
      floor: await http(sides.floor, SERIAL_SECONDS, 1),
      sql: await runConcurrently(1, SERIAL_SECONDS, direct),
    };
    rounds.push({ api, floor, sql, serial });
    const errors = [api, floor, sql, serial.api, serial.floor, serial.sql].reduce((n, r) => n + r.errors, 0);
    if (errors) throw new Error(`${path}: ${errors} errors`);
    log(
      `  ${path} round ${i + 1}: API p50 ${api.p50} p95 ${api.p95} ms (${api.perSecond}/s, ${api.cpuMsPerAnswer.toFixed(3)} ms CPU); ` +
        `floor p50 ${floor.p50} p95 ${floor.p95} ms (${floor.perSecond}/s, ${floor.cpuMsPerAnswer.toFixed(3)} ms CPU); ` +
        `SQL p50 ${sql.p50} p95 ${sql.p95} ms (${sql.perSecond}/s); one at a time: API p50 ${serial.api.p50} ` +
        `p95 ${serial.api.p95}, floor p50 ${serial.floor.p50} p95 ${serial.floor.p95}, SQL p50 ${serial.sql.p50} p95 ${serial.sql.p95}`,
    );
  }
  const of = (pick: (r: EndpointResult['rounds'][number]) => LoadRun) => medianSide(rounds.map(pick));
  return {
    path,
    statements: statements.length,
    rounds,
    median: {
      api: of((r) => r.api),
      floor: of((r) => r.floor),
      sql: of((r) => r.sql),
      serial: {
        api: of((r) => r.serial.api),
        floor: of((r) => r.serial.floor),
        sql: of((r) => r.serial.sql),
      },
      cpuMsPerAnswer: {
        api: median(rounds.map((r) => r.api.cpuMsPerAnswer)),
        floor: median(rounds.map((r) => r.floor.cpuMsPerAnswer)),
      },
    },
  };
}

async function measureTimeline(origin: string, caseId: string): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: findChromium() });
  try {
    const context = await browser.newContext({ baseURL: origin });
    const login = await context.request.post('/api/auth/login', {
      headers: { origin },
      data: { email: EMAIL, password: PASSWORD },
    });
    if (!login.ok()) throw new Error(`browser login failed: ${login.status()}`);
    const page = await context.newPage();
    const times: number[] = [];
    // The first visit warms the server's and the browser's caches, as a user's second visit would.
    for (let i = 0; i <= ROUNDS; i += 1) {
      const ms = await timed(async () => {
        await page.goto(`/cases/${caseId}`);
        await page.getByText(NEWEST_ENTRY_TEXT, { exact: false }).first().waitFor();
      });
      if (i > 0) times.push(Math.round(ms));
      await page.goto('about:blank');
    }
    return times;
  } finally {
    await browser.close();
  }
}

async function measureUploads(origin: string, cookie: string, caseId: string) {
  const rounds = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const files = Array.from({ length: UPLOADS }, () => randomBytes(UPLOAD_BYTES));
    const latencies: number[] = [];
    let next = 0;
    const seconds =
      (await timed(() =>
        Promise.all(
          Array.from({ length: UPLOAD_CONCURRENCY }, async () => {
            while (next < files.length) {
              const index = next++;
              const form = new FormData();
              form.set('caseId', caseId);
              form.set('file', new Blob([files[index]]), `upload-${round}-${index}.bin`);
              latencies.push(
                await timed(async () => {
                  const res = await fetch(`${origin}/api/evidence`, {
                    method: 'POST',
                    headers: { cookie, origin },
                    body: form,
                  });
                  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
                }),
              );
            }
          }),
        ),
      )) / 1000;
    const result = {
      seconds: Math.round(seconds * 100) / 100,
      filesPerSecond: Math.round((UPLOADS / seconds) * 10) / 10,
      megabytesPerSecond: Math.round(((UPLOADS * UPLOAD_BYTES) / 1024 / 1024 / seconds) * 10) / 10,
      ...summarise(latencies),
    };
    log(`  uploads round ${round + 1}: ${result.filesPerSecond} files/s, ${result.megabytesPerSecond} MB/s`);
    rounds.push(result);
  }
  return {
    files: UPLOADS,
    bytesEach: UPLOAD_BYTES,
    concurrency: UPLOAD_CONCURRENCY,
    rounds,
    median: {
      filesPerSecond: median(rounds.map((r) => r.filesPerSecond)),
      megabytesPerSecond: median(rounds.map((r) => r.megabytesPerSecond)),
      p50: median(rounds.map((r) => r.p50)),
      p95: median(rounds.map((r) => r.p95)),
    },
  };
}

async function main() {
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL) {
    throw new Error('The case benchmark runs on PostgreSQL: set BENCH_DATABASE_URL');
  }
  if (!existsSync(webDist))
    throw new Error('Build the web app first (npm run build): the timeline is measured in Chromium');
  const bench = await openBenchDatabase();
  const pool = new pg.Pool({ connectionString: bench.url, max: WORKERS });
  try {
    const caseId = await prepareCaseDatabase(bench, { email: EMAIL, password: PASSWORD, firstName: 'Case' });
    log(`seeded a case with ${CASE_ENTRIES} entries and ${CASE_EVIDENCE} evidence items, sealed, vacuumed`);
    const paths = [
      `/api/cases/${caseId}`,
      `/api/cases/${caseId}/journal-entries?page=1&pageSize=25`,
      // The reference: a request whose only work is the session lookup every request makes, so the
      // fixed cost of an HTTP request through the server shows beside the same SQL.
      REFERENCE_PATH,
    ];
    const recorded = await recordStatements(bench, paths);
    if (process.env.BENCH_SHOW_SQL === '1')
      for (const [path, statements] of recorded)
        log(`${path}:\n${statements.map((s) => `  ${s.text}`).join('\n')}`);
    const server = await startServer({ DATABASE_URL: bench.url!, LOG_LEVEL: 'warn' });
    const replayFile = join(mkdtempSync(join(tmpdir(), 'scamtrail-replay-')), 'statements.json');
    writeFileSync(replayFile, JSON.stringify(Object.fromEntries(recorded)));
    const floor = await startProcess('bench/lib/replay-server.ts', {
      DATABASE_URL: bench.url!,
      REPLAY_FILE: replayFile,
    });
    try {
      const cookie = await signIn(server.origin, EMAIL, PASSWORD);
      const loadAverageAtStart = loadavg();
      const startedAt = new Date().toISOString();
      const endpoints: EndpointResult[] = [];
      const sides = { product: server, floor, pool, cookie };
      for (const path of paths)
        endpoints.push({
          ...(await measureEndpoint(sides, path, recorded.get(path)!)),
          reference: path === REFERENCE_PATH,
        });
      // BENCH_QUICK=1: the two requests only, nothing written (for trying a change).
      if (process.env.BENCH_QUICK === '1') return;
      const timeline = await measureTimeline(server.origin, caseId);
      log(`  timeline first page in Chromium: ${timeline.join(', ')} ms`);
      const uploads = await measureUploads(server.origin, cookie, caseId);
      const result: CaseBenchResult = {
        benchmark: 'cases',
        database: 'postgres',
        seeded: { entries: CASE_ENTRIES, evidence: CASE_EVIDENCE },
        workers: WORKERS,
        seconds: SECONDS,
        serialSeconds: SERIAL_SECONDS,
        acceptEncoding: ACCEPT_ENCODING,
        machine: {
          cpus: cpus().length,
          cpuModel: cpus()[0]?.model ?? 'unknown',
          node: process.version,
          loadAverageAtStart,
          loadAverageAtEnd: loadavg(),
        },
        endpoints,
        timelineMs: { runs: timeline, median: median(timeline) },
        uploads,
        targets: { p95Ms: 100, ratioToSql: 1.5, timelineMs: 1000 },
        startedAt,
      };
      for (const file of writeCaseResults(result)) log(`wrote ${file}`);
    } finally {
      await Promise.all([server.stop(), floor.stop()]);
    }
  } finally {
    await pool.end();
    await bench.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
