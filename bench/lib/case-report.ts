import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { median, type LoadRun } from './concurrent-load';

export interface Side {
  p50: number;
  p95: number;
  perSecond: number;
}

/** The median p50, p95 and requests a second of several runs of one side. */
export function medianSide(runs: readonly Side[]): Side {
  return {
    p50: median(runs.map((r) => r.p50)),
    p95: median(runs.map((r) => r.p95)),
    perSecond: median(runs.map((r) => r.perSecond)),
  };
}

/** A load run against a server process, with the CPU it spent per answer (user and system, ms). */
export type ServerRun = LoadRun & { cpuMsPerAnswer: number };

export interface EndpointResult {
  path: string;
  /** How many statements one request ran (session lookup included); all of them are replayed. */
  statements: number;
  /**
   * Each round: the product (`api`), the floor (the same statements behind the thinnest HTTP
   * server, bench/lib/replay-server.ts) and the SQL side from the benchmark's connections, then the
   * three from one connection (`serial`).
   */
  rounds: {
    api: ServerRun;
    floor: ServerRun;
    sql: LoadRun;
    serial: { api: ServerRun; floor: ServerRun; sql: LoadRun };
  }[];
  median: {
    api: Side;
    floor: Side;
    sql: Side;
    serial: { api: Side; floor: Side; sql: Side };
    /** Server CPU per answer at the benchmark's connections, product and floor. */
    cpuMsPerAnswer: { api: number; floor: number };
  };
  /** Measured for comparison only (no target): the session lookup alone. */
  reference?: boolean;
}

export interface UploadRound {
  seconds: number;
  filesPerSecond: number;
  megabytesPerSecond: number;
  samples: number;
  p50: number;
  p95: number;
}

export interface CaseBenchResult {
  benchmark: 'cases';
  database: 'postgres';
  seeded: { entries: number; evidence: number };
  workers: number;
  seconds: number;
  /** How long each side ran from one connection in each round. */
  serialSeconds: number;
  /** The API side's accept-encoding header ('' for none). */
  acceptEncoding?: string;
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    loadAverageAtStart: number[];
    loadAverageAtEnd?: number[];
  };
  endpoints: EndpointResult[];
  timelineMs: { runs: number[]; median: number };
  uploads: {
    files: number;
    bytesEach: number;
    concurrency: number;
    rounds: UploadRound[];
    median: { filesPerSecond: number; megabytesPerSecond: number; p50: number; p95: number };
  };
  targets: { p95Ms: number; ratioToSql: number; timelineMs: number };
  startedAt: string;
}

const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const ratio = (a: number, b: number) => (a / b).toFixed(2);

export function toMarkdown(r: CaseBenchResult): string {
  const t = r.targets;
  const lines = [
    `# Case benchmark (${r.database})`,
    '',
    `A case with ${r.seeded.entries.toLocaleString('en-US')} journal entries and ${r.seeded.evidence} evidence items ` +
      `among 5,000 other cases; ${r.startedAt}; ${r.machine.cpus} CPUs (${r.machine.cpuModel}), Node ${r.machine.node}, ` +
      `load average (1/5/15 min) at start ${r.machine.loadAverageAtStart.map((l) => l.toFixed(2)).join(' / ')}` +
      (r.machine.loadAverageAtEnd
        ? `, at the end ${r.machine.loadAverageAtEnd.map((l) => l.toFixed(2)).join(' / ')}`
        : '') +
      '.',
    '',
    `**API:** real HTTP to the server process (a child process on 127.0.0.1) from ${r.workers} autocannon ` +
      `connections for ${r.seconds} s, each sending its next request when the previous answer is complete; ` +
      "every answer's latency is kept, so the percentiles are exact. " +
      `**SQL:** the statements the app ran for the same request (session lookup included), recorded from it, ` +
      `replayed one after another, as the app runs them, from ${r.workers} concurrent workers through a ` +
      'node-postgres pool of the same size, each as a named prepared statement (as the app prepares them). ' +
      'All sides run on the same machine as PostgreSQL and the load generator. Three rounds, alternating API, ' +
      'floor (below) and SQL; medians of the rounds. Times in ms.',
    '',
    '| request | statements | API p50 | API p95 | API req/s | SQL p50 | SQL p95 | SQL req/s | API/SQL p50 | API/SQL p95 | targets |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...r.endpoints.map((e) => {
      const { api, sql } = e.median;
      const within = api.p50 / sql.p50 <= t.ratioToSql && api.p95 / sql.p95 <= t.ratioToSql;
      const targets = e.reference
        ? 'reference, no target'
        : `p95 ≤ ${t.p95Ms} ms ${verdict(api.p95 <= t.p95Ms)}; ≤ ${t.ratioToSql}× SQL ${verdict(within)}`;
      return `| \`GET ${e.path.replace(/[0-9a-f-]{36}/, '{id}')}\` | ${e.statements} | ${api.p50} | ${api.p95} | ${api.perSecond} | ${sql.p50} | ${sql.p95} | ${sql.perSecond} | ${ratio(api.p50, sql.p50)} | ${ratio(api.p95, sql.p95)} | ${targets} |`;
    }),
    '',
    `**One request at a time:** the same requests and statements from one connection (one worker) for ${r.serialSeconds} s ` +
      "per side in each round, after the round's concurrent runs: each answer's own time, without the queueing " +
      `of ${r.workers} connections on ${r.machine.cpus} cores (where a side's latency is mostly its share of the CPU). Medians of the rounds, ms.`,
    '',
    '| request | API p50 | API p95 | SQL p50 | SQL p95 | API/SQL p50 | API/SQL p95 | target |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...r.endpoints.map((e) => {
      const { api, sql } = e.median.serial;
      const within = api.p50 / sql.p50 <= t.ratioToSql && api.p95 / sql.p95 <= t.ratioToSql;
      const target = e.reference ? 'reference, no target' : `≤ ${t.ratioToSql}× SQL ${verdict(within)}`;
      return `| \`GET ${e.path.replace(/[0-9a-f-]{36}/, '{id}')}\` | ${api.p50} | ${api.p95} | ${sql.p50} | ${sql.p95} | ${ratio(api.p50, sql.p50)} | ${ratio(api.p95, sql.p95)} | ${target} |`;
    }),
    '',
    '**The floor:** the same statements with the same parameters behind the thinnest HTTP server ' +
      '(`bench/lib/replay-server.ts`: Fastify without plugins, the statements one after another through a pool ' +
      "of the product's size, each a named prepared statement, the last one's rows as JSON, compressed as the " +
      'product compresses), measured beside the other two in each round. No authorization, validation or ' +
      "mapping: its ratio to the SQL is what an HTTP request alone costs on this machine, and the product's " +
      "distance from it is what the product adds. Server CPU is the server process's user and system time per " +
      `answer at ${r.workers} connections. Medians of the rounds, ms.`,
    '',
    '| request | floor p50 | floor p95 | floor req/s | floor/SQL p50 | floor/SQL p95 | one at a time: floor p50 | floor p95 | floor/SQL p50 | floor/SQL p95 | server CPU per answer: product / floor |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.endpoints.map((e) => {
      const { floor, sql, serial, cpuMsPerAnswer } = e.median;
      return (
        `| \`GET ${e.path.replace(/[0-9a-f-]{36}/, '{id}')}\` | ${floor.p50} | ${floor.p95} | ${floor.perSecond} | ` +
        `${ratio(floor.p50, sql.p50)} | ${ratio(floor.p95, sql.p95)} | ${serial.floor.p50} | ${serial.floor.p95} | ` +
        `${ratio(serial.floor.p50, serial.sql.p50)} | ${ratio(serial.floor.p95, serial.sql.p95)} | ` +
        `${cpuMsPerAnswer.api.toFixed(3)} / ${cpuMsPerAnswer.floor.toFixed(3)} |`
      );
    }),
    ...(r.endpoints.some((e) => e.reference)
      ? [
          '',
          'The reference row is a request with no work of its own beyond the session lookup every request ' +
            'makes: its ratio is the fixed cost of one HTTP request through the server (parsing, routing, ' +
            'hooks, serialisation, a second process hop) against one statement, on this machine.',
        ]
      : []),
    '',
    (r.acceptEncoding
      ? `The API side asks for compression as a browser does (\`accept-encoding: ${r.acceptEncoding}\`); answers of ` +
        '1 KB or more are compressed by the server. '
      : 'The API side asks for no compression. ') +
      'Answer sizes on the wire (headers included), product / floor: ' +
      r.endpoints
        .map(
          (e) =>
            `\`${e.path.replace(/[0-9a-f-]{36}/, '{id}')}\` ${e.rounds[0]?.api.bytesPerAnswer ?? '?'} / ` +
            `${e.rounds[0]?.floor.bytesPerAnswer ?? '?'} B`,
        )
        .join(', ') +
      '.',
    '',
    'Each round (API p50/p95 | floor p50/p95 | SQL p50/p95, then one at a time):',
    '',
    ...r.endpoints.map(
      (e) =>
        `- \`${e.path.replace(/[0-9a-f-]{36}/, '{id}')}\`: ` +
        e.rounds
          .map(
            (x) =>
              `${x.api.p50}/${x.api.p95} | ${x.floor.p50}/${x.floor.p95} | ${x.sql.p50}/${x.sql.p95}, one at a time ` +
              `${x.serial.api.p50}/${x.serial.api.p95} | ${x.serial.floor.p50}/${x.serial.floor.p95} | ` +
              `${x.serial.sql.p50}/${x.serial.sql.p95}`,
          )
          .join('; '),
    ),
    '',
    `**Timeline in Chromium** (navigation to /cases/{id} until the newest entry is on screen, after a warm-up visit): ` +
      `median ${r.timelineMs.median} ms (runs ${r.timelineMs.runs.join(', ')}); target < ${t.timelineMs} ms ${verdict(r.timelineMs.median < t.timelineMs)}.`,
    '',
    `**Uploads:** ${r.uploads.files} files of ${r.uploads.bytesEach / 1024 / 1024} MB through \`POST /api/evidence\`, ` +
      `${r.uploads.concurrency} at a time: median ${r.uploads.median.filesPerSecond} files/s, ` +
      `${r.uploads.median.megabytesPerSecond} MB/s; per upload p50 ${Math.round(r.uploads.median.p50)} ms, p95 ${Math.round(r.uploads.median.p95)} ms ` +
      `(rounds: ${r.uploads.rounds.map((x) => `${x.filesPerSecond} files/s`).join(', ')}).`,
    '',
  ];
  return lines.join('\n');
}

export function writeCaseResults(result: CaseBenchResult): string[] {
  mkdirSync(resultsDir, { recursive: true });
  const base = `${resultsDir}cases-${result.database}`;
  writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(`${base}.md`, toMarkdown(result));
  return [`${base}.json`, `${base}.md`];
}
