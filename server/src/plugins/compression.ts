import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** API answers of at least this many bytes are compressed; below it compressing saves next to nothing. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/**
 * Brotli or gzip for API answers, as the client asks. The web app's files are compressed once at build
 * time and served as they are (see spa.ts), so routes outside /api are left alone: nothing is compressed
 * twice, and no request pays for compressing a file that never changes. Request bodies are not
 * decompressed: no client needs it, and a small compressed body could expand past the body limit's intent.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // Runs before @fastify/compress's own onRoute hook (hooks run in the order they are added).
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url) && route.compress === undefined) route.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    globalDecompression: false,
  });
});
