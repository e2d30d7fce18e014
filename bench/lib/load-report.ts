import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface LoadResult {
  benchmark: 'load';
  database: 'pglite' | 'postgres';
  rows: number;
  connections: number;
  seconds: number;
  /** ADMISSION_* variables passed to the server (empty: its defaults). */
  admission: Record<string, string>;
  machine: { cpus: number; cpuModel: string; node: string; loadAverageAtStart: number[] };
  /** Requests answered. */
  requests: number;
  /** Requests still waiting when the run stopped (one per client at most). */
  unanswered: number;
  perSecond: number;
  statusCodes: Record<string, number>;
  errors: { non2xx: number; timeouts: number; other: number };
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  target: { p99ToP50: number };
  met: boolean;
  startedAt: string;
}

const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

export function toMarkdown(r: LoadResult): string {
  const l = r.latencyMs;
  const settings = Object.entries(r.admission)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return [
    `# Load benchmark (${r.database})`,
    '',
    `${r.connections} concurrent clients for ${r.seconds} s against \`GET /api/identifiers\` (signed in, ` +
      `${r.rows.toLocaleString('en-US')} identifiers), the real server over HTTP on 127.0.0.1, autocannon; ` +
      `${r.startedAt}; ${r.machine.cpus} CPUs (${r.machine.cpuModel}), Node ${r.machine.node}, load average at ` +
      `start ${r.machine.loadAverageAtStart.map((n) => n.toFixed(2)).join(' / ')}; admission ` +
      `${settings || 'defaults'}.`,
    '',
    '| answered | unanswered at the stop | per second | non-2xx | timeouts | other errors | p50 ms | p90 ms | p99 ms | max ms | p99 / p50 |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${r.requests} | ${r.unanswered} | ${Math.round(r.perSecond)} | ${r.errors.non2xx} | ${r.errors.timeouts} | ${r.errors.other} | ` +
      `${l.p50} | ${l.p90} | ${l.p99} | ${l.max} | ${(l.p99 / l.p50).toFixed(2)} |`,
    '',
    `Status codes: ${Object.entries(r.statusCodes)
      .map(([code, n]) => `${code} x ${n}`)
      .join(', ')}.`,
    '',
    `Target: no errors and p99 at most ${r.target.p99ToP50} x p50: ${r.met ? 'met' : '**missed**'}.`,
    '',
  ].join('\n');
}

/** Writes `load-<database>.json` and `.md` to bench/results/. */
export function writeLoadResults(result: LoadResult, suffix = ''): string[] {
  mkdirSync(resultsDir, { recursive: true });
  const base = `${resultsDir}load-${result.database}${suffix}`;
  writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(`${base}.md`, toMarkdown(result));
  return [`${base}.json`, `${base}.md`];
}
