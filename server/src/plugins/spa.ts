import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendApiNotFound } from './errors';

/**
 * Serves the built SPA: its files (precompressed at build time), and index.html for every other non-/api
 * path (history fallback) so deep links work. Unknown /api paths answer a JSON 404.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { webDistDir?: string }) => {
  const root = opts.webDistDir;
  const hasSpa = !!root && existsSync(join(root, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (web/vite.config.ts): the one the client
      // accepts is sent as it is, with Content-Encoding and Vary; the siblings get no routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, path) => {
        res.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // TAXII (/taxii2/) answers JSON too: an unknown path there is not a screen of the web app.
    const isApi =
      path === '/api' || path.startsWith('/api/') || path === '/taxii2' || path.startsWith('/taxii2/');
    if (isApi || !hasSpa || !['GET', 'HEAD'].includes(request.method)) {
      return sendApiNotFound(app, request, reply);
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
});
