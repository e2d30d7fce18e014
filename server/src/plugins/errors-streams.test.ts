import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeysetPosition } from '../db/keyset';
import { compressionPlugin } from './compression';
import { csvExportPlugin, type CsvExport, type CsvPage } from './csv-export';
import { errorsPlugin } from './errors';

/**
 * A download whose stream fails: before its first byte went out, the answer is the error in the one
 * error shape (503 with Retry-After for a fault of the database or the disk), with none of the
 * download's headers; after, the connection is cut, so the client never takes a shorter file for the
 * whole one. With the plugins that stand between a route and the client: CSV downloads, compression.
 */

/** Rows per CSV page here: a page, some 8 KB, stays inside the compressor until the next is read. */
const PAGE = 1000;
/** A lost connection, as node-postgres reports it (db/faults.ts). */
const lostConnection = () => new Error('Connection terminated unexpectedly');
/** A disk that fails a read. */
const ioError = () => Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO', syscall: 'read' });

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  await app.register(compressionPlugin);
  await app.register(csvExportPlugin);
  const csv: CsvExport<never> = {
    fileName: 'rows',
    columns: [{ header: 'row', cell: (row) => row }],
    // Each page from the one before; the database goes away after `pages` of them.
    read: async (request, after: KeysetPosition | undefined): Promise<CsvPage> => {
      const pages = Number((request.query as { pages?: string }).pages);
      const index = after ? Number(after[0]) + 1 : 0;
      if (index >= pages) throw lostConnection();
      return {
        data: Array.from({ length: PAGE }, (_, i) => `row ${index * PAGE + i}`),
        next: [String(index)],
      };
    },
  };
  app.get('/api/rows', { config: { csv } }, async () => ({ data: [] }));
  // A stored file that cannot be read, as the evidence download sends one.
  app.get('/api/file', async (_request, reply) => {
    const stream = new Readable({ read: () => stream.destroy(ioError()) });
    return reply
      .header('content-type', 'image/png')
      .header('content-length', '4096')
      .header('content-disposition', 'attachment; filename="capture.png"')
      .send(stream);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
});

/** GET over a real connection: the status, headers, body, and whether the body came whole. */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: http.IncomingHttpHeaders;
    body: Buffer;
    complete: boolean;
  }>((resolve, reject) => {
    const request = http.get(`${base}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      const done = () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks),
          complete: response.complete,
        });
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', done);
      response.on('error', done);
    });
    request.on('error', reject);
  });
}

function decoded(answer: { headers: http.IncomingHttpHeaders; body: Buffer }): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  expect(encoding).toBeUndefined();
  return answer.body.toString('utf8');
}

/** The 503 of a fault, in the error shape, with nothing of the download left on it. */
function expectUnavailable(
  answer: Awaited<ReturnType<typeof get>>,
  code: 'DATABASE_UNAVAILABLE' | 'STORAGE_UNAVAILABLE',
) {
  expect(answer.status, answer.body.toString()).toBe(503);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['content-disposition']).toBeUndefined();
  expect(answer.complete).toBe(true);
  const body = JSON.parse(decoded(answer)) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
}

describe('a CSV download whose next page meets a fault of the database', () => {
  it.each(['gzip', 'br'])(
    'compressed (%s), nothing sent yet: answers 503 with Retry-After in the error shape',
    async (encoding) => {
      expectUnavailable(
        await get('/api/rows?format=csv&pages=1', { 'accept-encoding': encoding }),
        'DATABASE_UNAVAILABLE',
      );
    },
  );

  it.each(['identity', 'gzip', 'br'])(
    '%s, pages already sent: the connection is cut before the end',
    async (encoding) => {
      // Enough pages that the compressor has let bytes out before the fault.
      const answer = await get('/api/rows?format=csv&pages=200', { 'accept-encoding': encoding });
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBeGreaterThan(0);
      expect(answer.complete).toBe(false);
    },
  );
});

describe('a file that cannot be read', () => {
  it('answers 503 STORAGE_UNAVAILABLE in the error shape, not as the file', async () => {
    expectUnavailable(await get('/api/file'), 'STORAGE_UNAVAILABLE');
  });
});
