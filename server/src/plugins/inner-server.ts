import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/*
 * A Fastify instance of the app's own, built at the first request that needs it and handed those
 * requests: how the app serves what a start should not pay for (the OpenAPI document and Swagger UI,
 * openapi.ts; the web app's files, spa.ts), whose packages are loaded only then.
 */

/** Headers of the inner server's answer that the app's own reply writes for itself. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/**
 * The inner server `build` makes, built once at the first call (again after a failed build) and closed
 * with `app`.
 */
export function lazyInnerServer(
  app: FastifyInstance,
  build: () => Promise<FastifyInstance>,
): () => Promise<FastifyInstance> {
  let built: Promise<FastifyInstance> | undefined;
  app.addHook('onClose', async () => {
    if (built) await (await built.catch(() => undefined))?.close();
  });
  return () => {
    built ??= build().catch((err: unknown) => {
      built = undefined;
      throw err;
    });
    return built;
  };
}

/**
 * Answers `request` with what the inner server answers to it: status, headers (but those of the
 * connection) and body. A GET is asked for a HEAD too: the app's reply leaves the body off a HEAD
 * answer. `onNotFound`, when given, answers instead of the inner server's 404.
 */
export async function passOnTo(
  inner: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  onNotFound?: () => unknown,
): Promise<unknown> {
  const answer = await inner.inject({ method: 'GET', url: request.url, headers: request.headers });
  if (answer.statusCode === 404 && onNotFound) return onNotFound();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
  }
  return reply.code(answer.statusCode).send(answer.rawPayload.length > 0 ? answer.rawPayload : undefined);
}
