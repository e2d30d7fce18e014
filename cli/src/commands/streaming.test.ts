import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../errors';
import { main } from '../main';

/**
 * `identifiers import` and `evidence add` against a local HTTP server, with files far larger than the
 * memory they may take: the memory the process holds (the heap and the buffers outside it, after a
 * collection) is sampled while the server receives, and its growth over the run is bounded.
 */

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * What the process holds now: full collections first, so only what is still reachable counts (the
 * memory of a collected buffer is given back a moment after the collection, hence two).
 */
async function held(): Promise<{ heap: number; rss: number }> {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 5));
  gc();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed + usage.arrayBuffers, rss: usage.rss };
}

const MB = 1024 * 1024;

let dir: string;
let server: Server;
let url: string;
let route: (request: IncomingMessage, response: ServerResponse) => Promise<void> = async () => {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-streaming-'));
  server = createServer((request, response) => {
    route(request, response).catch((error: Error) => response.writeHead(500).end(error.message));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs the tool with stdout written to a file (nothing of it kept in memory) and stderr kept. */
async function run(argv: string[]) {
  const outFile = join(dir, `stdout-${Date.now()}.txt`);
  const stdout = createWriteStream(outFile);
  const stderr = new PassThrough();
  let errText = '';
  stderr.on('data', (chunk: Buffer) => (errText += chunk.toString()));
  const code = await main(argv, {
    stdout,
    stderr,
    env: { SCAMTRAIL_URL: url, SCAMTRAIL_TOKEN: 'key-123', SCAMTRAIL_CONFIG_DIR: join(dir, 'config') },
  });
  await new Promise((resolve) => stdout.end(resolve));
  return { code, stdoutFile: outFile, stderr: errText };
}

/** Writes `rows` lines made by `line`, a batch at a time, without the whole text in memory. */
async function writeLines(path: string, first: string, rows: number, line: (i: number) => string) {
  const file = createWriteStream(path);
  file.write(`${first}\n`);
  for (let start = 1; start <= rows; start += 5000) {
    const batch: string[] = [];
    for (let i = start; i < start + 5000 && i <= rows; i++) batch.push(line(i));
    if (!file.write(`${batch.join('\n')}\n`)) await once(file, 'drain');
  }
  await new Promise((resolve) => file.end(resolve));
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += (chunk as Buffer).toString();
  return text;
}

describe('identifiers import of a 200,000-row file', () => {
  const ROWS = 200_000;
  /** Each 1,000th row repeats the one before it; row 123,457 is invalid. */
  const isDuplicate = (row: number) => row % 1000 === 0;
  const INVALID_ROW = 123_457;
  const padding = 'x'.repeat(80);

  it('sends it in chunks as it is read, reports every row, and holds a bounded amount of memory', async () => {
    const file = join(dir, 'bank-export.csv');
    await writeLines(file, 'type,address,notes', ROWS, (i) => `email,user${i}@example.org,"${padding}"`);
    const size = (await stat(file)).size;
    expect(size).toBeGreaterThan(20 * MB);

    const samples: { heap: number; rss: number }[] = [];
    let requests = 0;
    let rowsSeen = 0;
    route = async (request, response) => {
      expect(request.url).toBe('/api/identifiers/import');
      expect(request.headers['content-type']).toMatch(/^text\/csv/);
      const lines = (await bodyOf(request)).split('\r\n').filter(Boolean);
      expect(lines[0]).toMatch(/^type,address/);
      const data = lines.slice(1).map((_, index) => {
        const row = rowsSeen + index + 1;
        if (row === INVALID_ROW) {
          return {
            row: index + 1,
            status: 'invalid',
            errors: [{ field: 'data.address', message: 'bad' }],
          };
        }
        if (isDuplicate(row)) return { row: index + 1, status: 'duplicate', existingId: `id-${row - 1}` };
        return { row: index + 1, status: 'created', id: `id-${row}` };
      });
      rowsSeen += data.length;
      requests += 1;
      if (requests % 25 === 0) samples.push(await held());
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ data, summary: { created: 0, duplicates: 0, invalid: 0 } }));
    };

    // A small import first, so that what is loaded once (modules, compiled code) is not counted.
    const small = join(dir, 'small.csv');
    await writeLines(small, 'type,address', 10, (i) => `email,warm${i}@example.org`);
    expect((await run(['identifiers', 'import', small, '--json'])).code).toBe(EXIT.ok);
    rowsSeen = 0;
    requests = 0;
    samples.length = 0;

    await held();
    const before = await held();
    const result = await run(['identifiers', 'import', file, '--json', '--chunk-size', '500']);
    expect(result.code, result.stderr).toBe(EXIT.failure);
    expect(result.stderr).toMatch(/1 of 200000 rows were invalid/);
    expect(requests).toBe(ROWS / 500);
    expect(samples.length).toBeGreaterThanOrEqual(10);
    const heapGrowth = Math.max(...samples.map((s) => s.heap)) - before.heap;
    const rssGrowth = Math.max(...samples.map((s) => s.rss)) - before.rss;
    // Reading the file whole would hold its 20 MB text, and its rows and results several times that.
    expect(heapGrowth, `heap grew ${(heapGrowth / MB).toFixed(1)} MB`).toBeLessThan(12 * MB);
    expect(rssGrowth, `RSS grew ${(rssGrowth / MB).toFixed(1)} MB`).toBeLessThan(64 * MB);

    // Every row's result, numbered across the file, in one JSON document.
    const report = JSON.parse(await readFile(result.stdoutFile, 'utf8')) as {
      file: string;
      rows: number;
      summary: { created: number; duplicates: number; invalid: number };
      results: { row: number; status: string; id?: string; existingId?: string }[];
    };
    expect(report.file).toBe(file);
    expect(report.rows).toBe(ROWS);
    expect(report.summary).toEqual({ created: ROWS - 200 - 1, duplicates: 200, invalid: 1 });
    expect(report.results).toHaveLength(ROWS);
    expect(report.results.every((result, index) => result.row === index + 1)).toBe(true);
    expect(report.results[999]).toEqual({ row: 1000, status: 'duplicate', existingId: 'id-999' });
    expect(report.results[INVALID_ROW - 1]).toMatchObject({ row: INVALID_ROW, status: 'invalid' });
    expect(report.results[ROWS - 2]).toEqual({ row: ROWS - 1, status: 'created', id: `id-${ROWS - 1}` });
    // The bar counted the bytes read, to the end.
    expect(result.stderr).toMatch(/Importing \[.*\] 100% of 2\d\.\d MB \| 200000\/200000 rows/);
  }, 120_000);

  it('refuses a file broken near its end before sending any of it', async () => {
    const file = join(dir, 'broken.jsonl');
    await writeLines(file, '{"type":"email","data":{"address":"a@example.org"}}', 50_000, (i) =>
      i === 49_999 ? '{"type":' : JSON.stringify({ type: 'email', data: { address: `u${i}@example.org` } }),
    );
    let requests = 0;
    route = async (_request, response) => {
      requests += 1;
      response.writeHead(500).end();
    };
    const result = await run(['identifiers', 'import', file]);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toMatch(/Line 50000 is not JSON/);
    expect(requests).toBe(0);
  });
});

describe('evidence add of a 64 MB file', () => {
  it('uploads it as a stream, hashing it on the way, and holds a bounded amount of memory', async () => {
    const file = join(dir, 'phone-dump.bin');
    const block = Buffer.alloc(MB);
    const writer = createWriteStream(file);
    for (let i = 0; i < 64; i++) {
      block.fill(i);
      if (!writer.write(Buffer.from(block))) await once(writer, 'drain');
    }
    await new Promise((resolve) => writer.end(resolve));
    const expected = createHash('sha256');
    for (let i = 0; i < 64; i++) expected.update(Buffer.alloc(MB, i));
    const sha256 = expected.digest('hex');

    const samples: { heap: number; rss: number }[] = [];
    const caseId = '5b0e8a2e-0a6c-4f7e-9a55-1f2b3c4d5e6f';
    let fields = '';
    route = async (request, response) => {
      if (request.method === 'GET') {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id: caseId, number: 12 }));
        return;
      }
      expect(request.url).toBe('/api/evidence');
      const boundary = /boundary=(.+)$/.exec(request.headers['content-type'] ?? '')![1];
      const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
      // The file is the last part: hash what follows its headers, all but the closing delimiter.
      const hash = createHash('sha256');
      let head = Buffer.alloc(0);
      let tail = Buffer.alloc(0);
      let inFile = false;
      let received = 0;
      for await (const piece of request) {
        received += (piece as Buffer).length;
        if (received > (samples.length + 1) * 8 * MB) samples.push(await held());
        if (!inFile) {
          head = Buffer.concat([head, piece as Buffer]);
          const end = head.indexOf('\r\n\r\n', head.indexOf('name="file"'));
          if (head.indexOf('name="file"') < 0 || end < 0) continue;
          fields = head.subarray(0, end).toString();
          inFile = true;
          tail = head.subarray(end + 4);
        } else tail = Buffer.concat([tail, piece as Buffer]);
        if (tail.length > closing.length) {
          hash.update(tail.subarray(0, tail.length - closing.length));
          tail = Buffer.from(tail.subarray(tail.length - closing.length));
        }
      }
      expect(tail.equals(closing)).toBe(true);
      response
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: 'ev-1', sha256: hash.digest('hex') }));
    };

    await held();
    const before = await held();
    const result = await run(['evidence', 'add', file, '--case', caseId, '--json']);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    expect(fields).toContain(`name="caseId"\r\n\r\n${caseId}`);
    expect(fields).toContain('filename="phone-dump.bin"');
    expect(samples.length).toBeGreaterThanOrEqual(6);
    const heapGrowth = Math.max(...samples.map((s) => s.heap)) - before.heap;
    const rssGrowth = Math.max(...samples.map((s) => s.rss)) - before.rss;
    expect(heapGrowth, `heap grew ${(heapGrowth / MB).toFixed(1)} MB`).toBeLessThan(12 * MB);
    expect(rssGrowth, `RSS grew ${(rssGrowth / MB).toFixed(1)} MB`).toBeLessThan(48 * MB);
    const report = JSON.parse(await readFile(result.stdoutFile, 'utf8'));
    expect(report).toEqual({
      caseId,
      files: [{ file, evidenceId: 'ev-1', size: 64 * MB, sha256, serverSha256: sha256, match: true }],
    });
  }, 120_000);
});
