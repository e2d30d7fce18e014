import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendApiNotFound, sendMethodNotAllowed } from './errors';
import { lazyInnerServer, passOnTo } from './inner-server';

/**
 * A Fastify instance of its own serving the built files with @fastify/static: each file (precompressed
 * at build time) as it is on disk at the request, index.html for any other path. Built at the first
 * request for a page or file of the web app: @fastify/static and its dependencies were about 3% of the
 * server's start, which an API-only start never needs.
 *
 * The web app may be built again under the running server (a deploy, or a build beside a test run):
 * files are looked up on disk at each request (`wildcard`), so the new page's files are found, and a
 * file of `/assets/` that is not there (one of the build before, named by a page loaded earlier) is a
 * 404, never index.html, which the browser would refuse as a script, leaving a blank page. The 404
 * fails the page's import of that file, and the web app says it could not load the screen and offers
 * to reload it (`route-error-page.tsx`).
 */
const ASSETS = '/assets/';

async function fileServer(root: string): Promise<FastifyInstance> {
  // Loaded here, not at the top, so that a start does not load them (see above).
  const { default: Fastify } = await import('fastify');
  const { default: fastifyStatic } = await import('@fastify/static');
  const files = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  await files.register(fastifyStatic, {
    root,
    wildcard: true,
    index: false,
    // The build writes .br and .gz beside each text asset (web/vite.config.ts): the one the client
    // accepts is sent as it is, with Content-Encoding and Vary; the siblings are not files of their
    // own, nor is a folder (`/` included): those paths are not found, so a page path gets index.html.
    preCompressed: true,
    allowedPath: (path) => !/(\.br|\.gz|\/)$/.test(path),
    setHeaders: (res, path) => {
      res.header('Cache-Control', path.includes(ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  files.setNotFoundHandler((request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    if (request.url.startsWith(ASSETS)) return reply.code(404).type('text/plain').send('Not found');
    return reply.sendFile('index.html');
  });
  await files.ready();
  return files;
}

const PAGE_METHODS = ['GET', 'HEAD'];

/**
 * Serves the built SPA: its files (precompressed at build time), and index.html for every other non-/api
 * path (history fallback) so deep links work; any other method there answers 405 with Allow. Unknown
 * /api paths answer a JSON 404. The files are
 * served by `fileServer`, made at the first request for one; the app passes those requests to it.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { webDistDir?: string }) => {
  const root = opts.webDistDir;
  const hasSpa = !!root && existsSync(join(root, 'index.html'));
  const files = lazyInnerServer(app, () => fileServer(root!));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    // TAXII (/taxii2/) answers JSON too: an unknown path there is not a screen of the web app.
    const isApi =
      path === '/api' || path.startsWith('/api/') || path === '/taxii2' || path.startsWith('/taxii2/');
    if (isApi || !hasSpa) return sendApiNotFound(app, request, reply);
    // Every other path is a page of the web app (or one of its files), which is only ever read.
    if (!PAGE_METHODS.includes(request.method)) return sendMethodNotAllowed(request, reply, PAGE_METHODS);
    return passOnTo(await files(), request, reply);
  });
});
