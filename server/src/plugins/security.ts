import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The headers of an API answer (JSON, or evidence bytes sent as an attachment), after OWASP's REST
 * security advice: it loads nothing, runs nothing and is framed nowhere, is never sniffed into
 * something else, and is readable by this origin only. Helmet's other headers steer documents
 * (opener isolation, origin keying, DNS prefetch, the legacy XSS auditor, old download and Flash
 * policies) and mean nothing on an answer that is not one. Set from one object, without helmet's
 * middleware: an API request carries half the headers, and a policy a fifth as long.
 */
const API_HEADERS = {
  // Answers are the caller's own (their records, their session): no browser or proxy keeps them, so
  // none is shown from a cache on a shared computer after sign-out. A route may say otherwise.
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
} as const;

/** The API's answers; the API browser under /api/docs is a set of documents, with their own policy. */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * The CSP sources of the inline scripts of the built web app's index.html, by their SHA-256: the page's
 * first requests, which run before any module (web/vite.config.ts, inlineFirstRequests). None without
 * a build; any other inline script stays refused.
 */
export function inlineScriptHashes(webDistDir: string | undefined): string[] {
  let html: string;
  try {
    html = webDistDir ? readFileSync(join(webDistDir, 'index.html'), 'utf8') : '';
  } catch {
    return [];
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
  );
}

/**
 * Which index.html is on disk now: its modification time and size ('' without one, or when the disk
 * will not say: the page is then not served either, and the next request asks again).
 */
function pageVersion(webDistDir: string | undefined): string {
  if (!webDistDir) return '';
  try {
    const stat = statSync(join(webDistDir, 'index.html'), { throwIfNoEntry: false });
    return stat ? `${stat.mtimeMs}:${stat.size}` : '';
  } catch {
    return '';
  }
}

/** Helmet's headers for documents, with a strict CSP allowing the inline scripts of these hashes. */
function documentHeaders(inlineScripts: string[]) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", ...inlineScripts],
        styleSrc: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * The document headers for the index.html served now. The page is read from disk at each request
 * (plugins/spa.ts), so a build under a running server serves a new page whose inline script has a new
 * hash: the policy follows it (a stale hash would refuse the script and leave the page blank until a
 * restart). One stat a request; the middleware is built again only when the file changed.
 */
function currentDocumentHeaders(webDistDir: string | undefined) {
  let built: { version: string; middleware: ReturnType<typeof helmet> } | undefined;
  return () => {
    const version = pageVersion(webDistDir);
    if (built?.version !== version) {
      built = { version, middleware: documentHeaders(inlineScriptHashes(webDistDir)) };
    }
    return built.middleware;
  };
}

interface SecurityOptions {
  publicUrl: string;
  /** The built web app, whose index.html's inline scripts are allowed by their hashes. */
  webDistDir?: string;
}

/**
 * Security headers with a strict CSP, and cross-site request refusal: a state-changing request that
 * relies on the session cookie must come from PUBLIC_URL's origin. Requests authenticated with an API
 * key carry no ambient credential and are exempt, as are routes declaring `config.cookieless` (they
 * never read the cookie: the OAuth endpoints a command-line client posts its forms to). Only JSON and
 * multipart bodies are parsed, so the classic text/plain form post is refused with 415 before it
 * reaches a route; a route that takes a form parses it in its own plugin.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  // Helmet's middleware built once per page version: its Fastify wrapper builds a new one, parsing
  // the policy again, for every request (a few per cent of a list request's CPU).
  const securityHeaders = currentDocumentHeaders(opts.webDistDir);
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiAnswer(request.url)) {
      reply.headers(API_HEADERS);
      return done();
    }
    securityHeaders()(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });

  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    if (/^Bearer\s/i.test(request.headers.authorization ?? '')) return done();
    if (request.routeOptions.config?.cookieless) return done();
    if (request.headers.origin === opts.publicUrl) return done();
    done(
      new AppError(
        'CROSS_ORIGIN',
        'Cross-origin request refused: the Origin header must match the application',
      ),
    );
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads no session cookie (the auth plugin does not resolve it), so a request from any
     * origin, without an Origin header, is harmless and not refused as cross-origin.
     */
    cookieless?: boolean;
  }
}
