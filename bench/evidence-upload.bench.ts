/**
 * Evidence upload benchmark (not part of `npm test`), on PostgreSQL:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/evidence-upload.bench.ts
 *
 * Starts the real server (compiled, as `npm start` runs it) on a throw-away database and uploads one
 * file of BENCH_UPLOAD_MB (default 200) over HTTP (`POST /api/evidence`, multipart, sent as fast as the
 * server reads it), then downloads it again; beside two floors, in the same run:
 * - write + hash: the same bytes, in the same 64 KiB pieces, hashed (SHA-256) and written to a file of
 *   the data directory by this process (the floor: the upload must reach 0.5 of its speed);
 * - chunk INSERTs: the same bytes hashed and written by this process over pg as the store writes them
 *   (chunks of 8,000 bytes, 128 to an INSERT, one INSERT in flight), i.e. the SQL alone;
 * - and, for reference, what an upload did before: staged and hashed, read back whole, one bytea INSERT.
 * While the upload and the download run, the server's RSS is sampled every 10 ms: its growth is the
 * peak less the RSS just before. Three rounds, each with its own content; medians reported, with each
 * round and the load average. It writes bench/results/evidence-upload-postgres.{json,md}.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openBenchDatabase } from './lib/bench-database';
import { median } from './lib/concurrent-load';
import { startServer } from './lib/server-process';
import { machineInfo, signIn } from './lib/sign-in';

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

async function writeAndHash(parts: Buffer[], dir: string): Promise<number> {
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
  await rm(path);
  return ms;
}

/** What uploads did before issue 38, without HTTP: staged and hashed, read back whole, one bytea INSERT. */
async function stageAndInsertWhole(parts: Buffer[], dir: string, client: pg.Client): Promise<number> {
  const started = performance.now();
  const path = join(dir, `staged-${randomUUID()}`);
  const file = await open(path, 'wx');
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(part);
    await file.write(part);
  }
  await file.close();
  const bytes = await readFile(path);
  await client.query('insert into evidence_blobs (sha256, size_bytes, bytes) values ($1, $2, $3)', [
    hash.digest('hex'),
    bytes.length,
    bytes,
  ]);
  await rm(path);
  return performance.now() - started;
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

interface Round {
  floorMs: number;
  insertMs: number;
  wholeMs: number;
  uploadMs: number;
  uploadRssGrowth: number;
  downloadMs: number;
  downloadRssGrowth: number;
}

async function main() {
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL) {
    throw new Error('The evidence upload benchmark runs on PostgreSQL: set BENCH_DATABASE_URL');
  }
  const loadAtStart = loadavg();
  const bench = await openBenchDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'scamtrail-upload-bench-'));
  const direct = new pg.Client({ connectionString: bench.url });
  await direct.connect();
  const server = await startServer({
    DATABASE_URL: bench.url!,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    MAX_UPLOAD_MB: String(Math.max(UPLOAD_MB + 1, 10)),
    LOG_LEVEL: 'warn',
  });
  const rounds: Round[] = [];
  try {
    const cookie = await signIn(server.origin, EMAIL, PASSWORD);
    const total = UPLOAD_MB * MB;
    const block = randomBytes(8 * MB);
    // Warm-up: the server's first upload loads what it loads once (file-type, prepared statements).
    await upload(server.origin, cookie, pieces(randomBytes(16), block, MB));
    for (let round = 1; round <= ROUNDS; round += 1) {
      const floorMs = await writeAndHash(pieces(randomBytes(16), block, total), dataDir);
      const insertMs = await insertChunks(pieces(randomBytes(16), block, total), direct);
      const wholeMs = await stageAndInsertWhole(pieces(randomBytes(16), block, total), dataDir, direct);
      const parts = pieces(randomBytes(16), block, total);
      const sent = await withRssGrowth(server.rssBytes, () => upload(server.origin, cookie, parts));
      const read = await withRssGrowth(server.rssBytes, () =>
        download(server.origin, cookie, sent.result.id),
      );
      if (read.result.sha256 !== sent.result.sha256) throw new Error('the download is not the upload');
      const r: Round = {
        floorMs,
        insertMs,
        wholeMs,
        uploadMs: sent.result.ms,
        uploadRssGrowth: sent.growth,
        downloadMs: read.result.ms,
        downloadRssGrowth: read.growth,
      };
      rounds.push(r);
      log(
        `round ${round}: write+hash ${(UPLOAD_MB / (floorMs / 1000)).toFixed(0)} MB/s, chunk INSERTs ` +
          `${(UPLOAD_MB / (insertMs / 1000)).toFixed(0)} MB/s, staged + one bytea INSERT ` +
          `${(UPLOAD_MB / (wholeMs / 1000)).toFixed(0)} MB/s, upload ${(UPLOAD_MB / (r.uploadMs / 1000)).toFixed(0)} MB/s ` +
          `(RSS +${(r.uploadRssGrowth / MB).toFixed(1)} MB), download ${(UPLOAD_MB / (r.downloadMs / 1000)).toFixed(0)} MB/s ` +
          `(RSS +${(r.downloadRssGrowth / MB).toFixed(1)} MB), load ${loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')}`,
      );
    }
  } finally {
    await server.stop();
    await direct.end();
    await bench.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const mbps = (ms: number) => UPLOAD_MB / (ms / 1000);
  const med = (pick: (r: Round) => number) => median(rounds.map(pick));
  const summary = {
    uploadMb: UPLOAD_MB,
    floorMBps: mbps(med((r) => r.floorMs)),
    insertMBps: mbps(med((r) => r.insertMs)),
    wholeMBps: mbps(med((r) => r.wholeMs)),
    uploadMBps: mbps(med((r) => r.uploadMs)),
    downloadMBps: mbps(med((r) => r.downloadMs)),
    ratioToFloor: med((r) => r.floorMs / r.uploadMs),
    ratioToInserts: med((r) => r.insertMs / r.uploadMs),
    uploadRssGrowthMb: med((r) => r.uploadRssGrowth) / MB,
    maxUploadRssGrowthMb: Math.max(...rounds.map((r) => r.uploadRssGrowth)) / MB,
    downloadRssGrowthMb: med((r) => r.downloadRssGrowth) / MB,
  };
  const commit = execSync('git rev-parse --short HEAD').toString().trim();
  const machine = machineInfo(loadAtStart);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    join(resultsDir, 'evidence-upload-postgres.json'),
    `${JSON.stringify({ date: new Date().toISOString(), commit, machine, summary, rounds }, null, 2)}\n`,
  );
  const f = (n: number) => n.toFixed(2);
  const lines = [
    `# Evidence upload of ${UPLOAD_MB} MB (${new Date().toISOString()}, commit ${commit}, postgres)`,
    '',
    `${machine.cpus} × ${machine.cpuModel}, load ${loadAtStart.map(f).join(' ')} at start, ${machine.loadAverageAtEnd.map(f).join(' ')} at end`,
    '',
    '| round | write+hash MB/s | chunk INSERTs MB/s | staged + bytea INSERT MB/s | upload MB/s | upload / write+hash | upload / INSERTs | upload RSS growth MB | download MB/s | download RSS growth MB |',
    '| ----: | --------------: | -----------------: | -------------------------: | ----------: | ------------------: | ---------------: | -------------------: | ------------: | ---------------------: |',
    ...rounds.map(
      (r, i) =>
        `| ${i + 1} | ${mbps(r.floorMs).toFixed(0)} | ${mbps(r.insertMs).toFixed(0)} | ${mbps(r.wholeMs).toFixed(0)} | ${mbps(r.uploadMs).toFixed(0)} | ` +
        `${f(r.floorMs / r.uploadMs)} | ${f(r.insertMs / r.uploadMs)} | ${(r.uploadRssGrowth / MB).toFixed(1)} | ` +
        `${mbps(r.downloadMs).toFixed(0)} | ${(r.downloadRssGrowth / MB).toFixed(1)} |`,
    ),
    `| median | ${summary.floorMBps.toFixed(0)} | ${summary.insertMBps.toFixed(0)} | ${summary.wholeMBps.toFixed(0)} | ${summary.uploadMBps.toFixed(0)} | ` +
      `${f(summary.ratioToFloor)} | ${f(summary.ratioToInserts)} | ${summary.uploadRssGrowthMb.toFixed(1)} | ` +
      `${summary.downloadMBps.toFixed(0)} | ${summary.downloadRssGrowthMb.toFixed(1)} |`,
    '',
  ];
  writeFileSync(join(resultsDir, 'evidence-upload-postgres.md'), lines.join('\n'));
  log(lines.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
