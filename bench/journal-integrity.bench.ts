/**
 * Journal integrity benchmark (not part of `npm test`), on PostgreSQL (or PGlite without a URL):
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/journal-integrity.bench.ts
 *
 * Seeds two cases, of 10 and of BENCH_ENTRIES (default 10,000) journal entries, written directly and
 * sealed into their hash chains (`sealUnchainedEntries`, as start-up does), then times
 * `GET /api/cases/{id}/journal-integrity` through the app in process (`app.inject`): the first call of
 * each case (the large one's is its full verification), then BENCH_CALLS calls of each, alternating,
 * in 3 rounds, with `monitorEventLoopDelay` running: the longest the event loop was held while they ran
 * is the longest any other request would have waited. Then the same with a full verification of the
 * large case running in the background (its interval set to 0), which is what a check of a long chain
 * starts every few minutes. Medians of the rounds; results go to
 * bench/results/journal-integrity-<database>.{json,md}.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createUser } from '../server/src/modules/users/users.service';
import {
  fullVerificationSettled,
  journalChainSettings,
  sealUnchainedEntries,
} from '../server/src/modules/signatures/journal-chain';
import { openBenchDatabase } from './lib/bench-database';
import { median } from './lib/concurrent-load';
import { summarise, timed } from './lib/stats';
import { benchCommit, signInInProcess } from './lib/sign-in';

const EMAIL = 'integrity@bench.example';
const PASSWORD = 'benchmark password';
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 10_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const ROUNDS = 3;
const PUBLIC_URL = 'http://127.0.0.1';
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
const log = (line: string) => console.log(line);

interface Round {
  small: { p50: number; p95: number };
  large: { p50: number; p95: number };
  maxLoopDelayMs: number;
  p99LoopDelayMs: number;
}

async function main() {
  const bench = await openBenchDatabase();
  try {
    await bench.database.migrate();
    const db = bench.database.db;
    const user = await createUser(db, {
      email: EMAIL,
      password: PASSWORD,
      firstName: 'Ivy',
      lastName: 'Integrity',
      role: 'investigator',
    });
    const originatorId = (user as unknown as { originatorId: string }).originatorId;
    const caseOf = async (entries: number) => {
      const result = await db.execute(sql`insert into cases (title, status, originator_id, last_activity_at)
        values (${`Integrity ${entries}`}, 'open', ${originatorId}::uuid, now()) returning id`);
      const id = (result as unknown as { rows: { id: string }[] }).rows[0].id;
      await db.execute(sql`insert into journal_entries (case_id, type, description, originator_id, performed_at)
        select ${id}::uuid, 'note', 'Entry ' || g || ' of the case', ${originatorId}::uuid,
          timestamptz '2024-01-01' + g * interval '1 minute'
        from generate_series(1, ${entries}) g`);
      return id;
    };
    const small = await caseOf(10);
    const large = await caseOf(ENTRIES);
    const sealed = await sealUnchainedEntries(db);
    await db.execute(sql`vacuum analyze`).catch(() => db.execute(sql`analyze`));
    log(`Sealed ${sealed} entries into 2 chains (${bench.kind})`);

    const config = loadConfig({
      // The app is given the database opened above; without a URL the config names PGlite's.
      ...(bench.url ? { DATABASE_URL: bench.url } : {}),
      PUBLIC_URL,
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, database: bench.database, logger: false });
    try {
      const cookie = await signInInProcess(app, PUBLIC_URL, EMAIL, PASSWORD);
      const check = async (caseId: string) => {
        const res = await app.inject({ url: `/api/cases/${caseId}/journal-integrity`, headers: { cookie } });
        if (res.statusCode !== 200 || !res.json().intact) throw new Error(`${res.statusCode} ${res.body}`);
        return res.json() as { entries: number; fullyVerifiedAt?: string };
      };
      const firstSmall = await timed(() => check(small));
      const loop = monitorEventLoopDelay({ resolution: 1 });
      loop.enable();
      const firstLarge = await timed(() => check(large));
      loop.disable();
      const firstLargeLoopMs = loop.max / 1e6;
      const firstLargeLoopP99Ms = loop.percentile(99) / 1e6;
      log(
        `First calls: 10 entries ${firstSmall.toFixed(1)} ms; ${ENTRIES} entries ${firstLarge.toFixed(1)} ms ` +
          `(its full verification), event loop held at most ${firstLargeLoopMs.toFixed(1)} ms ` +
          `(p99 ${firstLargeLoopP99Ms.toFixed(1)})`,
      );
      for (let i = 0; i < 20; i += 1) {
        await check(small);
        await check(large);
      }

      const measure = async (label: string) => {
        const rounds: Round[] = [];
        for (let r = 0; r < ROUNDS; r += 1) {
          const smallTimes: number[] = [];
          const largeTimes: number[] = [];
          const delay = monitorEventLoopDelay({ resolution: 1 });
          delay.enable();
          for (let i = 0; i < CALLS; i += 1) {
            smallTimes.push(await timed(() => check(small)));
            largeTimes.push(await timed(() => check(large)));
          }
          delay.disable();
          const s = summarise(smallTimes);
          const l = summarise(largeTimes);
          const round = {
            small: { p50: s.p50, p95: s.p95 },
            large: { p50: l.p50, p95: l.p95 },
            maxLoopDelayMs: Number((delay.max / 1e6).toFixed(1)),
            p99LoopDelayMs: Number((delay.percentile(99) / 1e6).toFixed(1)),
          };
          rounds.push(round);
          log(
            `  ${label} round ${r + 1}: 10 entries p50 ${s.p50} p95 ${s.p95} ms; ${ENTRIES} entries p50 ${l.p50} ` +
              `p95 ${l.p95} ms (x${(l.p50 / s.p50).toFixed(2)} / x${(l.p95 / s.p95).toFixed(2)}); ` +
              `event loop held at most ${round.maxLoopDelayMs} ms (p99 ${round.p99LoopDelayMs})`,
          );
        }
        return {
          label,
          rounds,
          smallP50: median(rounds.map((r) => r.small.p50)),
          smallP95: median(rounds.map((r) => r.small.p95)),
          largeP50: median(rounds.map((r) => r.large.p50)),
          largeP95: median(rounds.map((r) => r.large.p95)),
          ratioP50: Number(median(rounds.map((r) => r.large.p50 / r.small.p50)).toFixed(2)),
          ratioP95: Number(median(rounds.map((r) => r.large.p95 / r.small.p95)).toFixed(2)),
          maxLoopDelayMs: Math.max(...rounds.map((r) => r.maxLoopDelayMs)),
          p99LoopDelayMs: median(rounds.map((r) => r.p99LoopDelayMs)),
        };
      };
      // The same monitor over 3 s of nothing: what the machine's load alone shows as delay.
      const idle = monitorEventLoopDelay({ resolution: 1 });
      idle.enable();
      await new Promise((resolve) => setTimeout(resolve, 3000));
      idle.disable();
      const idleLoop = {
        maxMs: Number((idle.max / 1e6).toFixed(1)),
        p99Ms: Number((idle.percentile(99) / 1e6).toFixed(1)),
      };
      log(`Idle baseline: event loop delay at most ${idleLoop.maxMs} ms (p99 ${idleLoop.p99Ms})`);
      const steady = await measure('checks');
      // A full verification in the background: every check of the large case starts one when none runs.
      const interval = journalChainSettings.fullVerificationIntervalMs;
      journalChainSettings.fullVerificationIntervalMs = 0;
      const verifying = await measure('checks during full verifications');
      journalChainSettings.fullVerificationIntervalMs = interval;
      await fullVerificationSettled(large);
      const fullStart = performance.now();
      journalChainSettings.fullVerificationIntervalMs = 0;
      await check(large);
      await fullVerificationSettled(large);
      journalChainSettings.fullVerificationIntervalMs = interval;
      const fullMs = performance.now() - fullStart;
      log(`A full verification of ${ENTRIES} entries in the background: ${fullMs.toFixed(0)} ms`);
      writeResults(bench.kind, {
        entries: ENTRIES,
        calls: CALLS,
        firstSmallMs: Number(firstSmall.toFixed(1)),
        firstLargeMs: Number(firstLarge.toFixed(1)),
        firstLargeLoopMs: Number(firstLargeLoopMs.toFixed(1)),
        firstLargeLoopP99Ms: Number(firstLargeLoopP99Ms.toFixed(1)),
        fullVerificationMs: Math.round(fullMs),
        idleLoop,
        measures: [steady, verifying],
      });
    } finally {
      await app.close();
    }
  } finally {
    await bench.drop();
  }
}

function writeResults(
  kind: string,
  result: Record<string, unknown> & { measures: Record<string, unknown>[] },
) {
  const commit = benchCommit();
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
  const at = new Date().toISOString();
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    `${resultsDir}journal-integrity-${kind}.json`,
    `${JSON.stringify({ at, commit, machine, ...result }, null, 2)}\n`,
  );
  const lines = [
    `# Journal integrity, 10 and ${result.entries} entries (${at}, commit ${commit}, ${kind})`,
    '',
    machine,
    '',
    '| measure | 10 p50 | 10 p95 | large p50 | large p95 | ratio p50 | ratio p95 | event loop max ms | event loop p99 ms |',
    '| ------- | -----: | -----: | --------: | --------: | --------: | --------: | ----------------: | ----------------: |',
    ...result.measures.map(
      (m) =>
        `| ${m.label} | ${m.smallP50} | ${m.smallP95} | ${m.largeP50} | ${m.largeP95} | ${m.ratioP50} | ${m.ratioP95} | ${m.maxLoopDelayMs} | ${m.p99LoopDelayMs} |`,
    ),
    '',
    `First call of the large case (its full verification): ${result.firstLargeMs} ms, event loop held at most ` +
      `${result.firstLargeLoopMs} ms (p99 ${result.firstLargeLoopP99Ms}); a full verification in the background: ${result.fullVerificationMs} ms.`,
    '',
    `Idle baseline (3 s of nothing, same run): event loop delay at most ${(result.idleLoop as { maxMs: number }).maxMs} ms ` +
      `(p99 ${(result.idleLoop as { p99Ms: number }).p99Ms}).`,
    '',
  ];
  writeFileSync(`${resultsDir}journal-integrity-${kind}.md`, lines.join('\n'));
  for (const line of lines.slice(4)) log(line);
}

await main();
