/**
 * Evidence upload benchmark (not part of `npm test`), on PostgreSQL and PGlite:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/evidence-upload.bench.ts
 *
 * Starts the real server (compiled, as `npm start` runs it) once per evidence store, one after the
 * other, each alone on its own throw-away database: files on PostgreSQL (EVIDENCE_DIR, a temporary
 * directory), files on PGlite (DATA_DIR) and PostgreSQL's chunks (no EVIDENCE_DIR). Each uploads one
 * file of BENCH_UPLOAD_MB (default 200) over HTTP (`POST /api/evidence`, multipart, sent as fast as the
 * server reads it), then downloads it again; the server's CPU time during the upload is recorded too. Beside each upload, right before it in the same run, the floor:
 * - write + hash: the same bytes, in the same 64 KiB pieces, hashed (SHA-256) and written to a file on
 *   the same file system by this process (the floor: an upload must reach 0.5 of its speed);
 * - and for the chunk store, its chunk INSERTs: the same bytes hashed and written by this process over
 *   pg as the store writes them (chunks of 8,000 bytes, 128 to an INSERT, one INSERT in flight).
 * While an upload and a download run, the server's RSS is sampled every 10 ms: its growth is the peak
 * less the RSS just before. Three rounds, each upload with its own content; medians reported, with
 * each round and the load average. It writes bench/results/evidence-upload-postgres.{json,md}.
 * BENCH_UPLOAD_STORES=files-postgres,files-pglite measures only those stores.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openBenchDatabase } from './lib/bench-database';
import { median } from './lib/concurrent-load';
import { startServer, type ServerProcess } from './lib/server-process';
import { benchCommit, machineInfo, signIn } from './lib/sign-in';

const EMAIL = 'uploader@bench.example';
const PASSWORD = 'benchmark password 1';
const MB = 1024 * 1024;
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const ROUNDS = 3;
const PIECE = 64 * 1024;
const CHUNK_BYTES = 8000;
const CHUNKS_PER_WRITE = 128;
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));

const log = (line: string) => console.log(line);
const mbps = (ms: number) => UPLOAD_MB / (ms / 1000);

/** The file's bytes as 64 KiB pieces: a fresh 16-byte head per round, then a random 8 MiB block repeated. */
function pieces(head: Buffer, block: Buffer, total: number): Buffer[] {
  const out: Buffer[] = [head];
  for (let sent = head.length; sent < total;) {
    const offset = sent % block.length;
    const piece = block.subarray(offset, Math.min(offset + PIECE, block.length, offset + total - sent));
    out.push(piece);
    sent += piece.length;
  }
  return out;
}

/** Write + hash: its time, and the CPU time (user + system) this process spent on it. */
async function writeAndHash(parts: Buffer[], dir: string): Promise<{ ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const path = join(dir, `floor-${randomUUID()}`);
  const file = await open(path, 'wx');
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(part);
    await file.write(part);
  }
  await file.close();
  hash.digest('hex');
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  await rm(path);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

/** The store's chunk INSERTs (evidence-blob-store.ts), from this process over pg: the SQL alone. */
async function insertChunks(parts: Buffer[], client: pg.Client): Promise<number> {
  const started = performance.now();
  const contentId = randomUUID();
  const hash = createHash('sha256');
  const write = (firstSeq: number, batch: Buffer) => {
    const values: unknown[] = [contentId];
    const rows: string[] = [];
    for (let offset = 0, seq = firstSeq; offset < batch.length; offset += CHUNK_BYTES, seq += 1) {
      values.push(seq, batch.subarray(offset, offset + CHUNK_BYTES));
      rows.push(`($${values.length - 1}::int, $${values.length}::bytea)`);
    }
    return client.query(
      `with settings as (select set_config('synchronous_commit', 'off', true))
       insert into evidence_chunks (content_id, seq, bytes)
       select $1::uuid, chunk.seq, chunk.bytes from settings, (values ${rows.join(', ')}) as chunk (seq, bytes)`,
      values,
    );
  };
  let batch = Buffer.allocUnsafe(CHUNK_BYTES * CHUNKS_PER_WRITE);
  let filled = 0;
  let written = 0;
  let writing: Promise<unknown> | undefined;
  const flush = async () => {
    await writing;
    writing = write(written / CHUNK_BYTES, batch.subarray(0, filled));
    written += filled;
    batch = Buffer.allocUnsafe(CHUNK_BYTES * CHUNKS_PER_WRITE);
    filled = 0;
  };
  for (const part of parts) {
    hash.update(part);
    for (let offset = 0; offset < part.length;) {
      const copied = part.copy(batch, filled, offset);
      filled += copied;
      offset += copied;
      if (filled === batch.length) await flush();
    }
  }
  if (filled > 0) await flush();
  await writing;
  await client.query(`insert into evidence_blobs (sha256, size_bytes, content_id) values ($1, $2, $3)`, [
    hash.digest('hex'),
    written,
    contentId,
  ]);
  return performance.now() - started;
}

/** Samples `rss` every 10 ms while `work` runs: the peak less the RSS at the start. */
async function withRssGrowth<T>(
  rss: () => number,
  work: () => Promise<T>,
): Promise<{ result: T; growth: number }> {
  const before = rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 10);
  try {
    const result = await work();
    peak = Math.max(peak, rss());
    return { result, growth: peak - before };
  } finally {
    clearInterval(timer);
  }
}

async function upload(
  origin: string,
  cookie: string,
  parts: Buffer[],
): Promise<{ ms: number; id: string; sha256: string }> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = preamble.length + parts.reduce((sum, p) => sum + p.length, 0) + epilogue.length;
  const started = performance.now();
  const req = request(`${origin}/api/evidence`, {
    method: 'POST',
    headers: {
      cookie,
      origin,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(length),
    },
  });
  const answered = once(req, 'response') as Promise<[import('node:http').IncomingMessage]>;
  req.write(preamble);
  for (const part of parts) if (!req.write(part)) await once(req, 'drain');
  req.end(epilogue);
  const [res] = await answered;
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  const ms = performance.now() - started;
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; sha256: string };
  if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${JSON.stringify(body)}`);
  return { ms, id: body.id, sha256: body.sha256 };
}

async function download(origin: string, cookie: string, id: string): Promise<{ ms: number; sha256: string }> {
  const started = performance.now();
  const res = await fetch(`${origin}/api/evidence/${id}/content`, { headers: { cookie } });
  if (res.status !== 200 || !res.body) throw new Error(`download answered ${res.status}`);
  const hash = createHash('sha256');
  for await (const chunk of res.body) hash.update(chunk);
  return { ms: performance.now() - started, sha256: hash.digest('hex') };
}

/** The three evidence stores, each behind its own server. */
const STORES = [
  { key: 'files-postgres', label: 'files, PostgreSQL (EVIDENCE_DIR)', postgres: true, files: true },
  { key: 'files-pglite', label: 'files, PGlite (DATA_DIR)', postgres: false, files: true },
  // Each of its rounds ends with a CHECKPOINT: its 200 MB of WAL and dirty pages are written out
  // before the next round, not during it.
  { key: 'chunks-postgres', label: 'chunks in PostgreSQL', postgres: true, files: false },
] as const;
type StoreKey = (typeof STORES)[number]['key'];

interface Measure {
  /** Write + hash of the same bytes, right before the upload. */
  floorMs: number;
  /** The CPU time the floor took (this process, its threads included). */
  floorCpuMs: number;
  /** The chunk store only: its INSERTs of the same bytes from this process. */
  insertMs?: number;
  uploadMs: number;
  /** The server's CPU time during the upload (all its threads; Linux /proc, 10 ms ticks). */
  uploadCpuMs: number;
  uploadRssGrowth: number;
  downloadMs: number;
  downloadRssGrowth: number;
  load: number;
}

interface Target {
  store: (typeof STORES)[number];
  server: ServerProcess;
  cookie: string;
  direct?: pg.Client;
  close(): Promise<void>;
}

async function startTarget(store: (typeof STORES)[number], scratch: string): Promise<Target> {
  const bench = store.postgres ? await openBenchDatabase() : undefined;
  const dataDir = await mkdtemp(join(scratch, `${store.key}-`));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    MAX_UPLOAD_MB: String(Math.max(UPLOAD_MB + 1, 10)),
    LOG_LEVEL: 'warn',
  };
  if (bench) env.DATABASE_URL = bench.url!;
  if (store.postgres && store.files) env.EVIDENCE_DIR = join(dataDir, 'shared-evidence');
  const server = await startServer(env);
  const direct = bench && !store.files ? new pg.Client({ connectionString: bench.url }) : undefined;
  await direct?.connect();
  const cookie = await signIn(server.origin, EMAIL, PASSWORD);
  return {
    store,
    server,
    cookie,
    direct,
    close: async () => {
      await server.stop();
      await direct?.end();
      await bench?.drop();
    },
  };
}

async function main() {
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL) {
    throw new Error('The evidence upload benchmark runs on PostgreSQL: set BENCH_DATABASE_URL');
  }
  const wanted = process.env.BENCH_UPLOAD_STORES?.split(',').map((key) => key.trim());
  const stores = STORES.filter((store) => !wanted || wanted.includes(store.key));
  if (stores.length === 0) throw new Error(`BENCH_UPLOAD_STORES names none of ${STORES.map((s) => s.key)}`);
  const loadAtStart = loadavg();
  // One file system for the floor and every store: the same disk, the same page cache.
  const scratch = await mkdtemp(join(tmpdir(), 'scamtrail-upload-bench-'));
  const rounds: Record<string, Measure>[] = Array.from({ length: ROUNDS }, () => ({}));
  const total = UPLOAD_MB * MB;
  const block = randomBytes(8 * MB);
  try {
    // One store at a time, its server alone: no other server's memory, timers or database beside it.
    for (const store of stores) {
      const { server, cookie, direct, close } = await startTarget(store, scratch);
      try {
        // Warm-up: the server's first upload loads what it loads once (file-type, prepared statements).
        await upload(server.origin, cookie, pieces(randomBytes(16), block, MB));
        for (let round = 1; round <= ROUNDS; round += 1) {
          const floor = await writeAndHash(pieces(randomBytes(16), block, total), scratch);
          const insertMs = direct && (await insertChunks(pieces(randomBytes(16), block, total), direct));
          const parts = pieces(randomBytes(16), block, total);
          const cpuBefore = server.cpuMs();
          const sent = await withRssGrowth(server.rssBytes, () => upload(server.origin, cookie, parts));
          const uploadCpuMs = server.cpuMs() - cpuBefore;
          const read = await withRssGrowth(server.rssBytes, () =>
            download(server.origin, cookie, sent.result.id),
          );
          if (read.result.sha256 !== sent.result.sha256) throw new Error('the download is not the upload');
          await direct?.query('checkpoint');
          const m: Measure = {
            floorMs: floor.ms,
            floorCpuMs: floor.cpuMs,
            ...(insertMs ? { insertMs } : {}),
            uploadMs: sent.result.ms,
            uploadCpuMs,
            uploadRssGrowth: sent.growth,
            downloadMs: read.result.ms,
            downloadRssGrowth: read.growth,
            load: loadavg()[0],
          };
          rounds[round - 1][store.key] = m;
          log(
            `round ${round}, ${store.label}: write+hash ${mbps(m.floorMs).toFixed(0)} MB/s, ` +
              (m.insertMs ? `chunk INSERTs ${mbps(m.insertMs).toFixed(0)} MB/s, ` : '') +
              `upload ${mbps(m.uploadMs).toFixed(0)} MB/s (${(m.floorMs / m.uploadMs).toFixed(2)} of write+hash, ` +
              `server CPU ${m.uploadCpuMs.toFixed(0)} ms against ${m.floorCpuMs.toFixed(0)} ms, ` +
              `RSS +${(m.uploadRssGrowth / MB).toFixed(1)} MB), download ${mbps(m.downloadMs).toFixed(0)} MB/s ` +
              `(RSS +${(m.downloadRssGrowth / MB).toFixed(1)} MB), load ${m.load.toFixed(2)}`,
          );
        }
      } finally {
        await close();
      }
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const summary: Record<string, unknown> = { uploadMb: UPLOAD_MB };
  for (const { key } of stores) {
    const med = (pick: (m: Measure) => number) => median(rounds.map((r) => pick(r[key as StoreKey])));
    summary[key] = {
      floorMBps: mbps(med((m) => m.floorMs)),
      ...(rounds[0][key].insertMs ? { insertMBps: mbps(med((m) => m.insertMs!)) } : {}),
      uploadMBps: mbps(med((m) => m.uploadMs)),
      downloadMBps: mbps(med((m) => m.downloadMs)),
      ratioToFloor: med((m) => m.floorMs / m.uploadMs),
      floorCpuMs: med((m) => m.floorCpuMs),
      uploadCpuMs: med((m) => m.uploadCpuMs),
      cpuRatioToFloor: med((m) => m.floorCpuMs / m.uploadCpuMs),
      ...(rounds[0][key].insertMs ? { ratioToInserts: med((m) => m.insertMs! / m.uploadMs) } : {}),
      uploadRssGrowthMb: med((m) => m.uploadRssGrowth) / MB,
      maxUploadRssGrowthMb: Math.max(...rounds.map((r) => r[key].uploadRssGrowth)) / MB,
      downloadRssGrowthMb: med((m) => m.downloadRssGrowth) / MB,
      maxDownloadRssGrowthMb: Math.max(...rounds.map((r) => r[key].downloadRssGrowth)) / MB,
    };
  }
  const commit = benchCommit();
  const machine = machineInfo(loadAtStart);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    join(resultsDir, 'evidence-upload-postgres.json'),
    `${JSON.stringify({ date: new Date().toISOString(), commit, machine, summary, rounds }, null, 2)}\n`,
  );
  const f = (n: number) => n.toFixed(2);
  const row = (name: string, store: string, m: Measure) =>
    `| ${name} | ${store} | ${mbps(m.floorMs).toFixed(0)} | ${m.insertMs ? mbps(m.insertMs).toFixed(0) : ''} | ` +
    `${mbps(m.uploadMs).toFixed(0)} | ${f(m.floorMs / m.uploadMs)} | ${m.insertMs ? f(m.insertMs / m.uploadMs) : ''} | ` +
    `${m.floorCpuMs.toFixed(0)} | ${m.uploadCpuMs.toFixed(0)} | ${f(m.floorCpuMs / m.uploadCpuMs)} | ` +
    `${(m.uploadRssGrowth / MB).toFixed(1)} | ${mbps(m.downloadMs).toFixed(0)} | ${(m.downloadRssGrowth / MB).toFixed(1)} | ${f(m.load)} |`;
  const lines = [
    `# Evidence upload of ${UPLOAD_MB} MB (${new Date().toISOString()}, commit ${commit})`,
    '',
    `${machine.cpus} × ${machine.cpuModel}, load ${loadAtStart.map(f).join(' ')} at start, ${machine.loadAverageAtEnd.map(f).join(' ')} at end`,
    '',
    'Ratios of each upload to the write + hash (and chunk INSERTs) measured right before it; medians of those ratios. ' +
      'CPU ratio: the CPU time write + hash took in the benchmark process against the server’s CPU time during the upload.',
    '',
    '| round | store | write+hash MB/s | chunk INSERTs MB/s | upload MB/s | upload / write+hash | upload / INSERTs | write+hash CPU ms | upload server CPU ms | CPU ratio | upload RSS growth MB | download MB/s | download RSS growth MB | load |',
    '| ----: | ----- | --------------: | -----------------: | ----------: | ------------------: | ---------------: | ----------------: | -------------------: | --------: | -------------------: | ------------: | ---------------------: | ---: |',
    ...stores.flatMap((store) => rounds.map((r, i) => row(String(i + 1), store.label, r[store.key]))),
    ...stores.map((store) => {
      const s = summary[store.key] as Record<string, number>;
      return (
        `| median | ${store.label} | ${s.floorMBps.toFixed(0)} | ${s.insertMBps ? s.insertMBps.toFixed(0) : ''} | ` +
        `${s.uploadMBps.toFixed(0)} | ${f(s.ratioToFloor)} | ${s.ratioToInserts ? f(s.ratioToInserts) : ''} | ` +
        `${s.floorCpuMs.toFixed(0)} | ${s.uploadCpuMs.toFixed(0)} | ${f(s.cpuRatioToFloor)} | ` +
        `${s.uploadRssGrowthMb.toFixed(1)} (max ${s.maxUploadRssGrowthMb.toFixed(1)}) | ${s.downloadMBps.toFixed(0)} | ` +
        `${s.downloadRssGrowthMb.toFixed(1)} (max ${s.maxDownloadRssGrowthMb.toFixed(1)}) | |`
      );
    }),
    '',
  ];
  writeFileSync(join(resultsDir, 'evidence-upload-postgres.md'), lines.join('\n'));
  log(lines.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
