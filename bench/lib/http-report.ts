import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LoadRun } from './concurrent-load';
import { median } from './concurrent-load';

/** The HTTP numbers of one side of one run. */
export type HttpRun = Pick<
  LoadRun,
  'perSecond' | 'p50' | 'p95' | 'p99' | 'samples' | 'errors' | 'bytesPerAnswer'
> & {
  /** The server process's CPU time (user and system) per answer, in ms. */
  cpuMsPerAnswer?: number;
};
export type SqlRun = Pick<LoadRun, 'perSecond' | 'p50' | 'p95' | 'p99' | 'samples' | 'errors'>;

/** The four sides measured one request at a time: each answer's own time, no queueing. */
export interface SerialRound {
  product: HttpRun;
  bare: HttpRun;
  sqlAll: SqlRun;
  sqlList: SqlRun;
}

export interface ShapeRound {
  /** Which server ran first in this round (they alternate). */
  first: 'product' | 'bare';
  product: HttpRun;
  bare: HttpRun;
  /** Every statement the request ran, replayed as the app ran it. */
  sqlAll: SqlRun;
  /** Only the list statements: the page, the estimate and the count (the rows the user asked for). */
  sqlList: SqlRun;
  /** The same four from one connection (one worker), after the concurrent runs of the round. */
  serial: SerialRound;
}

type Percentiles = { p50: number; p95: number };

export interface ShapeResult {
  name: string;
  query: string;
  totalItems: number;
  totalIsEstimate: boolean;
  /** The bare server's whole body equals the product's (ids, order and total always do: checked). */
  sameBody: boolean;
  /** The statements the product ran for the request, wave by wave (`‖`: sent side by side). */
  statements: string[];
  rounds: ShapeRound[];
  median: {
    product: { perSecond: number; p50: number; p95: number; p99: number; cpuMsPerAnswer?: number };
    bare: { perSecond: number; p50: number; p95: number; p99: number; cpuMsPerAnswer?: number };
    sqlAll: Percentiles;
    sqlList: Percentiles;
    serial: { product: Percentiles; bare: Percentiles; sqlAll: Percentiles; sqlList: Percentiles };
  };
}

export interface HttpBenchResult {
  benchmark: 'identifiers-http';
  database: 'postgres';
  identifiers: number;
  connections: number;
  seconds: number;
  /** How long each side ran from one connection in each round. */
  serialSeconds: number;
  rounds: number;
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    loadAverageAtStart: number[];
    loadAverageAtEnd: number[];
  };
  import: { rows: number; requests: number; rowsPerRequest: number; seconds: number; perSecond: number };
  shapes: ShapeResult[];
  targets: { perSecondRatio: number; p99Ratio: number; sqlRatio: number };
  /** The commit measured; `uncommitted` when server/src or domain/src had changes beside it. */
  source: { commit: string; uncommitted: boolean };
  startedAt: string;
}

const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
/** The seed sizes issue 10 sets its targets at; the 1,000,000 run keeps the unsuffixed file name. */
const FULL_SEED = 1_000_000;
const MEASURED_SEEDS = [FULL_SEED, 10_000_000];

export function summariseRounds(rounds: ShapeRound[]): ShapeResult['median'] {
  const m = (side: 'product' | 'bare' | 'sqlAll' | 'sqlList', key: 'perSecond' | 'p50' | 'p95' | 'p99') =>
    median(rounds.map((r) => r[side][key]));
  const http = (side: 'product' | 'bare') => ({
    perSecond: m(side, 'perSecond'),
    p50: m(side, 'p50'),
    p95: m(side, 'p95'),
    p99: m(side, 'p99'),
    cpuMsPerAnswer: median(rounds.map((r) => r[side].cpuMsPerAnswer ?? NaN)),
  });
  const serial = (side: keyof SerialRound): Percentiles => ({
    p50: median(rounds.map((r) => r.serial[side].p50)),
    p95: median(rounds.map((r) => r.serial[side].p95)),
  });
  return {
    product: http('product'),
    bare: http('bare'),
    sqlAll: { p50: m('sqlAll', 'p50'), p95: m('sqlAll', 'p95') },
    sqlList: { p50: m('sqlList', 'p50'), p95: m('sqlList', 'p95') },
    serial: {
      product: serial('product'),
      bare: serial('bare'),
      sqlAll: serial('sqlAll'),
      sqlList: serial('sqlList'),
    },
  };
}

const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const fixed = (n: number) => n.toFixed(2);
const pair = (x: { p50: number; p95: number }) => `${fixed(x.p50)}, ${fixed(x.p95)}`;
const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' / ');

/** a / b at p50 and at p95. */
const over = (a: Percentiles, b: Percentiles) => ({ p50: a.p50 / b.p50, p95: a.p95 / b.p95 });

/**
 * The ratios the issue sets targets on, from the medians of the rounds; and beside them the bare
 * server's own time against the same list SQL, the least any HTTP server adds on this machine.
 */
export function ratios(s: ShapeResult) {
  const { product, bare, sqlAll, sqlList, serial } = s.median;
  return {
    perSecond: product.perSecond / bare.perSecond,
    p99: product.p99 / bare.p99,
    sqlAll: over(product, sqlAll),
    sqlList: over(product, sqlList),
    bareSqlList: over(bare, sqlList),
    serialSqlAll: over(serial.product, serial.sqlAll),
    serialSqlList: over(serial.product, serial.sqlList),
    serialBareSqlList: over(serial.bare, serial.sqlList),
  };
}

export function toMarkdown(r: HttpBenchResult): string {
  const t = r.targets;
  const full = MEASURED_SEEDS.includes(r.identifiers);
  const lines = [
    `# Identifier list over HTTP beside a bare Fastify + pg server (PostgreSQL, ${r.identifiers.toLocaleString('en-US')} identifiers)`,
    '',
    ...(full
      ? []
      : [
          `**A small-seed check run, not the measurement issue 10 asks for** (${r.identifiers.toLocaleString('en-US')} ` +
            `identifiers, not 1,000,000 or 10,000,000; ${r.seconds} s runs; load average ${load(r.machine.loadAverageAtStart)} at the ` +
            'start): it shows the benchmark works end to end; its ratios are not the verdict.',
          '',
        ]),
    `Commit ${r.source.commit.slice(0, 7)}${r.source.uncommitted ? ' with uncommitted changes to the server or domain sources' : ''}; ` +
      `${r.startedAt}; ${r.machine.cpus} CPUs (${r.machine.cpuModel}), Node ${r.machine.node}; load average ` +
      `(1/5/15 min) at the start ${load(r.machine.loadAverageAtStart)}, at the end ${load(r.machine.loadAverageAtEnd)}.`,
    '',
    `**Import through \`POST /api/identifiers/import\`** (the seeding, JSON bodies of ${r.import.rowsPerRequest.toLocaleString('en-US')} ` +
      `rows, one request at a time, timed from sending to the parsed answer): ` +
      `${Math.round(r.import.perSecond).toLocaleString('en-US')} identifiers/second ` +
      `(${r.import.rows.toLocaleString('en-US')} in ${r.import.seconds.toFixed(1)} s, ${r.import.requests} requests).`,
    '',
    `**HTTP:** \`GET /api/identifiers\` (page 1 of 25, an investigator's session cookie) from ${r.connections} autocannon ` +
      `connections for ${r.seconds} s, against the real server (compiled, as \`npm start\` runs it, a child process) and against the bare server ` +
      '(bench/lib/bare-server.ts, a child process answering the same rows, total and body with the least work), ' +
      `alternating which goes first, ${r.rounds} rounds; every answer's latency is kept. No compression on either side. ` +
      `**SQL:** the statements the product ran for the same request, recorded from it and replayed from ${r.connections} ` +
      "concurrent workers through a pool of 10 connections (the app's size), named (prepared) where the app names " +
      'them, side by side where the app sends them side by side. "All SQL" is every statement (session lookup, ' +
      'estimate, page, count, originators, tags); "list SQL" the page, estimate and count only. Medians of the rounds; ms.',
    '',
    '| shape | total answered | same body | product req/s | bare req/s | req/s ratio | product p50 / p95 / p99 | bare p50 / p95 / p99 | p99 ratio | server CPU ms per answer, product / bare | all SQL p50 / p95 | list SQL p50 / p95 | API / all SQL p50, p95 | API / list SQL p50, p95 | bare / list SQL p50, p95 |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.shapes.map((s) => {
      const { product, bare, sqlAll, sqlList } = s.median;
      const q = ratios(s);
      const total = `${s.totalItems.toLocaleString('en-US')}${s.totalIsEstimate ? ' (estimate)' : ''}`;
      return (
        `| ${s.name} \`${s.query}\` | ${total} | ${s.sameBody ? 'yes' : 'no (ids, order, total equal)'} | ` +
        `${product.perSecond} | ${bare.perSecond} | ${fixed(q.perSecond)} | ${product.p50} / ${product.p95} / ${product.p99} | ` +
        `${bare.p50} / ${bare.p95} / ${bare.p99} | ${fixed(q.p99)} | ` +
        `${fixed(product.cpuMsPerAnswer ?? NaN)} / ${fixed(bare.cpuMsPerAnswer ?? NaN)} | ${sqlAll.p50} / ${sqlAll.p95} | ` +
        `${sqlList.p50} / ${sqlList.p95} | ${pair(q.sqlAll)} | ${pair(q.sqlList)} | ${pair(q.bareSqlList)} |`
      );
    }),
    '',
    `**One request at a time** (each side from one connection or worker for ${r.serialSeconds} s per round, after the ` +
      "round's concurrent runs; medians of the rounds, ms): each answer's own time, without the queueing of " +
      `${r.connections} connections on ${r.machine.cpus} cores, where a side's p50 is mostly its share of the CPU.`,
    '',
    '| shape | product p50 / p95 | bare p50 / p95 | all SQL p50 / p95 | list SQL p50 / p95 | API / all SQL p50, p95 | API / list SQL p50, p95 | bare / list SQL p50, p95 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...r.shapes.map((s) => {
      const { serial } = s.median;
      const q = ratios(s);
      const pct = (x: Percentiles) => `${x.p50} / ${x.p95}`;
      return (
        `| ${s.name} | ${pct(serial.product)} | ${pct(serial.bare)} | ${pct(serial.sqlAll)} | ${pct(serial.sqlList)} | ` +
        `${pair(q.serialSqlAll)} | ${pair(q.serialSqlList)} | ${pair(q.serialBareSqlList)} |`
      );
    }),
    '',
    `Targets (issue 10): product req/s at least ${t.perSecondRatio} times the bare server's; product p99 at most ` +
      `${t.p99Ratio} times the bare server's; API p50 and p95 at most ${t.sqlRatio} times the SQL run directly ` +
      `(judged here against the list SQL, the rows the user asked for, at ${r.connections} connections and one at a time).`,
    '',
    ...r.shapes.map((s) => {
      const q = ratios(s);
      const within = (x: { p50: number; p95: number }) => verdict(Math.max(x.p50, x.p95) <= t.sqlRatio);
      return (
        `- ${s.name}: req/s ${fixed(q.perSecond)} ${verdict(q.perSecond >= t.perSecondRatio)}; ` +
        `p99 ${fixed(q.p99)} ${verdict(q.p99 <= t.p99Ratio)}; ` +
        `API / list SQL at ${r.connections} connections ${within(q.sqlList)} (the bare server: ${pair(q.bareSqlList)}); ` +
        `one at a time ${within(q.serialSqlList)} (the bare server: ${pair(q.serialBareSqlList)}).`
      );
    }),
    '',
    "Each round (req/s, p50 / p95 / p99 ms, and the server process's CPU time per answer; the server named first ran first):",
    '',
    ...r.shapes.flatMap((s) =>
      s.rounds.map((round, i) => {
        const side = (name: string, h: HttpRun) =>
          `${name} ${h.perSecond}/s ${h.p50} / ${h.p95} / ${h.p99}` +
          `${h.cpuMsPerAnswer === undefined ? '' : `, ${fixed(h.cpuMsPerAnswer)} ms CPU per answer`}` +
          `${h.errors ? ` (${h.errors} errors)` : ''}`;
        const pair =
          round.first === 'product'
            ? [side('product', round.product), side('bare', round.bare)]
            : [side('bare', round.bare), side('product', round.product)];
        return (
          `- ${s.name}, round ${i + 1}: ${pair.join('; ')}; req/s ratio ${fixed(round.product.perSecond / round.bare.perSecond)}, ` +
          `p99 ratio ${fixed(round.product.p99 / round.bare.p99)}; all SQL ${round.sqlAll.p50} / ${round.sqlAll.p95}, ` +
          `list SQL ${round.sqlList.p50} / ${round.sqlList.p95}; one at a time (p50 / p95): product ` +
          `${round.serial.product.p50} / ${round.serial.product.p95}, bare ${round.serial.bare.p50} / ${round.serial.bare.p95}, ` +
          `all SQL ${round.serial.sqlAll.p50} / ${round.serial.sqlAll.p95}, list SQL ${round.serial.sqlList.p50} / ${round.serial.sqlList.p95}`
        );
      }),
    ),
    '',
    'What the product ran per request (recorded; `‖` marks statements sent side by side):',
    '',
    ...r.shapes.flatMap((s) => [`- ${s.name}:`, ...s.statements.map((line) => `  - \`${line}\``)]),
    '',
  ];
  return lines.join('\n');
}

/**
 * Writes `identifiers-http-postgres.{json,md}` for the 1,000,000-identifier run the issue asks for,
 * and `identifiers-http-postgres-<n>.{json,md}` for any other seed size.
 */
export function writeHttpResults(result: HttpBenchResult, variant = ''): string[] {
  mkdirSync(resultsDir, { recursive: true });
  const suffix = result.identifiers === FULL_SEED ? '' : `-${result.identifiers}`;
  const base = `${resultsDir}identifiers-http${variant}-postgres${suffix}`;
  writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(`${base}.md`, toMarkdown(result));
  return [`${base}.json`, `${base}.md`];
}
