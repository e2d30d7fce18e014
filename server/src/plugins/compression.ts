import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** API answers of at least this many bytes are compressed; below it compressing saves next to nothing. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Serialized answers up to this size are compressed in one synchronous call (about 2 ms of Brotli at
 * most); larger ones and streams go through @fastify/compress's streams, off the event loop.
 */
export const IN_PLACE_COMPRESSION_MAX_BYTES = 256 * 1024;

/**
 * The fastest levels: Brotli quality 1 and gzip level 1. Answers are compressed on every request, so
 * their CPU is paid per request. Counted with callgrind on a 22 KB journal page: Brotli quality 4
 * (@fastify/compress's default) takes 2.1 million instructions for 2,657 bytes; quality 1 takes 0.65
 * million for 3,086 bytes; gzip level 6 takes 1.5 million for 2,866 bytes and level 1 takes 1.0 million
 * for 2,973. Under load (10 connections), quality 4 added 0.4 to 0.7 ms of the server's CPU to a
 * journal page that costs 0.7 to 0.9 ms sent uncompressed; quality 1 adds 0.1 to 0.35 ms. Seven times
 * smaller than the JSON either way; 400 bytes more is nothing to a browser, and the CPU is shared with
 * PostgreSQL.
 */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
const GZIP_OPTIONS = { level: 1 };

/** An answer compressed in one synchronous call, at the levels above. */
export function compressInPlace(payload: string | Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br' ? brotliCompressSync(payload, BROTLI_OPTIONS) : gzipSync(payload, GZIP_OPTIONS);
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/** Brotli or gzip, whichever the client accepts with the higher weight (Brotli on a tie), or none. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    weights.set(name === 'x-gzip' ? 'gzip' : name, q ? Number(q[1]) : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const [br, gzip] = [weight('br'), weight('gzip')];
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : undefined;
}

/**
 * A JSON answer Fastify has serialized, compressed in one call. Measured on a 22 KB journal page,
 * @fastify/compress's per-answer stream (a zlib stream, the thread pool, stream plumbing) cost 0.74 ms
 * of CPU where one synchronous call costs 0.19 ms for the same bytes: the stream doubled the server's
 * CPU for the page. Anything else is left to @fastify/compress, which skips an encoded answer.
 */
function compressedAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  // Only on /api routes that may be compressed (see the onRoute hook below).
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (request.headers['x-no-compression'] !== undefined) return payload;
  if (reply.hasHeader('content-encoding')) return payload;
  if (!/^application\/(?:[\w.+-]+\+)?json\b/.test(String(reply.getHeader('content-type') ?? ''))) {
    return payload;
  }
  const size = Buffer.byteLength(payload);
  if (size < COMPRESSION_THRESHOLD_BYTES || size > IN_PLACE_COMPRESSION_MAX_BYTES) return payload;
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary))
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return compressInPlace(payload, encoding);
}

/** `compressedAnswer` as a callback onSend hook: no promise per answer for work that never waits. */
function compressSerializedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: Error | null, payload?: unknown) => void,
) {
  let answer: unknown;
  try {
    answer = compressedAnswer(request, reply, payload);
  } catch (err) {
    return done(err as Error);
  }
  done(null, answer);
}

/**
 * Brotli or gzip for API answers, as the client asks. The web app's files are compressed once at build
 * time and served as they are (see spa.ts), so routes outside /api are left alone: nothing is compressed
 * twice, and no request pays for compressing a file that never changes. Request bodies are not
 * decompressed: no client needs it, and a small compressed body could expand past the body limit's intent.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // Runs before @fastify/compress's own onRoute hook (hooks run in the order they are added), so on a
  // route that may be compressed the in-place compression sees the answer first.
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) {
      if (route.compress === undefined) route.compress = false;
      return;
    }
    if (route.compress === false) return;
    const own = route.onSend ?? [];
    route.onSend = [compressSerializedAnswer, ...(Array.isArray(own) ? own : [own])];
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    globalDecompression: false,
  });
});
