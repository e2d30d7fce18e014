import { Readable, pipeline } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  gzipSync,
} from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** API answers of at least this many bytes are compressed; below it compressing saves next to nothing. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Serialized answers up to this size are compressed in one synchronous call (about 2 ms of Brotli at
 * most); larger ones are compressed on the thread pool and streams through a zlib stream, off the event
 * loop (see `compressedOtherwise`).
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

/** The encoded answer's headers: what it varies on, how it is encoded, and no stale length. */
function markEncoded(reply: FastifyReply, encoding: 'br' | 'gzip') {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary))
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
}

/**
 * A JSON answer Fastify has serialized, compressed in one call. Measured on a 22 KB journal page, a
 * per-answer stream (a zlib stream, the thread pool, stream plumbing: what @fastify/compress did) cost
 * 0.74 ms of CPU where one synchronous call costs 0.19 ms for the same bytes: the stream doubled the
 * server's CPU for the page. Anything else is left to `compressedOtherwise`, which skips an encoded
 * answer.
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
  markEncoded(reply, encoding);
  return compressInPlace(payload, encoding);
}

/**
 * The types worth compressing: text, JSON, XML and JavaScript (what @fastify/compress compressed by
 * default, with mime-db's compressible JavaScript), and bytes of no declared type.
 */
const COMPRESSIBLE_TYPE =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)|^application\/(?:javascript|ecmascript|x-javascript|x-ndjson|wasm)(?:;|$)/i;

function isReadable(payload: unknown): payload is NodeJS.ReadableStream {
  return typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';
}

function isWebReadable(payload: unknown): payload is WebReadableStream {
  return typeof (payload as { getReader?: unknown } | null)?.getReader === 'function';
}

/**
 * What the in-place compression left: an answer of another type, one too large for a synchronous call
 * (compressed on the thread pool), or a stream (through a zlib stream). An answer already encoded, or
 * under the threshold, or of a type not worth compressing, is sent as it is.
 */
function compressedOtherwise(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: Error | null, payload?: unknown) => void,
) {
  if (payload === null || payload === undefined) return done(null, payload);
  const current = reply.getHeader('content-encoding');
  if (current && current !== 'identity') return done(null, payload);
  if (request.headers['x-no-compression'] !== undefined) return done(null, payload);
  if (!COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? 'application/json'))) {
    return done(null, payload);
  }
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return done(null, payload);
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    if (Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES) return done(null, payload);
    markEncoded(reply, encoding);
    const sent = (err: Error | null, compressed: Buffer) => (err ? done(err) : done(null, compressed));
    return encoding === 'br'
      ? brotliCompress(payload, BROTLI_OPTIONS, sent)
      : gzip(payload, GZIP_OPTIONS, sent);
  }
  const source = isWebReadable(payload) ? Readable.fromWeb(payload) : payload;
  if (!isReadable(source)) return done(null, payload);
  markEncoded(reply, encoding);
  const compressor = encoding === 'br' ? createBrotliCompress(BROTLI_OPTIONS) : createGzip(GZIP_OPTIONS);
  // A failing source ends the compressed stream with the same error, which Fastify then handles.
  pipeline(source, compressor, () => {});
  done(null, compressor);
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
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url) || route.compress === false) return;
    const own = route.onSend ?? [];
    // In place first (before the route's own hooks, which never change a JSON answer's bytes); what is
    // left, after them.
    route.onSend = [compressSerializedAnswer, ...(Array.isArray(own) ? own : [own]), compressedOtherwise];
  });
});

declare module 'fastify' {
  interface RouteShorthandOptions {
    /** false: the route's answers are never compressed (files sent as they are, archives). */
    compress?: false;
  }
}
