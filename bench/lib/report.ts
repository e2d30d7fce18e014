import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LatencySummary } from './stats';

export interface ScenarioResult {
  name: string;
  query: string;
  matches: number;
  totalItems: number;
  totalIsEstimate: boolean;
  app: LatencySummary;
  /** Every statement the request ran (auth, page, count, evidence counts, originators, tags), replayed in order. */
  directAll: LatencySummary;
  /** Only the list statements: the page and the capped count (and the estimate when over the cap). */
  directList: LatencySummary;
}

export interface BenchResult {
  benchmark: 'identifiers';
  database: string;
  rows: number;
  machine: { cpus: number; cpuModel: string; node: string; loadAverageAtStart: number[] };
  import: { rows: number; seconds: number; perSecond: number; chunkRows: number };
  scenarios: ScenarioResult[];
  targets: { p95Ms: number; ratioToDirect: number; importPerSecond: number } | null;
  startedAt: string;
}

const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

function verdict(ok: boolean): string {
  return ok ? 'met' : '**missed**';
}

export function toMarkdown(result: BenchResult): string {
  const t = result.targets;
  const lines = [
    `# Identifier list and import benchmark (${result.database})`,
    '',
    `${result.rows.toLocaleString('en-US')} identifiers seeded through the import service in requests of ` +
      `${result.import.chunkRows.toLocaleString('en-US')} rows; ${result.startedAt}; ` +
      `${result.machine.cpus} CPUs (${result.machine.cpuModel}), Node ${result.machine.node}, ` +
      `load average at start ${result.machine.loadAverageAtStart.map((l) => l.toFixed(2)).join(' / ')}.`,
    '',
    `**Import:** ${Math.round(result.import.perSecond).toLocaleString('en-US')} identifiers/second ` +
      `(${result.import.rows.toLocaleString('en-US')} in ${result.import.seconds.toFixed(1)} s)` +
      (t
        ? ` - target ${t.importPerSecond.toLocaleString('en-US')}/s ${verdict(result.import.perSecond >= t.importPerSecond)}`
        : ''),
    '',
    '`GET /api/identifiers` (page 1 of 25, an investigator session, app.inject) beside the same SQL run directly ' +
      'on one connection. "All SQL" replays every statement the request ran (session lookup, page, capped count, ' +
      'estimate, evidence counts, originators, tags); "list SQL" only the page and the count. Times in ms.',
    '',
    '| scenario | matches | total answered | API p50 | API p95 | all SQL p50 | all SQL p95 | list SQL p50 | list SQL p95 | API / all SQL, p50 | API / all SQL, p95 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...result.scenarios.map((s) => {
      const total = `${s.totalItems.toLocaleString('en-US')}${s.totalIsEstimate ? ' (estimate)' : ''}`;
      const ratio50 = (s.app.p50 / s.directAll.p50).toFixed(2);
      const ratio95 = (s.app.p95 / s.directAll.p95).toFixed(2);
      return `| ${s.name} \`${s.query || '(none)'}\` | ${s.matches.toLocaleString('en-US')} | ${total} | ${s.app.p50} | ${s.app.p95} | ${s.directAll.p50} | ${s.directAll.p95} | ${s.directList.p50} | ${s.directList.p95} | ${ratio50} | ${ratio95} |`;
    }),
    '',
  ];
  if (t) {
    const worstP95 = Math.max(...result.scenarios.map((s) => s.app.p95));
    const worstRatio = Math.max(...result.scenarios.map((s) => s.app.p95 / s.directAll.p95));
    lines.push(
      `Targets: p95 <= ${t.p95Ms} ms (worst ${worstP95} ms: ${verdict(worstP95 <= t.p95Ms)}); ` +
        `p95 <= ${t.ratioToDirect}x direct SQL (worst ${worstRatio.toFixed(2)}x: ${verdict(worstRatio <= t.ratioToDirect)}).`,
      '',
    );
  }
  return lines.join('\n');
}

/** Writes `identifiers-<database>.json` and `.md` to bench/results/. */
export function writeResults(result: BenchResult): string[] {
  mkdirSync(resultsDir, { recursive: true });
  const base = `${resultsDir}identifiers-${result.database}`;
  writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(`${base}.md`, toMarkdown(result));
  return [`${base}.json`, `${base}.md`];
}
