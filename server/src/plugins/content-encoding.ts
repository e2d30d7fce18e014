import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/** The request header, as an error's `details.fields` names it. */
export const CONTENT_ENCODING_HEADER = 'Content-Encoding';

/** Methods whose body Fastify never reads: whatever they carry is ignored, encoded or not. */
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'TRACE']);

/** The content codings a header lists, lower-cased, without `identity` (which is no coding at all). */
export function requestCodings(header: string | string[] | undefined): string[] {
  return [header ?? []]
    .flat()
    .flatMap((value) => value.split(','))
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

/** Whether bytes follow the headers (a body of length 0 has nothing to decode). */
function hasBody(request: FastifyRequest): boolean {
  const { 'content-length': length, 'transfer-encoding': chunked } = request.headers;
  return chunked !== undefined || (length !== undefined && Number(length) !== 0);
}

/** The 415 of a body sent in a coding; `statusCode` too, for the handlers that read only that (OAuth's). */
function encodedBodyRefused(codings: string[]): AppError {
  const message =
    `The body is sent with ${CONTENT_ENCODING_HEADER}: ${codings.join(', ')}; the server does not ` +
    'decode request bodies: send it unencoded';
  const error = new AppError('UNSUPPORTED_MEDIA_TYPE', message, {
    fields: [{ field: CONTENT_ENCODING_HEADER, message }],
  });
  return Object.assign(error, { statusCode: error.status });
}

/**
 * Refuses a request body sent with a `Content-Encoding` (gzip, deflate, br, anything but identity):
 * no parser here decodes one, so its compressed bytes were read as if they were the body itself (a
 * misleading 400 about its JSON, or for a text body the bytes stored as they came). 415 with
 * `Accept-Encoding: identity` (RFC 9110 §15.5.16), for every route that reads a body (JSON, multipart,
 * CSV, forms), as one application hook of the stage before the body is read: after the route's access
 * check (onRequest: an anonymous caller is 401, a refused one 403), before any byte is read, stored
 * or hashed and before an `Idempotency-Key` is claimed (preValidation).
 */
export const contentEncodingPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preParsing', (request, reply, payload, done) => {
    const header = request.headers['content-encoding'];
    if (header === undefined || request.is404 || BODYLESS_METHODS.has(request.method)) {
      return done(null, payload);
    }
    const codings = requestCodings(header);
    if (codings.length === 0 || !hasBody(request)) return done(null, payload);
    reply.header('accept-encoding', 'identity');
    done(encodedBodyRefused(codings));
  });
});
