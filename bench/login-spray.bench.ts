/**
 * Password-spraying benchmark (not part of `npm test`):
 *
 *   npm run bench:login-spray                                                          # PGlite on disk
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:login-spray   # PostgreSQL
 *
 * What other users' reads cost while one address sprays wrong passwords across accounts. Two servers
 * run the current build as child processes on 127.0.0.1, each on its own database seeded alike (a
 * reader, 50 other accounts, 200 cases):
 * - "budget": the default settings, so the spraying address is refused (429) once it has failed
 *   50 times in 15 minutes, before any password hash;
 * - "hashes only": LOGIN_ADDRESS_FAILURE_LIMIT and PUBLIC_WRITES_PER_ADDRESS lifted, so every guess
 *   costs a hash and only the limit on hashes running at once (server/src/lib/password.ts) protects
 *   the other requests.
 * In each of BENCH_ROUNDS rounds (default 3) and on each server, BENCH_READERS autocannon
 * connections (default 4) read `GET /api/cases` for BENCH_SECONDS (default 10) with nobody spraying,
 * then again while BENCH_SPRAYERS clients (default 8) post wrong passwords from the same address, each
 * to the next of 1,000 e-mail addresses (the 50 accounts and 950 unknown ones). Reported: the readers'
 * p50 and p95 (median of the rounds, and each round), and what the sprayers got (answers by status,
 * guesses a minute that cost a hash, i.e. answered 401). Results go to
 * bench/results/login-spray-<database>.{json,md}.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createUser } from '../server/src/modules/users/users.service';
import { median, runServerLoad, type LoadRun } from './lib/concurrent-load';
import { prepareBenchStore, type BenchStore } from './lib/bench-store';
import { startServer, type ServerProcess } from './lib/server-process';
import { machineInfo, signIn } from './lib/sign-in';

const READERS = Number(process.env.BENCH_READERS ?? 4);
const SPRAYERS = Number(process.env.BENCH_SPRAYERS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ACCOUNTS = 50;
const UNKNOWN_ACCOUNTS = 950;
const CASES = 200;
const READER = { email: 'reader@bench.example', password: 'benchmark password' };
const WRONG_PASSWORD = 'Winter2026!';
const PATH = '/api/cases';

const SERVERS = {
  budget: {},
  'hashes only': { LOGIN_ADDRESS_FAILURE_LIMIT: '1000000000', PUBLIC_WRITES_PER_ADDRESS: '1000000000' },
} as const;
type ServerName = keyof typeof SERVERS;

const log = (line: string) => console.log(line);

/** The reader and the sprayed accounts, then (over HTTP, once the server runs) the cases. */
async function seedAccounts(store: BenchStore): Promise<string[]> {
  const database = await store.open();
  try {
    await database.migrate();
    await createUser(database.db, {
      ...READER,
      firstName: 'Reader',
      lastName: 'Bench',
      role: 'investigator',
    });
    const emails: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const email = `account${i}@bench.example`;
      emails.push(email);
      await createUser(database.db, {
        email,
        password: `${randomBytes(12).toString('base64url')}`,
        firstName: 'Account',
        lastName: String(i),
        role: 'viewer',
      });
    }
    return emails;
  } finally {
    await database.close();
  }
}

async function seedCases(server: ServerProcess, cookie: string) {
  for (let i = 0; i < CASES; i++) {
    const res = await fetch(`${server.origin}/api/cases`, {
      method: 'POST',
      headers: { cookie, origin: server.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Spray bench case ${i}`, description: 'Seeded for the spray benchmark' }),
    });
    if (res.status !== 201) throw new Error(`case ${i}: ${res.status} ${await res.text()}`);
  }
}

interface Spray {
  statuses: Record<string, number>;
  /** Guesses a minute whose password was checked (answered 401). */
  hashedPerMinute: number;
}

/** Runs `during` while SPRAYERS clients post wrong passwords, one e-mail after another. */
async function whileSpraying<T>(
  server: ServerProcess,
  emails: string[],
  during: () => Promise<T>,
): Promise<{ result: T; spray: Spray }> {
  const statuses: Record<string, number> = {};
  let next = 0;
  let stopped = false;
  const started = Date.now();
  const sprayers = Array.from({ length: SPRAYERS }, async () => {
    while (!stopped) {
      const email = emails[next++ % emails.length];
      const status = await fetch(`${server.origin}/api/auth/login`, {
        method: 'POST',
        headers: { origin: server.origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: WRONG_PASSWORD }),
      })
        .then(async (res) => (await res.arrayBuffer(), String(res.status)))
        .catch(() => 'error');
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  });
  const result = await during();
  stopped = true;
  await Promise.all(sprayers);
  const minutes = (Date.now() - started) / 60_000;
  return { result, spray: { statuses, hashedPerMinute: Math.round((statuses['401'] ?? 0) / minutes) } };
}

type Reads = Pick<LoadRun, 'p50' | 'p95' | 'samples' | 'errors'>;
interface Round {
  quiet: Reads;
  spraying: Reads;
  spray: Spray;
}

const reads = (run: LoadRun): Reads => ({
  p50: run.p50,
  p95: run.p95,
  samples: run.samples,
  errors: run.errors,
});

function medianOf(rounds: Round[], side: 'quiet' | 'spraying') {
  return {
    p50: median(rounds.map((r) => r[side].p50)),
    p95: median(rounds.map((r) => r[side].p95)),
  };
}

function markdown(result: {
  database: string;
  commit: string;
  machine: ReturnType<typeof machineInfo>;
  servers: Record<
    ServerName,
    { median: Record<'quiet' | 'spraying', { p50: number; p95: number }>; rounds: Round[] }
  >;
  startedAt: string;
}): string {
  const lines = [
    `# Password spraying: other users' reads (${result.database})`,
    '',
    `${READERS} readers on \`GET ${PATH}\`, ${SPRAYERS} clients spraying wrong passwords from one address; ` +
      `${ROUNDS} rounds of ${SECONDS} s, medians of the rounds (ms). Commit ${result.commit}, ${result.startedAt}; ` +
      `${result.machine.cpus} CPUs (${result.machine.cpuModel}), Node ${result.machine.node}, load average ` +
      `${result.machine.loadAverageAtStart.map((n) => n.toFixed(2)).join(' / ')} at the start, ` +
      `${result.machine.loadAverageAtEnd.map((n) => n.toFixed(2)).join(' / ')} at the end.`,
    '',
    '| server | reads p50 quiet | p50 spraying | p95 quiet | p95 spraying | spray answers (last round) | hashed guesses/min (last round) |',
    '| --- | ---: | ---: | ---: | ---: | --- | ---: |',
  ];
  for (const [name, s] of Object.entries(result.servers)) {
    const last = s.rounds[s.rounds.length - 1].spray;
    const answers = Object.entries(last.statuses)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    lines.push(
      `| ${name} | ${s.median.quiet.p50} | ${s.median.spraying.p50} | ${s.median.quiet.p95} | ` +
        `${s.median.spraying.p95} | ${answers} | ${last.hashedPerMinute} |`,
    );
  }
  lines.push(
    '',
    '## Rounds',
    '',
    '| server | round | p50 quiet | p50 spraying | p95 quiet | p95 spraying | spray answers |',
  );
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const [name, s] of Object.entries(result.servers)) {
    s.rounds.forEach((r, i) => {
      const answers = Object.entries(r.spray.statuses)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ');
      lines.push(
        `| ${name} | ${i + 1} | ${r.quiet.p50} | ${r.spraying.p50} | ${r.quiet.p95} | ${r.spraying.p95} | ${answers} |`,
      );
    });
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  const loadAverageAtStart = loadavg();
  const startedAt = new Date().toISOString();
  const stores = new Map<ServerName, BenchStore>();
  const servers = new Map<ServerName, { server: ServerProcess; cookie: string; emails: string[] }>();
  try {
    for (const name of Object.keys(SERVERS) as ServerName[]) {
      const store = await prepareBenchStore('spray');
      stores.set(name, store);
      const accounts = await seedAccounts(store);
      const server = await startServer({ ...store.env, ...SERVERS[name], LOG_LEVEL: 'warn' });
      const cookie = await signIn(server.origin, READER.email, READER.password);
      await seedCases(server, cookie);
      const unknown = Array.from({ length: UNKNOWN_ACCOUNTS }, (_, i) => `unknown${i}@bench.example`);
      servers.set(name, { server, cookie, emails: [...accounts, ...unknown] });
      log(`${name}: ${store.kind}, ${ACCOUNTS} accounts, ${CASES} cases`);
    }
    const kind = stores.values().next().value!.kind;
    const rounds = new Map<ServerName, Round[]>([...servers.keys()].map((name) => [name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [name, { server, cookie, emails }] of servers) {
        const headers = { cookie };
        const quiet = await runServerLoad(server, PATH, READERS, SECONDS, headers);
        const { result: spraying, spray } = await whileSpraying(server, emails, () =>
          runServerLoad(server, PATH, READERS, SECONDS, headers),
        );
        rounds.get(name)!.push({ quiet: reads(quiet), spraying: reads(spraying), spray });
        log(
          `round ${round} ${name}: p50 ${quiet.p50} -> ${spraying.p50} ms, p95 ${quiet.p95} -> ${spraying.p95} ms; ` +
            `spray ${JSON.stringify(spray.statuses)}, ${spray.hashedPerMinute} hashed guesses/min`,
        );
      }
    }
    const result = {
      benchmark: 'login-spray',
      database: kind,
      commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim(),
      readers: READERS,
      sprayers: SPRAYERS,
      seconds: SECONDS,
      path: PATH,
      machine: machineInfo(loadAverageAtStart),
      startedAt,
      servers: Object.fromEntries(
        [...rounds].map(([name, list]) => [
          name,
          { median: { quiet: medianOf(list, 'quiet'), spraying: medianOf(list, 'spraying') }, rounds: list },
        ]),
      ) as Record<
        ServerName,
        { median: Record<'quiet' | 'spraying', { p50: number; p95: number }>; rounds: Round[] }
      >,
    };
    const dir = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `login-spray-${kind}.json`), `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(join(dir, `login-spray-${kind}.md`), markdown(result));
    log(markdown(result));
  } finally {
    for (const { server } of servers.values()) await server.stop();
    for (const store of stores.values()) await store.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
