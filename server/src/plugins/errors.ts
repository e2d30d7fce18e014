import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, FieldError } from '@scamtrail/domain/errors';
import { faultOf } from '../db/faults';
import { AppError } from '../lib/errors';
import { multipartError } from '../lib/multipart-form';

type Issue = { instancePath: string; message?: string };

function fieldName(issue: Issue, context: string | undefined): string {
  const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (path) return path;
  return context === 'querystring' ? 'query' : (context ?? 'body');
}

/** Status codes of framework errors we pass through with their own (safe) message. */
const CLIENT_ERROR_CODES: Record<string, ErrorBody['error']['code']> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_RATE_LIMIT_EXCEEDED: 'TOO_MANY_REQUESTS',
};

/**
 * Errors the router raises before any route or hook runs (a malformed or over-long path). Passed to
 * Fastify as `frameworkErrors`, so they answer in the same shape as everything else.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply
      .status(414)
      .send({ error: { code: 'URI_TOO_LONG', message: 'A path parameter is too long' } });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply
      .status(400)
      .send({ error: { code: 'BAD_REQUEST', message: `The path ${JSON.stringify(path)} is not valid` } });
  }
  request.log.error({ err: error }, 'router error');
  return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Internal server error' } });
}

function routePattern(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods some /api route answers on this path (empty when none). */
    allowedApiMethods(path: string): string[];
  }
}

/** The 405 of a path that exists with other methods, naming them in Allow. */
export function sendMethodNotAllowed(
  request: FastifyRequest,
  reply: FastifyReply,
  allowed: readonly string[],
) {
  const path = request.url.split('?')[0];
  const list = allowed.join(', ');
  return reply
    .status(405)
    .header('allow', list)
    .send({
      error: { code: 'METHOD_NOT_ALLOWED', message: `${request.method} is not allowed on ${path} (${list})` },
    });
}

/** The 404 (or 405 with Allow, when the path exists with other methods) of an unanswered /api call. */
export function sendApiNotFound(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  const allowed = app.allowedApiMethods(path);
  if (allowed.length > 0) return sendMethodNotAllowed(request, reply, allowed);
  return reply
    .status(404)
    .send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${path}` } });
}

/**
 * Routes read forms through readMultipartForm, which maps the parser's errors itself; this catches a
 * form read any other way, so a body the parser cannot read is a 4xx, never a 500.
 */
function multipartBodyError(err: Error, request: FastifyRequest): AppError | undefined {
  const isForm = /^\s*multipart\//i.test(request.headers['content-type'] ?? '');
  return isForm ? multipartError(err) : undefined;
}

/**
 * The headers a route set for the answer it meant to send, which an error answer replaces: a download
 * whose stream failed before its first byte went out (a CSV whose next page met a fault while the
 * compressor still held the first, an evidence file that could not be read) had left its type, its
 * encoding and its attachment name on the error, so the error's JSON was refused as a payload of
 * another type (a 500 of Fastify's own shape) and would have been saved as the file.
 */
function withoutPayloadHeaders(reply: FastifyReply) {
  for (const name of ['content-type', 'content-encoding', 'content-disposition', 'content-length']) {
    reply.removeHeader(name);
  }
}

/**
 * One place that turns errors into `{ error: { code, message, details? } }`. Validation failures name
 * their fields; faults of the database or the disk answer 503 with Retry-After; 5xx answers never
 * carry internals (the cause goes to the log).
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  const apiRoutes: { methods: string[]; pattern: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    apiRoutes.push({ methods, pattern: routePattern(route.url) });
  });
  app.decorate('allowedApiMethods', (path: string) => [
    ...new Set(apiRoutes.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods)),
  ]);

  app.setErrorHandler((err: FastifyError, request, reply) => {
    withoutPayloadHeaders(reply);
    const appError = err instanceof AppError ? err : multipartBodyError(err, request);
    if (appError) {
      const body: ErrorBody = { error: { code: appError.code, message: appError.message } };
      if (appError.details) body.error.details = appError.details;
      if (appError.retryAfterSeconds) reply.header('retry-after', String(appError.retryAfterSeconds));
      return reply.status(appError.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: FieldError[] = (err.validation as Issue[]).map((issue) => ({
        field: fieldName(issue, err.validationContext),
        message: issue.message ?? 'Invalid value',
      }));
      const error = AppError.validation(fields);
      return reply
        .status(400)
        .send({ error: { code: error.code, message: error.message, details: { fields } } });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        (err.code && CLIENT_ERROR_CODES[err.code]) || (status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST');
      const message =
        code === 'VALIDATION_FAILED' && err.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'body: the request body is not valid JSON'
          : err.message;
      return reply.status(status).send({ error: { code, message } });
    }
    // The database or the disk, not the request nor our code: the caller may try again (db/faults.ts).
    const fault = faultOf(err);
    if (fault) {
      request.log.warn({ err }, `request failed: ${fault.code}`);
      return reply
        .status(503)
        .header('retry-after', String(fault.retryAfterSeconds))
        .send({ error: { code: fault.code, message: fault.message } });
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Internal server error' } });
  });
});
