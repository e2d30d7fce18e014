/**
 * Load benchmark (not part of `npm test`): starts the real server as a child process on 127.0.0.1,
 * signs in, and runs 200 concurrent clients for 30 s against `GET /api/identifiers` with autocannon.
 * Reports errors (non-2xx, timeouts), p50, p99 and the maximum, and writes
 * bench/results/load-<database>.{json,md}.
 *
 *   npm run bench:load                                                   # PGlite on disk
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:load   # PostgreSQL
 *
 * On PostgreSQL a throw-away database is created from BENCH_DATABASE_URL and dropped afterwards.
 * BENCH_ROWS (default 50,000), BENCH_CONNECTIONS (200) and BENCH_SECONDS (30) override the defaults;
 * any ADMISSION_* variable in the environment reaches the server.
 */
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import type { Database } from '../server/src/db/client';
import { createUser } from '../server/src/modules/users/users.service';
import { writeLoadResults, type LoadResult } from './lib/load-report';
import { finishSeeding, seedThroughImport } from './lib/seed';
import { prepareBenchStore } from './lib/bench-store';
import { startServer } from './lib/server-process';
import { signIn } from './lib/sign-in';

const EMAIL = 'load@bench.example';
const PASSWORD = 'benchmark password';
/** The target: no errors, and p99 at most this many times p50. */
const P99_TO_P50 = 10;

const log = (line: string) => console.log(line);

async function seed(database: Database, kind: 'pglite' | 'postgres', rows: number) {
  await database.migrate();
  const user = await createUser(database.db, {
    email: EMAIL,
    password: PASSWORD,
    firstName: 'Load',
    lastName: 'Tester',
    role: 'investigator',
  });
  await seedThroughImport(database.db, rows, user.originatorId!, log);
  await finishSeeding(database.db, user.originatorId!, kind);
}

async function main() {
  const rows = Number(process.env.BENCH_ROWS ?? 50_000);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
  const seconds = Number(process.env.BENCH_SECONDS ?? 30);
  const store = await prepareBenchStore('load');
  log(`load benchmark on ${store.kind}: ${rows.toLocaleString('en-US')} identifiers`);
  try {
    const database = await store.open();
    try {
      await seed(database, store.kind, rows);
    } finally {
      await database.close();
    }
    const admission = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => k.startsWith('ADMISSION_')),
    ) as Record<string, string>;
    const server = await startServer({ ...store.env, ...admission, LOG_LEVEL: 'warn' });
    try {
      const cookie = await signIn(server.origin, EMAIL, PASSWORD);
      const loadAverageAtStart = loadavg();
      const startedAt = new Date().toISOString();
      log(`${connections} clients for ${seconds} s against GET /api/identifiers...`);
      const run = await autocannon({
        url: `${server.origin}/api/identifiers`,
        connections,
        duration: seconds,
        // Long enough that a starved request shows as its real latency rather than as a timeout.
        timeout: 2 * seconds,
        headers: { cookie },
      });
      const { p50, p99, max } = run.latency;
      const result: LoadResult = {
        benchmark: 'load',
        database: store.kind,
        rows,
        connections,
        seconds,
        admission,
        machine: {
          cpus: cpus().length,
          cpuModel: cpus()[0]?.model ?? 'unknown',
          node: process.version,
          loadAverageAtStart,
        },
        requests: run.requests.total,
        // At the stop, every client has one request out: in flight, not lost.
        unanswered: run.requests.sent - run.requests.total,
        perSecond: run.requests.average,
        statusCodes: Object.fromEntries(
          Object.entries(run.statusCodeStats).map(([code, s]) => [code, s.count]),
        ),
        errors: { non2xx: run.non2xx, timeouts: run.timeouts, other: run.errors - run.timeouts },
        latencyMs: { p50, p90: run.latency.p90, p99, max, mean: run.latency.mean },
        target: { p99ToP50: P99_TO_P50 },
        met: run.non2xx === 0 && run.errors === 0 && p99 <= P99_TO_P50 * p50,
        startedAt,
      };
      log(
        `  ${result.requests} requests (${Math.round(result.perSecond)}/s); non-2xx ${run.non2xx}, ` +
          `errors ${run.errors} (timeouts ${run.timeouts}); p50 ${p50} ms, p99 ${p99} ms, max ${max} ms`,
      );
      for (const file of writeLoadResults(result)) log(`wrote ${file}`);
    } finally {
      await server.stop();
    }
  } finally {
    await store.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
