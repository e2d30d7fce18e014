import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LoadRun } from './concurrent-load';

interface Side {
  p50: number;
  p95: number;
  perSecond: number;
}

export interface EndpointResult {
  path: string;
  /** How many statements one request ran (session lookup included); all of them are replayed. */
  statements: number;
  /** Each round: both sides from the benchmark's connections, then from one connection (`serial`). */
  rounds: { api: LoadRun; sql: LoadRun; serial: { api: LoadRun; sql: LoadRun } }[];
  median: { api: Side; sql: Side; serial: { api: Side; sql: Side } };
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
      'Both sides run on the same machine as PostgreSQL and the load generator. Three rounds, alternating API ' +
      'and SQL; medians of the rounds. Times in ms.',
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
      'Answer sizes on the wire (headers included): ' +
      r.endpoints
        .map(
          (e) => `\`${e.path.replace(/[0-9a-f-]{36}/, '{id}')}\` ${e.rounds[0]?.api.bytesPerAnswer ?? '?'} B`,
        )
        .join(', ') +
      '.',
    '',
    'Each round (API p50/p95 | SQL p50/p95, then one at a time):',
    '',
    ...r.endpoints.map(
      (e) =>
        `- \`${e.path.replace(/[0-9a-f-]{36}/, '{id}')}\`: ` +
        e.rounds
          .map(
            (x) =>
              `${x.api.p50}/${x.api.p95} | ${x.sql.p50}/${x.sql.p95}, one at a time ` +
              `${x.serial.api.p50}/${x.serial.api.p95} | ${x.serial.sql.p50}/${x.serial.sql.p95}`,
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
