import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@scamtrail/domain/errors';

/**
 * TAXII 2.1's HTTP rules that are not one endpoint's (OASIS TAXII 2.1, §1.6.8 and §3.1 content
 * negotiation, §3.6 errors): the Accept header each request is answered for, and the error message
 * resource every error answer carries. Installed on the TAXII routes' own plugin, so the rest of the
 * API keeps its error shape.
 */

export const TAXII_MEDIA_TYPE = 'application/taxii+json;version=2.1';

/** TAXII 2.1 §3.6.1: the error message resource. */
export interface TaxiiError {
  title: string;
  description?: string;
  error_id?: string;
  error_code?: string;
  /** A string in TAXII 2.1 (§3.6.1), e.g. "404". */
  http_status: string;
  external_details?: string;
  details?: Record<string, unknown>;
}

/** One media range of an Accept header (RFC 9110 §12.5.1), lower-cased, with its parameters and weight. */
interface MediaRange {
  type: string;
  subtype: string;
  params: Map<string, string>;
  q: number;
}

function parseAccept(header: string): MediaRange[] {
  return header.split(',').flatMap((part) => {
    const [range = '', ...rest] = part.split(';');
    const [type, subtype] = range.trim().toLowerCase().split('/');
    if (!type || !subtype) return [];
    const params = new Map<string, string>();
    let q = 1;
    for (const param of rest) {
      const at = param.indexOf('=');
      if (at < 0) continue;
      const name = param.slice(0, at).trim().toLowerCase();
      const value = param
        .slice(at + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
      if (name === 'q') q = Number(value);
      else params.set(name, value);
    }
    return [{ type, subtype, params, q: Number.isFinite(q) ? q : 0 }];
  });
}

/**
 * How specific a range is for TAXII 2.1's media type, or -1 when it does not admit it: `*∕*` 0,
 * `application/*` 1, `application/taxii+json` 2, with `version=2.1` 3 (another version admits nothing).
 */
function specificity(range: MediaRange): number {
  if (range.type === '*' && range.subtype === '*') return 0;
  if (range.type !== 'application') return -1;
  if (range.subtype === '*') return 1;
  if (range.subtype !== 'taxii+json') return -1;
  const version = range.params.get('version');
  if (version === undefined) return 2;
  return version === '2.1' ? 3 : -1;
}

/**
 * Whether an Accept header admits `application/taxii+json;version=2.1` (RFC 9110 §12.5.1: the most
 * specific range that matches gives its weight, and a weight of 0 refuses). TAXII 2.1 §3.1 asks every
 * request for a media range naming a TAXII media type (a version left out: the latest, 2.1, §1.6.8);
 * a range that admits it (`*∕*`, `application/*`, what OpenCTI's feed sends) is answered too, as HTTP
 * has it. No Accept header at all breaks the client's MUST but names no type the server cannot
 * give: HTTP reads it as any type (RFC 9110 §12.5.1), and so does this.
 */
export function acceptsTaxii(header: string | undefined): boolean {
  if (header === undefined || header.trim() === '') return true;
  let best: MediaRange | undefined;
  let bestSpecificity = -1;
  for (const range of parseAccept(header)) {
    const rank = specificity(range);
    if (rank > bestSpecificity) {
      best = range;
      bestSpecificity = rank;
    }
  }
  return best !== undefined && best.q > 0;
}

/** The TAXII error message (§3.6.1) of an answer in the API's error shape. */
export function taxiiErrorOf(status: number, body: ErrorBody, errorId: string): TaxiiError {
  const { code, message, details } = body.error;
  return {
    title: STATUS_CODES[status] ?? 'Error',
    description: message,
    error_id: errorId,
    error_code: code,
    http_status: String(status),
    ...(details ? { details } : {}),
  };
}

function isErrorBody(value: unknown): value is ErrorBody {
  const error = (value as Partial<ErrorBody> | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/** The request's paths under TAXII's prefix: each TAXII route's pattern. */
type RoutePattern = RegExp;

function patternOf(url: string): RoutePattern {
  const parts = url
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.+]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}$`);
}

/** Whether a request's path is under TAXII's prefix (`/taxii2`, `/taxii2/...`). */
function isUnder(url: string, prefix: string): boolean {
  const path = url.split('?')[0];
  return path === prefix || path.startsWith(`${prefix}/`);
}

type FrameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void;

/**
 * The server's `frameworkErrors` (the router's refusals, raised before any route or hook: a malformed
 * path's 400, an over-long path parameter's 414), answering those of paths under TAXII's prefix as
 * TAXII's error message (§3.6.1) in TAXII's media type, and the others as `apiErrors` does. The
 * TAXII routes' own hooks never run for them: no route was matched. `apiErrors` decides the status and
 * the message; its answer is rewritten as it is sent, as `taxiiProtocol` rewrites a route's.
 */
export function taxiiFrameworkErrors(apiErrors: FrameworkErrors, prefix: string): FrameworkErrors {
  return (error, request, reply) => {
    if (!isUnder(request.url, prefix)) return apiErrors(error, request, reply);
    // The reply as `apiErrors` uses it, its body rewritten as it is sent; every method that returns
    // the reply (`status`, `header`, ...) returns this one, so a chained `send` is rewritten too.
    const taxiiReply: FastifyReply = new Proxy(reply, {
      get(target, property) {
        if (property === 'send') {
          return (payload: unknown) => {
            if (!isErrorBody(payload)) return target.send(payload);
            const body = taxiiErrorOf(target.statusCode, payload, String(request.id));
            // As bytes: Fastify would add a charset to a string's type, and quote `version` with it.
            target.header('content-type', TAXII_MEDIA_TYPE).header('vary', 'Accept');
            return target.send(Buffer.from(JSON.stringify(body)));
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          return result === target ? taxiiReply : result;
        };
      },
    });
    return apiErrors(error, request, taxiiReply);
  };
}

/**
 * Installs TAXII's HTTP rules on the plugin that holds the TAXII routes (`prefix`, e.g. `/taxii2`):
 *
 * - an error answer, whatever raised it (the access check's 401 and 403, a 400 naming a parameter, a
 *   404, a database fault's 503 with its Retry-After), is the TAXII error message (§3.6.1) as
 *   `application/taxii+json;version=2.1`: the API's code as `error_code`, its message as
 *   `description`, its details (the fields to blame) as `details`, the request's id as `error_id`;
 * - a request whose Accept header does not admit TAXII 2.1's media type is a 406, after the access
 *   check (who may call is decided first) and before the parameters are read;
 * - a path under the prefix that is no TAXII route is a 404 (405 with Allow for a route's path asked
 *   with another method) in the same form, not the web app.
 *
 * The router's refusals of a path before any route (400, 414) are the server's `frameworkErrors`:
 * `taxiiFrameworkErrors` answers those under the prefix.
 */
export async function taxiiProtocol(app: FastifyInstance, prefix: string) {
  const routes: RoutePattern[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(prefix)) routes.push(patternOf(route.url));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // Exactly TAXII's media type: Fastify would write it `application/taxii+json; version="2.1";
    // charset=utf-8`, which the OASIS client (taxii2client) refuses, as it looks for each part of
    // the type it asked for, `version=2.1` unquoted, in the answer's.
    reply.header('content-type', TAXII_MEDIA_TYPE);
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (!isErrorBody(body)) return payload;
    return JSON.stringify(taxiiErrorOf(reply.statusCode, body, String(request.id)));
  });

  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('vary', 'Accept');
    if (request.is404 || acceptsTaxii(request.headers.accept)) return;
    const error: TaxiiError = {
      title: STATUS_CODES[406]!,
      description: `The Accept header must admit ${TAXII_MEDIA_TYPE} (TAXII 2.1); it was ${JSON.stringify(request.headers.accept)}`,
      error_id: String(request.id),
      error_code: 'NOT_ACCEPTABLE',
      http_status: '406',
      details: { accept: [TAXII_MEDIA_TYPE] },
    };
    return reply.code(406).send(error);
  });

  await app.register(
    async (scope) => {
      scope.setNotFoundHandler(async (request, reply) => {
        const path = request.url.split('?')[0];
        if (routes.some((route) => route.test(path))) {
          reply.code(405).header('allow', 'GET, HEAD');
          return reply.send({
            error: {
              code: 'METHOD_NOT_ALLOWED',
              message: `${request.method} is not allowed on ${path} (GET, HEAD)`,
            },
          } satisfies ErrorBody);
        }
        return reply.code(404).send({
          error: { code: 'NOT_FOUND', message: `No TAXII resource at ${path}` },
        } satisfies ErrorBody);
      });
    },
    { prefix },
  );
}
