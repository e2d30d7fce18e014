import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

export interface AdmissionOptions {
  /** /api requests allowed in progress at once; the others wait their turn. */
  maxInProgress: number;
  /** Requests allowed to wait; one more is answered 503 with Retry-After. */
  queueLength: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * False for routes that must not wait their turn: health and readiness answer while the API is
     * saturated; sign-in may wait out a throttle delay inside its request and must not hold a slot
     * (what bounds sign-in instead is its budget per address and the limit on password hashes running
     * at once, lib/password.ts).
     */
    queued?: boolean;
  }
  interface FastifyInstance {
    /** How many /api requests are in progress and how many wait (for tests and diagnostics). */
    admissionState(): { inProgress: number; waiting: number };
  }
}

/** Weight of the newest sample in the running mean of how long a request holds its slot. */
const HOLD_SMOOTHING = 0.1;

function busy(retryAfterSeconds: number): AppError {
  return new AppError(
    'UNAVAILABLE',
    `The server is busy; try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`,
  );
}

/**
 * Admission control for /api: at most `maxInProgress` requests run at once and the rest wait in
 * arrival order (first come, first served) in a queue of at most `queueLength`; beyond that a
 * request is answered 503 at once with Retry-After, before it costs a query. Without it, every
 * request's queries interleave at the database (one PGlite connection, or the pool), so each
 * request takes longer the more there are and nothing bounds the wait.
 *
 * Registered before authentication, whose session lookup is itself a query. A slot is released when
 * the answer is ready (onSend: what is left is writing it out) or when the client goes away, and a
 * request that leaves the queue before its turn gives up its place.
 */
export const admissionPlugin = fp(async (app: FastifyInstance, opts: AdmissionOptions) => {
  let inProgress = 0;
  // A Set iterates in insertion order: the first waiter is the longest waiting, and one that leaves
  // is removed in O(1).
  const waiting = new Set<() => void>();
  let meanHoldMs = 10;
  const releases = new WeakMap<FastifyRequest, () => void>();

  app.decorate('admissionState', () => ({ inProgress, waiting: waiting.size }));

  const passSlotOn = () => {
    const next = waiting.values().next();
    if (next.done) {
      inProgress -= 1;
      return;
    }
    waiting.delete(next.value);
    next.value();
  };

  const retryAfterSeconds = () =>
    Math.max(1, Math.ceil(((waiting.size + 1) * meanHoldMs) / opts.maxInProgress / 1000));

  const isQueued = (request: FastifyRequest) => {
    const path = request.url.split('?', 1)[0];
    return path.startsWith('/api/') && request.routeOptions.config.queued !== false;
  };

  /** The request holds a slot from now until its answer is ready or its client goes away. */
  const hold = (request: FastifyRequest, reply: FastifyReply) => {
    const admittedAt = performance.now();
    let isHeld = true;
    const release = () => {
      if (!isHeld) return;
      isHeld = false;
      meanHoldMs += HOLD_SMOOTHING * (performance.now() - admittedAt - meanHoldMs);
      passSlotOn();
    };
    releases.set(request, release);
    reply.raw.once('close', release);
  };

  // A callback hook: the common case (a free slot) goes on at once, without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isQueued(request)) return done();
    if (inProgress < opts.maxInProgress) {
      inProgress += 1;
      hold(request, reply);
      return done();
    }
    if (waiting.size >= opts.queueLength) {
      const seconds = retryAfterSeconds();
      reply.header('retry-after', String(seconds));
      return done(busy(seconds));
    }
    // Admitted from another request's onSend: this one goes on in a later microtask, not inside it.
    const admit = () => {
      reply.raw.off('close', leave);
      hold(request, reply);
      queueMicrotask(() => done());
    };
    const leave = () => {
      waiting.delete(admit);
      done(busy(1));
    };
    waiting.add(admit);
    reply.raw.once('close', leave);
  });

  app.addHook('onSend', (request, _reply, payload, done) => {
    releases.get(request)?.();
    done(null, payload);
  });
});
