import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Resolves once every request that has started has its answer ready, or after `timeoutMs`;
     * true when they all finished. For a graceful stop: see `closeGracefully`.
     */
    requestsSettled(timeoutMs: number): Promise<boolean>;
  }
}

/**
 * Tracks the requests whose work is still running, from their first hook until their answer is
 * ready (onSend).
 *
 * `app.close()` waits for open connections, not for work: a client that disconnects mid-request takes
 * its connection with it, yet its handler runs on and still needs the database. Stopping waits for
 * these too (`requestsSettled`) before the database is closed under them. A streamed answer is ready
 * at onSend; its reads then hold a pool client, which closing the pool waits for.
 */
export const inFlightPlugin = fp(async (app: FastifyInstance) => {
  const running = new Set<FastifyRequest>();
  const waiters = new Set<() => void>();

  const finish = (request: FastifyRequest) => {
    if (!running.delete(request) || running.size > 0) return;
    for (const wake of waiters) wake();
    waiters.clear();
  };

  // Callback hooks, not async ones: each async hook costs every request a promise and a turn of the
  // microtask queue, for work that never waits.
  app.addHook('onRequest', (request, _reply, done) => {
    running.add(request);
    done();
  });
  // Every answer Fastify sends, errors included, passes onSend (the app never hijacks a reply).
  app.addHook('onSend', (request, _reply, payload, done) => {
    finish(request);
    done(null, payload);
  });

  app.decorate('requestsSettled', (timeoutMs: number) => {
    if (running.size === 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        waiters.delete(wake);
        resolve(false);
      }, timeoutMs);
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      waiters.add(wake);
    });
  });
});
