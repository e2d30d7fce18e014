/**
 * Identifier benchmark (not part of `npm test`): seeds identifiers through the import path, then
 * times `GET /api/identifiers` with no filter, a type filter and substring searches, beside the same
 * SQL run directly, and writes bench/results/identifiers-<database>.{json,md}.
 *
 *   npm run bench                                  # PGlite in memory, 100,000 identifiers
 *   BENCH_DATABASE_URL=postgres://... npm run bench   # PostgreSQL, 1,000,000 identifiers
 *
 * On PostgreSQL a throw-away database is created from BENCH_DATABASE_URL (or TEST_DATABASE_URL) and
 * dropped afterwards. BENCH_ROWS and BENCH_SAMPLES override the row count and samples per scenario.
 */
import { cpus, loadavg } from 'node:os';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createUser } from '../server/src/modules/users/users.service';
import { openBenchDatabase } from './lib/bench-database';
import { measureScenario, type Scenario } from './lib/measure';
import { writeResults, type BenchResult } from './lib/report';
import { finishSeeding, IMPORT_REQUEST_ROWS, seedThroughImport } from './lib/seed';

const PUBLIC_URL = 'http://localhost:3000';
const PASSWORD = 'benchmark password';

const SCENARIOS: Scenario[] = [
  { name: 'no filter' },
  { name: 'type filter', type: 'phone' },
  { name: 'search, broad', search: 'gmail' },
  { name: 'search, medium', search: 'chen42' },
  { name: 'search, narrow (literal _)', search: '_4242' },
  { name: 'type + search', type: 'email', search: 'proton' },
];

const log = (line: string) => console.log(line);

async function main() {
  const startedAt = new Date().toISOString();
  const loadAverageAtStart = loadavg();
  const bench = await openBenchDatabase();
  const rows = Number(process.env.BENCH_ROWS ?? (bench.kind === 'postgres' ? 1_000_000 : 100_000));
  const samples = Number(process.env.BENCH_SAMPLES ?? 200);
  log(
    `identifier benchmark on ${bench.kind}: ${rows.toLocaleString('en-US')} rows, ${samples} samples per scenario`,
  );
  const { database } = bench;
  const config = loadConfig({ PUBLIC_URL, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, logger: false });
  try {
    await database.migrate();
    await app.ready();
    const importer = await createUser(database.db, {
      email: 'importer@bench.example',
      password: PASSWORD,
      firstName: 'Import',
      lastName: 'Bot',
      role: 'investigator',
    });
    log('seeding through the import service...');
    const seeded = await seedThroughImport(database.db, rows, importer.originatorId!, log);
    await finishSeeding(database.db, importer.originatorId!, bench.kind);

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: PUBLIC_URL },
      payload: { email: 'importer@bench.example', password: PASSWORD },
    });
    const session = login.cookies.find((c) => c.name === 'scamtrail_session');
    if (!session) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    const cookie = `scamtrail_session=${session.value}`;

    const scenarios = [];
    for (const scenario of SCENARIOS) {
      const result = await measureScenario(app, bench, cookie, scenario, samples);
      log(
        `  ${result.name}: API p50 ${result.app.p50} / p95 ${result.app.p95} ms; all SQL p95 ${result.directAll.p95} ms; matches ${result.matches}`,
      );
      scenarios.push(result);
    }

    const result: BenchResult = {
      benchmark: 'identifiers',
      database: bench.kind,
      rows,
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? 'unknown',
        node: process.version,
        loadAverageAtStart,
      },
      import: {
        rows: seeded.created,
        seconds: seeded.seconds,
        perSecond: seeded.created / seeded.seconds,
        chunkRows: IMPORT_REQUEST_ROWS,
      },
      scenarios,
      targets: bench.kind === 'postgres' ? { p95Ms: 30, ratioToDirect: 1.5, importPerSecond: 5000 } : null,
      startedAt,
    };
    for (const file of writeResults(result)) log(`wrote ${file}`);
  } finally {
    await app.close();
    await bench.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
