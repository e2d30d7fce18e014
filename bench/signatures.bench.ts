/**
 * Signature benchmark (not part of `npm test`), on PostgreSQL:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:signatures
 *
 * Starts the real server as a child process on 127.0.0.1 and, all through its HTTP API: registers a
 * passkey (a software authenticator holding a real P-256 key, reporting no signature counter as synced
 * passkeys do, so that entries can be signed four at a time), creates a case with 1,000 journal
 * entries (each linking an identifier, every fifth one an uploaded 64 KB evidence file) and signs
 * every entry (sign/begin, the assertion, sign/complete). Then it times, over real HTTP:
 * - `POST /api/journal-entries/case/{caseId}/verify`, which re-checks all 1,000 signatures and re-hashes
 *   the evidence files, beside its limit of 1 second;
 * - `GET /api/cases/{caseId}/journal-integrity`, the hash chain check of the same journal.
 * Each is called BENCH_CALLS times (default 10) one after another, in 3 rounds after a warm-up; the
 * median and each round are reported, with the machine's load average. Results go to
 * bench/results/signatures-postgres.{json,md}; BENCH_ENTRIES changes the number of entries (the
 * result is then printed, not written).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { VerifyCaseResponse } from '@scamtrail/domain/signatures';
import { createUser } from '../server/src/modules/users/users.service';
import { SoftwareAuthenticator } from '../server/test/software-authenticator';
import { openBenchDatabase } from './lib/bench-database';
import { median } from './lib/concurrent-load';
import { startServer } from './lib/server-process';
import { summarise, timed, type LatencySummary } from './lib/stats';

const EMAIL = 'signer@bench.example';
const PASSWORD = 'benchmark password';
const DEFAULT_ENTRIES = 1000;
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? DEFAULT_ENTRIES);
const EVIDENCE_EVERY = 5;
const EVIDENCE_BYTES = 64 * 1024;
const CALLS = Number(process.env.BENCH_CALLS ?? 10);
const ROUNDS = 3;
const LIMIT_MS = 1000;
/** Requests in flight while seeding and signing (seeding is not measured). */
const SEED_CONCURRENCY = 4;

const log = (line: string) => console.log(line);

class Client {
  constructor(
    readonly origin: string,
    private cookie = '',
  ) {}

  async call<T>(method: string, path: string, body?: unknown, expected = [200, 201]): Promise<T> {
    const headers: Record<string, string> = { origin: this.origin, cookie: this.cookie };
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${this.origin}${path}`, { method, headers, body: payload });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('scamtrail_session='));
    if (cookie) this.cookie = cookie.split(';')[0];
    if (!expected.includes(res.status))
      throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }
}

/** Runs `work(i)` for i in [0, count) with `concurrency` in flight. */
async function inParallel(count: number, concurrency: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

async function seedSignedCase(client: Client, authenticator: SoftwareAuthenticator): Promise<string> {
  const creation = await client.call<Parameters<SoftwareAuthenticator['register']>[0]>(
    'POST',
    '/api/auth/passkeys/registration/options',
    {},
  );
  await client.call('POST', '/api/auth/passkeys', {
    name: 'Bench key',
    response: authenticator.register(creation),
  });
  const { id: caseId } = await client.call<{ id: string }>('POST', '/api/cases', { title: 'Signed case' });

  const evidenceIds: string[] = [];
  await inParallel(Math.ceil(ENTRIES / EVIDENCE_EVERY), SEED_CONCURRENCY, async (i) => {
    const form = new FormData();
    form.set('caseId', caseId);
    form.set('file', new Blob([randomBytes(EVIDENCE_BYTES)]), `capture-${i}.bin`);
    evidenceIds[i] = (await client.call<{ id: string }>('POST', '/api/evidence', form)).id;
  });
  const identifierIds: string[] = [];
  await inParallel(100, SEED_CONCURRENCY, async (i) => {
    const address = `scammer${i}@bench.example`;
    identifierIds[i] = (
      await client.call<{ id: string }>('POST', '/api/identifiers', {
        type: 'email',
        data: { address },
        displayValue: address,
      })
    ).id;
  });
  log(`uploaded ${evidenceIds.length} evidence files and created ${identifierIds.length} identifiers`);

  await inParallel(ENTRIES, SEED_CONCURRENCY, async (i) => {
    const entry = await client.call<{ id: string }>('POST', '/api/journal-entries', {
      type: 'call',
      description: `Entry ${i + 1}: a call with the reporter about the transfers they made.`,
      caseId,
      evidence: i % EVIDENCE_EVERY === 0 ? [evidenceIds[i / EVIDENCE_EVERY]] : null,
      identifierIds: [identifierIds[i % identifierIds.length]],
    });
    const begin = await client.call<{ options: Parameters<SoftwareAuthenticator['assert']>[0] }>(
      'POST',
      `/api/journal-entries/${entry.id}/sign/begin`,
      {},
    );
    await client.call('POST', `/api/journal-entries/${entry.id}/sign/complete`, {
      response: authenticator.assert(begin.options),
    });
  });
  log(`created and signed ${ENTRIES} entries`);
  return caseId;
}

interface Measured {
  rounds: LatencySummary[];
  medianP50: number;
  medianP95: number;
}

async function measure(run: () => Promise<void>): Promise<Measured> {
  for (let i = 0; i < 3; i += 1) await run();
  const rounds: LatencySummary[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const samples: number[] = [];
    for (let i = 0; i < CALLS; i += 1) samples.push(await timed(run));
    rounds.push(summarise(samples));
  }
  return {
    rounds,
    medianP50: median(rounds.map((r) => r.p50)),
    medianP95: median(rounds.map((r) => r.p95)),
  };
}

function toMarkdown(r: {
  entries: number;
  evidenceFiles: number;
  verify: Measured;
  integrity: Measured;
  summary: VerifyCaseResponse['summary'];
  machine: Record<string, unknown> & { loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
  startedAt: string;
}): string {
  const row = (name: string, m: Measured, limit: string, ok: string) =>
    `| ${name} | ${m.medianP50} | ${m.medianP95} | ${m.rounds.map((x) => `${x.p50} / ${x.p95}`).join('; ')} | ${limit} | ${ok} |`;
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
  return [
    `# Signatures on PostgreSQL: a case with ${r.entries} signed entries`,
    '',
    `Run ${r.startedAt} on ${r.machine.cpus} cores (${r.machine.cpuModel}), Node ${r.machine.node}; load average at the start ${load(r.machine.loadAverageAtStart)}, at the end ${load(r.machine.loadAverageAtEnd)}.`,
    `${r.entries} entries, each linking an identifier, ${r.evidenceFiles} of them an uploaded ${EVIDENCE_BYTES / 1024} KB evidence file, all signed through sign/begin and sign/complete; the case verification answered ${r.summary.valid} valid, ${r.summary.invalid} invalid, ${r.summary.unsigned} unsigned of ${r.summary.total}.`,
    `Each request over real HTTP, ${CALLS} calls one after another per round, ${ROUNDS} rounds after 3 warm-up calls; milliseconds.`,
    '',
    '| request | median p50 | median p95 | each round (p50 / p95) | limit | |',
    '|---|---|---|---|---|---|',
    row(
      'POST /api/journal-entries/case/{caseId}/verify',
      r.verify,
      `${LIMIT_MS} ms`,
      r.verify.medianP95 <= LIMIT_MS ? 'met' : '**missed**',
    ),
    row('GET /api/cases/{id}/journal-integrity', r.integrity, 'none', ''),
    '',
  ].join('\n');
}

async function main() {
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL) {
    throw new Error('The signature benchmark runs on PostgreSQL: set BENCH_DATABASE_URL');
  }
  const bench = await openBenchDatabase();
  try {
    await bench.database.migrate();
    await createUser(bench.database.db, {
      email: EMAIL,
      password: PASSWORD,
      firstName: 'Sam',
      lastName: 'Signer',
      role: 'investigator',
    });
    const server = await startServer({ DATABASE_URL: bench.url!, LOG_LEVEL: 'warn' });
    try {
      const client = new Client(server.origin);
      await client.call('POST', '/api/auth/login', { email: EMAIL, password: PASSWORD });
      const caseId = await seedSignedCase(
        client,
        new SoftwareAuthenticator(server.origin, { keepsCounter: false, backedUp: true }),
      );
      const loadAverageAtStart = loadavg();
      const startedAt = new Date().toISOString();
      let summary: VerifyCaseResponse['summary'] | undefined;
      const verify = await measure(async () => {
        const answer = await client.call<VerifyCaseResponse>(
          'POST',
          `/api/journal-entries/case/${caseId}/verify`,
          {},
        );
        if (answer.summary.valid !== ENTRIES)
          throw new Error(`verification: ${JSON.stringify(answer.summary)}`);
        summary = answer.summary;
      });
      log(`  case verify: p50 ${verify.medianP50} ms, p95 ${verify.medianP95} ms (limit ${LIMIT_MS} ms)`);
      const integrity = await measure(async () => {
        const answer = await client.call<{ intact: boolean }>(
          'GET',
          `/api/cases/${caseId}/journal-integrity`,
        );
        if (!answer.intact) throw new Error('the journal chain is not intact');
      });
      log(`  journal integrity: p50 ${integrity.medianP50} ms, p95 ${integrity.medianP95} ms`);
      const result = {
        benchmark: 'signatures',
        database: 'postgres',
        entries: ENTRIES,
        evidenceFiles: Math.ceil(ENTRIES / EVIDENCE_EVERY),
        calls: CALLS,
        verify,
        integrity,
        summary: summary!,
        limitMs: LIMIT_MS,
        machine: {
          cpus: cpus().length,
          cpuModel: cpus()[0]?.model ?? 'unknown',
          node: process.version,
          loadAverageAtStart,
          loadAverageAtEnd: loadavg(),
        },
        startedAt,
      };
      const markdown = toMarkdown(result);
      if (ENTRIES !== DEFAULT_ENTRIES) {
        log(markdown);
        return;
      }
      const dir = fileURLToPath(new URL('./results/', import.meta.url));
      mkdirSync(dir, { recursive: true });
      writeFileSync(`${dir}signatures-postgres.json`, `${JSON.stringify(result, null, 2)}\n`);
      writeFileSync(`${dir}signatures-postgres.md`, markdown);
      log(`wrote bench/results/signatures-postgres.{json,md}`);
    } finally {
      await server.stop();
    }
  } finally {
    await bench.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
