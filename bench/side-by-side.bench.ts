/**
 * Two revisions of the server side by side (not part of `npm test`), on PostgreSQL:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:side-by-side -- <before> [<after>]
 *
 * `before` and `after` are git revisions (`after` defaults to HEAD). Each is taken from git
 * (`git archive`) into a temporary directory, with this checkout's installed packages beside it, and
 * compiled as `npm start` compiles it (that revision's scripts/build-server.mjs). Both servers then
 * run as child processes on one database seeded as the case benchmark seeds it (a case with 1,000
 * entries and 500 evidence items among 5,000 other cases, sealed and vacuumed), signed in as the same
 * user. The database is migrated by this checkout's migrations: both revisions must work on that
 * schema. Over real HTTP, from BENCH_WORKERS autocannon connections (default 10), runs of BENCH_SECONDS
 * (default 8) alternate between the two servers, request by request, for BENCH_ROUNDS rounds
 * (default 5): each run's server CPU per answer (from /proc), p50, p95 and requests a second; the
 * medians and every round are reported. The requests are the case, its journal's first page and the
 * session alone, unless BENCH_PATHS lists others (comma-separated; `{id}` stands for the case).
 *
 * On a machine whose speed changes from one minute to the next, this is the comparison that means
 * something for a change to the server's own work: both builds meet the same load in the same
 * minutes. Results go to bench/results/side-by-side.{json,md}.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBenchDatabase } from './lib/bench-database';
import { buildRevision } from './lib/revision';
import { medianSide, type Side } from './lib/case-report';
import { prepareCaseDatabase } from './lib/case-seed';
import { median, runServerLoad } from './lib/concurrent-load';
import { startBuiltServer, type ServerProcess } from './lib/server-process';
import { machineInfo, signIn } from './lib/sign-in';

const root = fileURLToPath(new URL('../', import.meta.url));
const EMAIL = 'side-by-side@bench.example';
const PASSWORD = 'benchmark password';
const WORKERS = Number(process.env.BENCH_WORKERS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Other requests than the default three, comma-separated; `{id}` stands for the seeded case. */
const PATHS = process.env.BENCH_PATHS?.split(',').filter(Boolean);
const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

const log = (line: string) => console.log(line);
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** One run against one server: its latency and throughput, and the server's CPU per answer. */
type Run = Side & { cpuMsPerAnswer: number };

async function main() {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('The side-by-side benchmark runs on PostgreSQL: set BENCH_DATABASE_URL');
  const [beforeArg, afterArg = 'HEAD'] = process.argv.slice(2);
  if (!beforeArg)
    throw new Error('Usage: npm run bench:side-by-side -- <before revision> [<after revision>]');
  const sides = [beforeArg, afterArg].map((revision) => ({
    revision,
    commit: git('rev-parse', '--short', `${revision}^{commit}`),
  }));
  const work = mkdtempSync(join(tmpdir(), 'scamtrail-side-by-side-'));
  const bench = await openBenchDatabase();
  const servers: ServerProcess[] = [];
  try {
    const bundles = sides.map((side) => buildRevision(side.commit, join(work, side.commit)));
    const caseId = await prepareCaseDatabase(bench, { email: EMAIL, password: PASSWORD, firstName: 'Side' });
    log(`seeded and settled; comparing ${sides.map((s) => s.commit).join(' and ')}`);
    for (const bundle of bundles)
      servers.push(await startBuiltServer(bundle, { DATABASE_URL: bench.url!, LOG_LEVEL: 'warn' }));
    const cookies = await Promise.all(servers.map((s) => signIn(s.origin, EMAIL, PASSWORD)));
    const paths = PATHS?.map((path) => path.replace('{id}', caseId)) ?? [
      `/api/cases/${caseId}`,
      `/api/cases/${caseId}/journal-entries?page=1&pageSize=25`,
      '/api/auth/me',
    ];
    const load = (i: number, path: string, seconds: number) =>
      runServerLoad(servers[i], path, WORKERS, seconds, { ...HEADERS, cookie: cookies[i] });
    for (const path of paths) for (let i = 0; i < servers.length; i += 1) await load(i, path, 2);
    const loadAverageAtStart = loadavg();
    const startedAt = new Date().toISOString();
    const runs = paths.map(() => servers.map((): Run[] => []));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [p, path] of paths.entries()) {
        for (let i = 0; i < servers.length; i += 1) {
          const r = await load(i, path, SECONDS);
          if (r.errors) throw new Error(`${sides[i].commit} ${path}: ${r.errors} errors`);
          runs[p][i].push({
            cpuMsPerAnswer: r.cpuMsPerAnswer,
            p50: r.p50,
            p95: r.p95,
            perSecond: r.perSecond,
          });
        }
        log(
          `  round ${round + 1} ${path}: ` +
            sides
              .map((s, i) => {
                const r = runs[p][i][round];
                return `${s.commit} ${r.cpuMsPerAnswer.toFixed(3)} ms CPU, p50 ${r.p50}, ${r.perSecond}/s`;
              })
              .join('; '),
        );
      }
    }
    const summary = (list: Run[]): Run => ({
      ...medianSide(list),
      cpuMsPerAnswer: median(list.map((r) => r.cpuMsPerAnswer)),
    });
    const result = {
      benchmark: 'side-by-side',
      sides,
      workers: WORKERS,
      seconds: SECONDS,
      rounds: ROUNDS,
      machine: machineInfo(loadAverageAtStart),
      startedAt,
      requests: paths.map((path, p) => ({
        path: path.replace(caseId, '{id}'),
        runs: sides.map((_, i) => runs[p][i]),
        median: sides.map((_, i) => summary(runs[p][i])),
      })),
    };
    const dir = join(root, 'bench/results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'side-by-side.json'), `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(join(dir, 'side-by-side.md'), report(result));
    log('wrote bench/results/side-by-side.{json,md}');
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await bench.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

function report(result: {
  sides: { revision: string; commit: string }[];
  workers: number;
  seconds: number;
  rounds: number;
  machine: ReturnType<typeof machineInfo>;
  startedAt: string;
  requests: { path: string; runs: Run[][]; median: Run[] }[];
}): string {
  const [before, after] = result.sides.map((s) => s.commit);
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
  const change = (a: number, b: number) =>
    `${b < a ? '−' : '+'}${Math.abs(Math.round((100 * (b - a)) / a))}%`;
  const rows = result.requests.map(({ path, median: [a, b] }) =>
    [
      `\`${path}\``,
      `${a.cpuMsPerAnswer.toFixed(3)} / ${b.cpuMsPerAnswer.toFixed(3)} (${change(a.cpuMsPerAnswer, b.cpuMsPerAnswer)})`,
      `${a.p50} / ${b.p50}`,
      `${a.p95} / ${b.p95}`,
      `${a.perSecond} / ${b.perSecond}`,
    ].join(' | '),
  );
  const rounds = result.requests.map(
    ({ path, runs: [a, b] }) =>
      `- \`${path}\`: ${a.map((r, i) => `${r.cpuMsPerAnswer.toFixed(3)} / ${b[i].cpuMsPerAnswer.toFixed(3)}`).join('; ')}`,
  );
  return `# Two servers side by side (postgres)

${before} (before) against ${after} (after), both compiled as \`npm start\` compiles them, on one database seeded
as the case benchmark seeds it; ${result.startedAt}; ${result.machine.cpus} CPUs (${result.machine.cpuModel}), Node ${result.machine.node}, load
average (1/5/15 min) at start ${load(result.machine.loadAverageAtStart)}, at the end ${load(result.machine.loadAverageAtEnd)}.

Real HTTP from ${result.workers} autocannon connections, asking for compression as a browser does; runs of ${result.seconds} s
alternating between the two servers, request by request, ${result.rounds} rounds. Server CPU per answer is the
process's user and system time over the answers of the run. Medians of the rounds, before / after (ms):

| request | server CPU per answer | p50 | p95 | req/s |
|---|---:|---:|---:|---:|
${rows.map((r) => `| ${r} |`).join('\n')}

Server CPU per answer in each round, before / after:

${rounds.join('\n')}
`;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
