import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PublicWriteLimit } from '../config';
import { AppError } from '../lib/errors';
import { throttleAddress } from '../modules/auth/login-throttle';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is open to anyone (`access.public()`) and writes to the database: its calls are
     * counted per client address, and with `overall` across all addresses too; one past the limit is
     * refused (429, Retry-After) before anything is read or written. Every public route that writes
     * declares it (server/test/public-write-limits.test.ts).
     */
    publicWrites?: { overall: boolean };
  }
}

interface Window {
  startedAt: number;
  count: number;
}

function tooMany(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return AppError.tooManyRequests(
    `Too many requests from your network. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
    seconds,
  );
}

/**
 * Bounds the anonymous routes that write (sign-in, passkey sign-in options and sign-in, device
 * sign-in): without it anyone could make the database write a row per request (a WebAuthn challenge,
 * a device authorization request, a sign-in attempt) as fast as they can send them.
 *
 * Counted in memory, in fixed windows, per route and client address (`request.ip`, which follows
 * X-Forwarded-For only from TRUST_PROXY's proxies; an IPv6 address counts by its /64 as the sign-in
 * throttle does), and per route overall where the route asks for it. Counting in the database, as the
 * sign-in throttle's failures are, would itself be a write per request, the very thing to bound. The
 * counts are per process: with several instances each allows its own budget, still a fixed bound.
 * Memory: an address's count is forgotten when its window is over; with `overall`, a window holds at
 * most `overall` addresses, since a refused call is not counted.
 *
 * Registered before admission: a refused call takes no place in the queue and costs no query.
 */
export const publicWriteLimitPlugin = fp(async (app: FastifyInstance, limit: PublicWriteLimit) => {
  const byRoute = new Map<string, { overall: Window; byAddress: Map<string, Window> }>();
  let sweptAt = Date.now();

  const sweep = (now: number) => {
    if (now - sweptAt < limit.windowMs) return;
    sweptAt = now;
    for (const counts of byRoute.values()) {
      for (const [address, window] of counts.byAddress) {
        if (now - window.startedAt >= limit.windowMs) counts.byAddress.delete(address);
      }
    }
  };

  /** The window of `now`, a new one when the last is over. */
  const current = (window: Window | undefined, now: number): Window =>
    window && now - window.startedAt < limit.windowMs ? window : { startedAt: now, count: 0 };

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const rule = request.routeOptions.config?.publicWrites;
    if (!rule) return;
    const now = Date.now();
    sweep(now);
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    let counts = byRoute.get(route);
    if (!counts) {
      counts = { overall: { startedAt: now, count: 0 }, byAddress: new Map() };
      byRoute.set(route, counts);
    }
    const address = throttleAddress(request.ip);
    const mine = current(counts.byAddress.get(address), now);
    if (mine.count >= limit.perAddress) {
      throw tooMany((mine.startedAt + limit.windowMs - now) / 1000);
    }
    counts.overall = current(counts.overall, now);
    if (rule.overall && counts.overall.count >= limit.overall) {
      throw tooMany((counts.overall.startedAt + limit.windowMs - now) / 1000);
    }
    mine.count += 1;
    counts.overall.count += 1;
    counts.byAddress.set(address, mine);
  });
});
