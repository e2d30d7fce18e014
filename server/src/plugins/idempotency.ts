import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@scamtrail/domain/idempotency';
import { idempotencyKeySchema } from '@scamtrail/domain/idempotency-key';
import { canSeeAllCases } from '../db/case-visibility';
import type { Db } from '../db/client';
import { sent } from '../db/sent';
import { AppError } from '../lib/errors';
import { errorBodySchema } from '../lib/schemas';
import {
  claimIdempotencyKey,
  deleteExpiredIdempotencyKeys,
  IDEMPOTENCY_CLAIM_STALE_SECONDS,
  refreshIdempotencyClaim,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
  type IdempotencyCaller,
} from '../modules/idempotency/idempotency-keys.repository';
import type { Principal } from '../modules/auth/principal';
import { MultipartFingerprint, multipartBoundary, parsedBodyFingerprint } from './idempotency-fingerprint';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route creates something and takes `Idempotency-Key` (plugins/idempotency.ts). Every POST
     * answering 201 declares it: true, or false with the reason beside it.
     */
    idempotent?: boolean;
    /**
     * The route reads its multipart form itself (in preValidation) and checks the records the form's
     * fields name there. A keyed form's key is claimed before (a retry meets 409 while the upload
     * arrives), but a key it cannot claim (in use, used before) answers only when the route, the
     * fields checked, calls `request.claimFormIdempotencyKey`: a caller the fields' rule refuses gets
     * its 403, never 409 or 422 for the key, nor a stored answer.
     */
    formClaimsKey?: boolean;
  }
  interface FastifyRequest {
    /**
     * For a keyed multipart request to a route with `config.formClaimsKey` whose key could not be
     * claimed before its form was read, called by the route once it checked the form's fields: claims
     * the key now (resolving false: the route goes on and creates), or sends the stored answer again
     * (resolving true: the route stops there), or throws the 409 or 422 of a key in use or used for
     * another request. Null on any other request (nothing to wait for: the route goes on).
     */
    claimFormIdempotencyKey: (() => Promise<boolean>) | null;
  }
}

/** The answer's headers a replay repeats; the rest (Date, Content-Length, encoding) are made anew. */
const REPLAYED_HEADERS = ['content-type', 'location', 'etag', 'last-modified'];

/** Expired keys are deleted at most this often per instance, by the first claim after it. */
const SWEEP_INTERVAL_MS = 60_000;

/** How long a multipart body may take to end after the route read its form (only its epilogue is left). */
const BODY_END_TIMEOUT_MS = 5_000;

/** How often a request still running says so, well within the time after which its claim is stale. */
const CLAIM_REFRESH_MS = (IDEMPOTENCY_CLAIM_STALE_SECONDS * 1000) / 4;

/** A multipart body its route reads itself (`config.formClaimsKey`), hashed as the route reads it. */
interface FormKey {
  read: MultipartFingerprint;
  /** Whether the route has checked the records the form's fields name. */
  checked: boolean;
}

interface HeldKey {
  caller: string;
  key: string;
  claim: string;
  fingerprint: string | null;
  multipart?: MultipartFingerprint;
  /** Keeps the claim fresh while the request runs. */
  refresh: NodeJS.Timeout;
}

/**
 * Whose keys (`IdempotencyCaller`): a user or an API key, with what they hold now (their permissions,
 * hashed: a device sign-in's narrowed token is not its user's browser, a key whose creator was demoted
 * not the key it was) and, for a user who sees cases through groups, the groups they are in. A stored
 * answer goes back only to the caller who could have had it made now.
 */
function callerOf(principal: Principal): IdempotencyCaller {
  const held = createHash('sha256')
    .update([...principal.permissions].sort().join(','))
    .digest('hex');
  if (principal.kind === 'api_key') return { id: `api_key:${principal.apiKeyId}:${held}` };
  const id = `user:${principal.userId}:${held}`;
  return canSeeAllCases(principal) ? { id } : { id, groupsOf: principal.userId };
}

/** The key as sent: the draft's structured-field string (`"…"`), or bare as most clients send it. */
function parseKey(value: string | string[]): string {
  let key = [value].flat().join(', ');
  const quoted = /^"((?:[^"\\]|\\["\\])*)"$/.exec(key);
  if (quoted) key = quoted[1].replace(/\\(["\\])/g, '$1');
  const parsed = idempotencyKeySchema.safeParse(key);
  if (!parsed.success) {
    throw AppError.validation([{ field: IDEMPOTENCY_KEY_HEADER, message: parsed.error.issues[0].message }]);
  }
  return parsed.data;
}

/** Hashes the body's bytes as the route's own reader takes them. */
function fingerprintWhileRead(raw: IncomingMessage, fingerprint: MultipartFingerprint) {
  // Paused first: a 'data' listener would otherwise start the stream flowing before the form's parser
  // is piped to it, and what flowed by would be lost to the parser. pipe() resumes it.
  raw.pause();
  raw.on('data', (chunk: Buffer) => fingerprint.update(chunk));
}

async function fingerprintWholeBody(raw: IncomingMessage, fingerprint: MultipartFingerprint) {
  for await (const chunk of raw) fingerprint.update(chunk as Buffer);
  return fingerprint.digest();
}

/** Reads what is left of a body whose form the route has read (its epilogue), hashed as it goes. */
async function bodyEnd(raw: IncomingMessage) {
  if (raw.readableEnded) return;
  raw.resume();
  await finished(raw, { signal: AbortSignal.timeout(BODY_END_TIMEOUT_MS) });
}

function answerHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

/**
 * `Idempotency-Key` on the routes that create (draft-ietf-httpapi-idempotency-key-header). A
 * request carrying a key claims it for its caller (a user or an API key: two callers' keys never
 * meet) before the route runs; a success is stored with its fingerprint (method, path, body) and
 * answered again, with `Idempotent-Replayed: true` and nothing created, to a retry with the same
 * fingerprint. The same key with another request is 422; a retry while the first still runs is 409
 * with Retry-After. Other answers are not stored and give the key back, so a retry runs anew (a 4xx
 * created nothing, a 5xx may succeed next time).
 *
 * The answer is stored right after the route's own transaction committed, before it is sent, not in
 * that transaction: the routes keep their transactions to themselves. A crash between the two leaves
 * the claim without an answer; after `IDEMPOTENCY_CLAIM_STALE_SECONDS` a retry takes it over and
 * runs again, where waiting 24 hours would only make the client send a new key, and so create twice
 * all the same.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; claimRefreshMs?: number }) => {
    const { db } = opts;
    const held = new WeakMap<FastifyRequest, HeldKey>();
    app.decorateRequest('claimFormIdempotencyKey', null);
    let lastSweep = 0;

    async function sweep(request: FastifyRequest) {
      if (Date.now() - lastSweep < SWEEP_INTERVAL_MS) return;
      lastSweep = Date.now();
      try {
        await deleteExpiredIdempotencyKeys(db);
      } catch (err) {
        request.log.warn({ err }, 'expired idempotency keys not deleted');
      }
    }

    /**
     * Claims the request's key, or answers from it. `form`: a multipart body the route reads itself
     * (`config.formClaimsKey`), hashed as its parser reads it; until the route has checked the form's
     * fields (`checked`), a key it cannot claim answers nothing yet: the route asks again once they are.
     */
    async function claimOrReplay(request: FastifyRequest, reply: FastifyReply, form?: FormKey) {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return;
      const key = parseKey(header);
      if (!request.principal) return;
      const caller = callerOf(request.principal);
      const { method, url: path } = request;
      const boundary = multipartBoundary(request.headers['content-type']);
      await sweep(request);
      // The claim needs no fingerprint (a retry while the first request runs is 409 whatever it sends;
      // the answer is stored with it): the body is hashed while the claim is on its way (issue 38: the
      // canonical JSON of a 1,000-row import took 1 to 2 ms before its first statement).
      const claiming = claimIdempotencyKey(db, { caller, key, method, path, fingerprint: null });
      // Awaited below; until then a failure must not count as unhandled.
      claiming.catch(() => {});
      await sent();
      const fingerprint = boundary ? null : parsedBodyFingerprint(method, path, request.body);
      const result = await claiming;
      if (result.claimed) {
        const target = { caller: result.caller, key, claim: result.claim };
        const refresh = setInterval(() => {
          refreshIdempotencyClaim(db, target).catch((err: unknown) =>
            request.log.warn({ err }, 'idempotency claim not refreshed'),
          );
        }, opts.claimRefreshMs ?? CLAIM_REFRESH_MS);
        refresh.unref();
        const entry: HeldKey = { caller: target.caller, key, claim: target.claim, fingerprint, refresh };
        if (form) entry.multipart = form.read;
        else if (boundary) {
          entry.multipart = new MultipartFingerprint(method, path, boundary);
          fingerprintWhileRead(request.raw, entry.multipart);
        }
        held.set(request, entry);
        return;
      }
      const { row } = result;
      if (form && !form.checked) {
        // In use, or used before: said once the caller's form is known to be theirs to send.
        request.claimFormIdempotencyKey = async () => {
          await claimOrReplay(request, reply, { read: form.read, checked: true });
          // A replay settles once its answer went out (a reply is thenable: it waits for the end).
          return reply.sent;
        };
        return;
      }
      if (row.status === null) {
        const error = new AppError(
          'IDEMPOTENCY_KEY_IN_USE',
          'The same request is still being processed; try again in a moment',
        );
        error.retryAfterSeconds = 1;
        throw error;
      }
      let received = fingerprint;
      if (form) {
        await bodyEnd(request.raw);
        received = form.read.digest();
      } else if (boundary) {
        received = await fingerprintWholeBody(request.raw, new MultipartFingerprint(method, path, boundary));
      }
      if (received !== row.fingerprint) {
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          `This ${IDEMPOTENCY_KEY_HEADER} was used for another request; send a new key with a new request`,
        );
      }
      reply.status(row.status).headers(row.headers ?? {});
      reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return reply.send(row.body);
    }

    // The hooks as Fastify calls them: most requests carry no key, and go on at once, without the
    // promise and the turn of the microtask queue an async hook costs every request.
    function claimIfKeyed(request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) {
      if (request.headers['idempotency-key'] === undefined) return done();
      const boundary = multipartBoundary(request.headers['content-type']);
      if (boundary && request.routeOptions.config?.formClaimsKey) {
        // Claimed now, so a retry meets 409 while the upload arrives; but a key in use or used before
        // answers only once the route has checked the form's fields (`claimFormIdempotencyKey`).
        const read = new MultipartFingerprint(request.method, request.url, boundary);
        fingerprintWhileRead(request.raw, read);
        return claimOrReplay(request, reply, { read, checked: false });
      }
      // A promise: Fastify goes on when it settles (or stops, when it sent the first answer again).
      return claimOrReplay(request, reply);
    }

    function stopRefresh(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
      const entry = held.get(request);
      if (entry) clearInterval(entry.refresh);
      done();
    }

    function keepAnswerIfHeld(
      request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (err: Error | null, payload?: unknown) => void,
    ) {
      if (!held.has(request)) return done(null, payload);
      keepAnswer(request, reply, payload).then((kept) => done(null, kept), done);
    }

    async function keepAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const entry = held.get(request);
      if (!entry) return payload;
      held.delete(request);
      clearInterval(entry.refresh);
      const target = { caller: entry.caller, key: entry.key, claim: entry.claim };
      const isText = typeof payload === 'string' || Buffer.isBuffer(payload);
      try {
        if (reply.statusCode >= 200 && reply.statusCode < 300 && isText) {
          if (entry.multipart) await bodyEnd(request.raw);
          await storeIdempotentAnswer(db, target, {
            fingerprint: entry.multipart?.digest() ?? entry.fingerprint!,
            status: reply.statusCode,
            headers: answerHeaders(reply),
            body: payload.toString(),
          });
        } else {
          await releaseIdempotencyKey(db, target);
        }
      } catch (err) {
        // The work is done and committed: its answer goes out. The claim stays without an answer until
        // it is stale, and a retry then runs again.
        request.log.error({ err }, 'idempotency key not updated');
      }
      return payload;
    }

    const headers = z.looseObject({
      'idempotency-key': idempotencyKeySchema
        .optional()
        .describe(
          'Any unique string (a UUID), sent again when retrying this request: the first answer comes ' +
            'back (with `Idempotent-Replayed: true`) and nothing is created twice. Kept 24 hours per caller.',
        ),
    });

    app.addHook('onRoute', (route) => {
      const url = route.url ?? route.path;
      if (!url.startsWith('/api/')) return;
      const schema = route.schema as
        { response?: Record<number, unknown>; headers?: unknown; description?: string } | undefined;
      const isPost = [route.method].flat().includes('POST');
      const flag = route.config?.idempotent;
      if (route.config?.formClaimsKey && flag !== true) {
        throw new Error(
          `Route ${String(route.method)} ${url}: config.formClaimsKey without config.idempotent`,
        );
      }
      if (isPost && schema?.response?.[201] && flag === undefined) {
        throw new Error(`Route POST ${url} answers 201 but declares no config.idempotent`);
      }
      if (flag !== true || !schema) return;
      if (schema.headers) throw new Error(`Route POST ${url}: idempotency declares the headers schema`);
      schema.headers = headers;
      schema.response = { 409: errorBodySchema, 422: errorBodySchema, ...schema.response };
      const line =
        `Takes \`${IDEMPOTENCY_KEY_HEADER}\`: a retry with the same key and body answers the first ` +
        'result again; the same key with another body is 422, while the first is in progress 409.';
      schema.description = schema.description ? `${schema.description}\n\n${line}` : line;
      route.preValidation = [claimIfKeyed, ...[route.preValidation ?? []].flat()];
      route.onSend = [keepAnswerIfHeld, ...[route.onSend ?? []].flat()];
      // An answer that never got as far as onSend (the client went away first) stops the refresh too.
      route.onResponse = [stopRefresh, ...[route.onResponse ?? []].flat()];
    });
  },
);
