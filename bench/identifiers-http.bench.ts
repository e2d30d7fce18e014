/**
 * Identifier list over real HTTP beside a bare Fastify + pg baseline (not part of `npm test`), on
 * PostgreSQL:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:http
 *
 * 1. Creates a throw-away database, starts the real server as a child process on 127.0.0.1 and seeds
 *    BENCH_IDENTIFIERS identifiers (default 1,000,000) through `POST /api/identifiers/import`, 5,000
 *    rows per JSON request, one at a time; the import rate is reported (HTTP and JSON parsing
 *    included, generating the rows not). Then evidence on the newest 2,000 and tags on the newest
 *    3,000, and VACUUM ANALYZE; the server is restarted so it starts on the settled table.
 * 2. Starts the bare server (bench/lib/bare-server.ts) as a child process on the same database and
 *    checks, for each shape (no filter, `type=email`, `search=gmail`), that it answers the same ids in
 *    the same order and the same total as the product; the benchmark stops when it does not.
 * 3. Records the statements the product runs for each shape (an in-process app on the same database,
 *    every query node-postgres sends, with its name when the app prepares it and its overlap).
 * 4. Three rounds: per shape, the product and the bare server (alternating which goes first) from 20
 *    autocannon connections for BENCH_SECONDS (default 20) each, then the recorded statements replayed
 *    from 20 concurrent workers through a pool of 10 connections (the app's size), all of them and the
 *    list statements only. Req/s, p50, p95 and p99 per run and their medians. Then the same four from
 *    one connection (one worker) for BENCH_SERIAL_SECONDS (default 5) each: each answer's own time.
 * Results: bench/results/identifiers-http-postgres.{json,md} (other seed sizes get the size in the
 * file name). Only 127.0.0.1 is ever contacted.
 *
 * BENCH_SHAPES=search measures instead every written form the identifier search finds a value by
 * (`searchShapes`: IBAN with and without spaces, account and routing numbers, phone formats, e-mail
 * and local part, wallet fragment, handle with @), against a p95 of 30 ms one request at a time;
 * results in identifiers-http-search-postgres.*; BENCH_SHAPES=all runs both sets.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createUser } from '../server/src/modules/users/users.service';
import { openBenchDatabase, type BenchDatabase } from './lib/bench-database';
import { runConcurrently, runServerLoad } from './lib/concurrent-load';
import {
  summariseRounds,
  writeHttpResults,
  ratios,
  type HttpBenchResult,
  type ShapeResult,
} from './lib/http-report';
import {
  describeWaves,
  recordPgQueries,
  replayWaves,
  toReplayWaves,
  type ReplayStep,
} from './lib/pg-recorder';
import { finishSeeding, IMPORT_REQUEST_ROWS } from './lib/seed';
import { seedIdentifier } from './lib/seed-data';
import { startProcess, startServer, type ServerProcess } from './lib/server-process';
import { machineInfo, signIn } from './lib/sign-in';

const EMAIL = 'http@bench.example';
const PASSWORD = 'benchmark password';
const IDENTIFIERS = Number(process.env.BENCH_IDENTIFIERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** One request at a time: each side's own latency, without queueing. */
const SERIAL_SECONDS = Number(process.env.BENCH_SERIAL_SECONDS ?? 5);
const CONNECTIONS = 20;
const ROUNDS = 3;
/** The app's pool size (server/src/db/client.ts), for the direct SQL side. */
const APP_POOL_SIZE = 10;
const TARGETS = { perSecondRatio: 0.8, p99Ratio: 1.5, sqlRatio: 1.3 };

const LIST_SHAPES = [
  { name: 'no filter', query: '?page=1&pageSize=25' },
  { name: 'type filter', query: '?page=1&pageSize=25&type=email' },
  { name: 'substring search', query: '?page=1&pageSize=25&search=gmail' },
];

/** The first seeded identifier at or after `from` of the type that `accept` takes (a row of the seed). */
function seededAt(
  from: number,
  type: string,
  accept: (data: Record<string, string>) => boolean = () => true,
) {
  for (let i = from; i < IDENTIFIERS; i++) {
    const row = seedIdentifier(i);
    if (row.type === type && accept(row.data)) return row.data;
  }
  throw new Error(`no seeded ${type} after row ${from}: seed more identifiers`);
}

/**
 * Every written form the identifier search finds a value by (issue 37), each a search of one
 * identifier seeded in the middle of the table (neither the newest nor the oldest): an IBAN with and
 * without spaces and by 4+ of its characters, an account and a routing number, a phone in national
 * format, in E.164, dialled abroad with 00 and by its last 7 digits, an e-mail by address and by local
 * part, a wallet by 6+ characters, a handle with its "@".
 */
function searchShapes() {
  const middle = Math.floor(IDENTIFIERS / 2);
  const iban = seededAt(middle, 'bank_account', (d) => /^GB\d\d/.test(d.accountNumber)).accountNumber.replace(
    / /g,
    '',
  );
  const account = seededAt(middle, 'bank_account', (d) => /^\d+$/.test(d.accountNumber) && !!d.routingNumber);
  const phone = seededAt(middle, 'phone', (d) => d.countryCode === '+1');
  const national = phone.number.replace(/\D/g, '');
  const uk = seededAt(middle, 'phone', (d) => d.countryCode === '+44');
  const email = seededAt(middle, 'email').address;
  const wallet = seededAt(middle, 'crypto_wallet', (d) => d.address.startsWith('0x')).address;
  const handle = seededAt(middle, 'social_media').username.replace(/^@+/, '');
  const search = (name: string, value: string) => ({
    name,
    query: `?page=1&pageSize=25&search=${encodeURIComponent(value)}`,
  });
  return [
    search('IBAN with spaces', (iban.match(/.{1,4}/g) ?? []).join(' ')),
    search('IBAN without spaces', iban),
    search('IBAN, 4+ characters', iban.slice(-6)),
    search('account number', account.accountNumber),
    search('routing number', account.routingNumber),
    search(
      'phone, national format',
      `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`,
    ),
    search('phone, E.164', `+1${national}`),
    search('phone, dialled with 00', `0044 ${uk.number}`),
    search('phone, last 7 digits', national.slice(-7)),
    search('e-mail address', email),
    search('e-mail local part', email.slice(0, email.indexOf('@'))),
    search('wallet, 6+ characters', wallet.slice(12, 20)),
    search('handle with @', `@${handle}`),
  ];
}

/** BENCH_SHAPES: `list` (the default: the list's three shapes), `search` (every search form), `all`. */
const WHICH_SHAPES = process.env.BENCH_SHAPES ?? 'list';
if (!['list', 'search', 'all'].includes(WHICH_SHAPES))
  throw new Error('BENCH_SHAPES must be list, search or all');
const SHAPES = [
  ...(WHICH_SHAPES === 'search' ? [] : LIST_SHAPES),
  ...(WHICH_SHAPES === 'list' ? [] : searchShapes()),
];
/** Issue 37: every search shape answers within this over HTTP at p95, one at a time, on a million identifiers. */
const SEARCH_P95_TARGET_MS = 30;

const log = (line: string) => console.log(line);

/** The commit measured, and whether the server's or domain's sources differed from it. */
function sourceState() {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  return {
    commit: git('rev-parse', 'HEAD'),
    uncommitted: git('status', '--porcelain', 'server/src', 'domain/src') !== '',
  };
}

if (!Number.isInteger(IDENTIFIERS) || IDENTIFIERS < 1 || IDENTIFIERS > 20_000_000)
  throw new Error('BENCH_IDENTIFIERS must be a whole number from 1 to 20,000,000');
if (!(SECONDS >= 1 && SECONDS <= 120)) throw new Error('BENCH_SECONDS must be from 1 to 120');

/** Seeds through the import route, one request at a time; answers the time spent in the requests. */
async function importThroughHttp(origin: string, cookie: string) {
  let seconds = 0;
  let requests = 0;
  for (let start = 0; start < IDENTIFIERS; start += IMPORT_REQUEST_ROWS) {
    const items = Array.from({ length: Math.min(IMPORT_REQUEST_ROWS, IDENTIFIERS - start) }, (_, k) =>
      seedIdentifier(start + k),
    );
    const body = JSON.stringify({ items });
    const began = process.hrtime.bigint();
    const res = await fetch(`${origin}/api/identifiers/import`, {
      method: 'POST',
      headers: { origin, cookie, 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(120_000),
    });
    const answer = (await res.json()) as { summary?: { created: number } };
    seconds += Number(process.hrtime.bigint() - began) / 1e9;
    requests += 1;
    if (res.status !== 200 || answer.summary?.created !== items.length)
      throw new Error(`import at row ${start}: ${res.status} ${JSON.stringify(answer).slice(0, 500)}`);
    const done = start + items.length;
    if (done % 100_000 === 0 || done === IDENTIFIERS)
      log(
        `  imported ${done.toLocaleString('en-US')} (${Math.round(done / seconds).toLocaleString('en-US')}/s)`,
      );
  }
  return {
    rows: IDENTIFIERS,
    requests,
    rowsPerRequest: IMPORT_REQUEST_ROWS,
    seconds,
    perSecond: IDENTIFIERS / seconds,
  };
}

/** Three tags on every other one of the newest 3,000 identifiers, so the first pages carry tags. */
async function tagNewest(bench: BenchDatabase) {
  await bench.database.db.execute(sql`
    with t as (
      insert into tags (name, color) values ('Mule', 'red'), ('Phishing', 'purple'), ('romance', 'teal')
      returning id
    ), newest as (
      select id, row_number() over (order by created_at desc, id desc) as rn
      from identifiers order by created_at desc, id desc limit 3000
    )
    insert into identifier_tags (identifier_id, tag_id)
    select newest.id, t.id from newest cross join t where newest.rn % 2 = 0`);
}

interface ListBody {
  data: { id: string }[];
  pagination: { totalItems: number };
  totalIsEstimate: boolean;
}

async function getList(origin: string, query: string, cookie: string): Promise<ListBody> {
  const res = await fetch(`${origin}/api/identifiers${query}`, {
    headers: { cookie },
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status !== 200) throw new Error(`${origin}${query}: ${res.status} ${await res.text()}`);
  return (await res.json()) as ListBody;
}

/**
 * The bare server must answer what the product answers: same ids in the same order, same total. The
 * one difference let through: the product's count ran into its time box (a loaded machine) and it
 * answered the planner's estimate where the bare server counted; that is logged, not a failure.
 */
async function checkSameAnswer(product: string, bare: string, query: string, cookie: string) {
  const [a, b] = await Promise.all([getList(product, query, cookie), getList(bare, query, cookie)]);
  const ids = (body: ListBody) => body.data.map((item) => item.id).join(',');
  const total = (body: ListBody) =>
    `${body.pagination.totalItems}${body.totalIsEstimate ? ' (estimate)' : ''}`;
  const countTimedOut = a.totalIsEstimate && !b.totalIsEstimate;
  if (countTimedOut && total(a) !== total(b))
    log(`  ${query}: the product's count ran into its time box (${total(a)}; bare counted ${total(b)})`);
  if (ids(a) !== ids(b) || (total(a) !== total(b) && !countTimedOut))
    throw new Error(
      `the bare server answers ${query} differently: product ${a.data.length} rows, total ${total(a)}; ` +
        `bare ${b.data.length} rows, total ${total(b)}; same ids in order: ${ids(a) === ids(b)}`,
    );
  if (a.data.length === 0) throw new Error(`${query} answers no rows: nothing to compare`);
  return { product: a, sameBody: isDeepStrictEqual(a, b) };
}

/** What the product runs for each shape, recorded from an in-process app on the same database. */
async function recordShapes(bench: BenchDatabase, cookie: string) {
  const publicUrl = 'http://127.0.0.1';
  const config = loadConfig({ DATABASE_URL: bench.url, PUBLIC_URL: publicUrl, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database: bench.database, logger: false });
  try {
    const recorded = new Map<string, ReplayStep[][]>();
    for (const shape of SHAPES) {
      const request = async () => {
        const res = await app.inject({ url: `/api/identifiers${shape.query}`, headers: { cookie } });
        if (res.statusCode !== 200) throw new Error(`${shape.query}: ${res.statusCode} ${res.body}`);
      };
      for (let i = 0; i < 5; i += 1) await request();
      recorded.set(shape.query, toReplayWaves(await recordPgQueries(request)));
    }
    return recorded;
  } finally {
    await app.close();
  }
}

/** The page, estimate and count only: what reads `identifiers` (the count's transaction included). */
function listOnly(waves: ReplayStep[][]): ReplayStep[][] {
  return waves
    .map((wave) =>
      wave.filter(
        (step) => step.kind === 'transaction' || /from "?identifiers"?\s/i.test(step.query.config.text),
      ),
    )
    .filter((wave) => wave.length > 0);
}

async function measure(
  product: ServerProcess,
  bare: ServerProcess,
  pool: pg.Pool,
  cookie: string,
  recorded: Map<string, ReplayStep[][]>,
  checked: Map<string, { product: ListBody; sameBody: boolean }>,
): Promise<ShapeResult[]> {
  const http = (server: ServerProcess, query: string, seconds: number, connections = CONNECTIONS) =>
    runServerLoad(server, `/api/identifiers${query}`, connections, seconds, { cookie });
  let firstError: unknown;
  const sql = (waves: ReplayStep[][], seconds: number, workers = CONNECTIONS) =>
    runConcurrently(workers, seconds, () =>
      replayWaves(pool, waves).catch((err: unknown) => {
        firstError ??= err;
        throw err;
      }),
    );
  const results = SHAPES.map((shape) => ({ shape, rounds: [] as ShapeResult['rounds'] }));
  // Warm-up: connections opened, statements prepared, pages in the cache, on every side.
  for (const { shape } of results) {
    const waves = recorded.get(shape.query)!;
    await http(product, shape.query, 2);
    await http(bare, shape.query, 2);
    await sql(waves, 2);
    await sql(listOnly(waves), 1);
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    const first = round % 2 === 0 ? 'product' : 'bare';
    for (const { shape, rounds } of results) {
      const waves = recorded.get(shape.query)!;
      const a = await http(first === 'product' ? product : bare, shape.query, SECONDS);
      const b = await http(first === 'product' ? bare : product, shape.query, SECONDS);
      const [productRun, bareRun] = first === 'product' ? [a, b] : [b, a];
      const sqlAll = await sql(waves, SECONDS);
      const sqlList = await sql(listOnly(waves), SECONDS);
      const serial = {
        product: await http(product, shape.query, SERIAL_SECONDS, 1),
        bare: await http(bare, shape.query, SERIAL_SECONDS, 1),
        sqlAll: await sql(waves, SERIAL_SECONDS, 1),
        sqlList: await sql(listOnly(waves), SERIAL_SECONDS, 1),
      };
      rounds.push({ first, product: productRun, bare: bareRun, sqlAll, sqlList, serial });
      log(
        `  ${shape.name} round ${round + 1}: product ${productRun.perSecond}/s p50 ${productRun.p50} p99 ${productRun.p99}` +
          `${productRun.errors ? ` (${productRun.errors} errors)` : ''}; bare ${bareRun.perSecond}/s p50 ${bareRun.p50} ` +
          `p99 ${bareRun.p99}${bareRun.errors ? ` (${bareRun.errors} errors)` : ''}; all SQL p50 ${sqlAll.p50} p95 ${sqlAll.p95}; ` +
          `list SQL p50 ${sqlList.p50} p95 ${sqlList.p95}; one at a time p50: product ${serial.product.p50}, ` +
          `bare ${serial.bare.p50}, all SQL ${serial.sqlAll.p50}, list SQL ${serial.sqlList.p50}`,
      );
      if (sqlAll.errors || sqlList.errors || serial.sqlAll.errors || serial.sqlList.errors)
        throw new Error(`${shape.query}: the SQL replay failed: ${String(firstError)}`, {
          cause: firstError,
        });
    }
  }
  return results.map(({ shape, rounds }) => {
    const { product: body, sameBody } = checked.get(shape.query)!;
    return {
      name: shape.name,
      query: shape.query,
      totalItems: body.pagination.totalItems,
      totalIsEstimate: body.totalIsEstimate,
      sameBody,
      statements: describeWaves(recorded.get(shape.query)!),
      rounds,
      median: summariseRounds(rounds),
    };
  });
}

async function main() {
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL)
    throw new Error('This benchmark runs on PostgreSQL: set BENCH_DATABASE_URL');
  const bench = await openBenchDatabase();
  if (bench.kind !== 'postgres' || !bench.url) throw new Error('PostgreSQL expected');
  const servers: ServerProcess[] = [];
  const pool = new pg.Pool({ connectionString: bench.url, max: APP_POOL_SIZE });
  try {
    await bench.database.migrate();
    const user = await createUser(bench.database.db, {
      email: EMAIL,
      password: PASSWORD,
      firstName: 'Http',
      lastName: 'Bencher',
      role: 'investigator',
    });
    const env = { DATABASE_URL: bench.url, LOG_LEVEL: 'warn' };
    let product = await startServer(env);
    servers.push(product);
    const cookie = await signIn(product.origin, EMAIL, PASSWORD);
    log(`seeding ${IDENTIFIERS.toLocaleString('en-US')} identifiers through POST /api/identifiers/import...`);
    const imported = await importThroughHttp(product.origin, cookie);
    await tagNewest(bench);
    await finishSeeding(bench.database.db, user.originatorId!, 'postgres');
    await product.stop();
    product = await startServer(env);
    servers.push(product);
    const bare = await startProcess('bench/lib/bare-server.ts', { DATABASE_URL: bench.url });
    servers.push(bare);

    const checked = new Map<string, { product: ListBody; sameBody: boolean }>();
    for (const shape of SHAPES) {
      const check = await checkSameAnswer(product.origin, bare.origin, shape.query, cookie);
      checked.set(shape.query, check);
      log(
        `  ${shape.name}: same ids, order and total (${check.product.pagination.totalItems}` +
          `${check.product.totalIsEstimate ? ', estimate' : ''}); whole body ${check.sameBody ? 'equal' : 'differs'}`,
      );
    }
    const recorded = await recordShapes(bench, cookie);
    if (process.env.BENCH_SHOW_SQL === '1')
      for (const [query, waves] of recorded)
        log(
          `${query}:\n${describeWaves(waves)
            .map((w) => `  ${w}`)
            .join('\n')}`,
        );

    const loadAverageAtStart = loadavg();
    const startedAt = new Date().toISOString();
    log(`measuring (load average ${loadAverageAtStart.map((l) => l.toFixed(2)).join(' / ')})...`);
    const shapes = await measure(product, bare, pool, cookie, recorded, checked);
    // The answers must still agree after the load (a count may have run into its time box meanwhile).
    for (const shape of SHAPES) await checkSameAnswer(product.origin, bare.origin, shape.query, cookie);
    const result: HttpBenchResult = {
      benchmark: 'identifiers-http',
      database: 'postgres',
      identifiers: IDENTIFIERS,
      connections: CONNECTIONS,
      seconds: SECONDS,
      serialSeconds: SERIAL_SECONDS,
      rounds: ROUNDS,
      machine: machineInfo(loadAverageAtStart),
      import: imported,
      shapes,
      targets: TARGETS,
      source: sourceState(),
      startedAt,
    };
    for (const s of shapes) {
      const serialP95 = s.median.serial.product.p95;
      if (WHICH_SHAPES !== 'list')
        log(
          `${s.name}: product p95 one at a time ${serialP95} ms ` +
            `(target ${SEARCH_P95_TARGET_MS} ms: ${serialP95 <= SEARCH_P95_TARGET_MS ? 'met' : 'MISSED'})`,
        );
      const q = ratios(s);
      log(
        `${s.name}: req/s ratio ${q.perSecond.toFixed(2)}, p99 ratio ${q.p99.toFixed(2)}, ` +
          `API/list SQL p50 ${q.sqlList.p50.toFixed(2)} p95 ${q.sqlList.p95.toFixed(2)}, one at a time ` +
          `${q.serialSqlList.p50.toFixed(2)} / ${q.serialSqlList.p95.toFixed(2)}`,
      );
    }
    // The search shapes' results are kept apart from the list's: identifiers-http-search-postgres.*
    const variant = WHICH_SHAPES === 'list' ? '' : `-${WHICH_SHAPES}`;
    for (const file of writeHttpResults(result, variant)) log(`wrote ${file}`);
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await pool.end();
    await bench.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
