/**
 * Case dossier benchmark (not part of `npm test`), on PGlite (or PostgreSQL with BENCH_DATABASE_URL):
 *
 *   npm run bench:dossier
 *
 * Builds the app in this process over real HTTP (127.0.0.1) with a fresh DATA_DIR and, through the
 * API: one case, BENCH_FILES evidence files (default 500) of BENCH_FILE_MB MB (default 1) of random
 * bytes uploaded to it, and BENCH_ENTRIES journal entries (default 1,000), the first BENCH_FILES of them
 * each linking one file. Then it exports the dossier once (`GET /api/cases/{id}/dossier`), reading the
 * stream as a client would and hashing it, and records the time to the first byte and to the last, the
 * size, and the process's resident memory: before the export and its peak during it (sampled every
 * 20 ms, and the kernel's high-water mark), to show the export holds no file whole. Finally the
 * offline verifier checks the written ZIP, timed too. Results go to bench/results/dossier-<db>.{json,md}.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { verifyDossier } from '../server/src/modules/dossier/dossier-verifier';
import { createUser } from '../server/src/modules/users/users.service';
import { openBenchDatabase } from './lib/bench-database';

const FILES = Number(process.env.BENCH_FILES ?? 500);
const FILE_BYTES = Number(process.env.BENCH_FILE_MB ?? 1) * 1024 * 1024;
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1000);
const EMAIL = 'exporter@bench.example';
const PASSWORD = 'benchmark password';
const MB = 1024 * 1024;

const log = (line: string) => console.log(line);
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/** The kernel's record of this process's peak resident memory (VmHWM), in bytes. */
function highWaterMark(): number {
  const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return line ? Number(line[1]) * 1024 : 0;
}

/** Resets VmHWM to the current RSS (Linux: writing 5 to clear_refs), so the peak is the export's. */
function resetHighWaterMark(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

async function inParallel(count: number, concurrency: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'scamtrail-dossier-bench-'));
  const bench = await openBenchDatabase();
  await bench.database.migrate();
  await createUser(bench.database.db, {
    email: EMAIL,
    password: PASSWORD,
    firstName: 'Eve',
    lastName: 'Exporter',
    role: 'investigator',
  });
  const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const app = await buildApp({ config, database: bench.database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = config.publicUrl;
  let cookie = '';
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = { origin, cookie };
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${address}${path}`, { method, headers, body: payload });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('scamtrail_session='));
    if (set) cookie = set.split(';')[0];
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  try {
    await call('POST', '/api/auth/login', { email: EMAIL, password: PASSWORD });
    const { id: caseId } = await call<{ id: string }>('POST', '/api/cases', { title: 'Dossier benchmark' });
    const seedStart = performance.now();
    const evidenceIds: string[] = [];
    await inParallel(FILES, 2, async (i) => {
      const form = new FormData();
      form.set('caseId', caseId);
      form.set('file', new Blob([randomBytes(FILE_BYTES)]), `capture-${i}.bin`);
      evidenceIds[i] = (await call<{ id: string }>('POST', '/api/evidence', form)).id;
    });
    log(`uploaded ${FILES} files of ${mb(FILE_BYTES)} MB`);
    await inParallel(ENTRIES, 4, async (i) => {
      await call('POST', '/api/journal-entries', {
        type: 'call',
        description: `Entry ${i + 1}: a call with the reporter about the transfers they made.`,
        caseId,
        evidence: i < FILES ? [evidenceIds[i]] : null,
      });
    });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    log(`created ${ENTRIES} entries (seeding took ${seedSeconds.toFixed(0)} s)`);

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const hwmReset = resetHighWaterMark();
    let peakSampled = rssBefore;
    const sampler = setInterval(() => {
      peakSampled = Math.max(peakSampled, process.memoryUsage().rss);
    }, 20);
    const zipPath = join(dataDir, 'dossier.zip');
    const started = performance.now();
    const res = await fetch(`${address}/api/cases/${caseId}/dossier`, { headers: { origin, cookie } });
    if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
    const firstByteMs = performance.now() - started;
    const hash = createHash('sha256');
    let size = 0;
    const body = Readable.fromWeb(res.body as never);
    body.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      size += chunk.length;
    });
    await pipeline(body, createWriteStream(zipPath));
    const exportMs = performance.now() - started;
    clearInterval(sampler);
    const peakKernel = hwmReset ? highWaterMark() : null;
    log(
      `exported ${mb(size)} MB in ${(exportMs / 1000).toFixed(1)} s; RSS ${mb(rssBefore)} MB before, peak ${mb(peakSampled)} MB`,
    );

    const verifyStart = performance.now();
    const verification = await verifyDossier(zipPath);
    const verifyMs = performance.now() - verifyStart;
    if (!verification.ok)
      throw new Error(
        `the dossier does not verify: ${JSON.stringify(verification.checks.filter((c) => !c.ok))}`,
      );
    log(`verified ${verification.checks.length} checks in ${(verifyMs / 1000).toFixed(1)} s`);

    const result = {
      benchmark: 'dossier',
      database: bench.kind,
      files: FILES,
      fileBytes: FILE_BYTES,
      entries: ENTRIES,
      zipBytes: size,
      zipSha256: hash.digest('hex'),
      firstByteMs: Math.round(firstByteMs),
      exportMs: Math.round(exportMs),
      throughputMBps: Math.round((mb(size) / (exportMs / 1000)) * 10) / 10,
      rssBeforeMB: mb(rssBefore),
      rssPeakSampledMB: mb(peakSampled),
      rssPeakKernelMB: peakKernel === null ? null : mb(peakKernel),
      verifyMs: Math.round(verifyMs),
      verifyChecks: verification.checks.length,
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? 'unknown',
        node: process.version,
        loadAverage: loadavg(),
      },
      startedAt: new Date().toISOString(),
    };
    const markdown = [
      `# Case dossier export on ${bench.kind}: ${ENTRIES} entries, ${FILES} files of ${mb(FILE_BYTES)} MB`,
      '',
      `Run ${result.startedAt} on ${result.machine.cpus} cores (${result.machine.cpuModel}), Node ${result.machine.node}; load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')}.`,
      '',
      '| measure | value |',
      '|---|---|',
      `| ZIP size | ${mb(size)} MB |`,
      `| time to the first byte | ${result.firstByteMs} ms |`,
      `| time to the last byte | ${(exportMs / 1000).toFixed(1)} s (${result.throughputMBps} MB/s) |`,
      `| RSS before the export | ${result.rssBeforeMB} MB |`,
      `| RSS peak during it (sampled every 20 ms) | ${result.rssPeakSampledMB} MB (+${mb(peakSampled - rssBefore)} MB) |`,
      `| RSS peak during it (kernel VmHWM) | ${result.rssPeakKernelMB ?? 'not available'} MB |`,
      `| offline verification | ${(verifyMs / 1000).toFixed(1)} s, ${result.verifyChecks} checks, all passed |`,
      '',
    ].join('\n');
    const dir = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}dossier-${bench.kind}.json`, `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(`${dir}dossier-${bench.kind}.md`, markdown);
    log(markdown);
  } finally {
    await app.close();
    await bench.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
