import { request as httpRequest, type ClientRequest } from 'node:http';
import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, PUBLIC_URL, type TestApp } from '../../test/helpers';
import { admissionPlugin } from './admission';
import { errorsPlugin } from './errors';

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
}
function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Per request name: when its handler starts, and the gate it waits on before answering. */
let started: string[];
let gates: Map<string, Deferred>;
let app: FastifyInstance;
let origin: string;
/** Set when a test is over: every gate, even one not created yet, is open. */
let isOver: boolean;

const gate = (name: string) => {
  if (!gates.has(name)) gates.set(name, deferred());
  if (isOver) gates.get(name)!.resolve();
  return gates.get(name)!;
};

beforeEach(async () => {
  started = [];
  gates = new Map();
  isOver = false;
  app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  await app.register(admissionPlugin, { maxInProgress: 1, queueLength: 2 });
  app.get<{ Params: { name: string } }>('/api/hold/:name', async (request) => {
    started.push(request.params.name);
    await gate(request.params.name).promise;
    return { name: request.params.name };
  });
  app.get<{ Params: { name: string } }>('/api/fail/:name', async (request) => {
    started.push(request.params.name);
    await gate(request.params.name).promise;
    throw new Error('the database went away');
  });
  app.get('/api/health', { config: { queued: false } }, async () => ({ status: 'ok' }));
  app.get('/outside', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});
afterEach(async () => {
  isOver = true;
  for (const g of gates.values()) g.resolve();
  await app.close();
});

interface Answer {
  status: number;
  retryAfter?: string;
  body: { name?: string; error?: { code: string; message: string } };
}

/** A real HTTP request; `sent` exposes it so a test can abort it. */
function get(path: string) {
  let sent!: ClientRequest;
  const answer = new Promise<Answer>((resolve, reject) => {
    sent = httpRequest(`${origin}${path}`, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: res.headers['retry-after'] as string | undefined,
          body: JSON.parse(text),
        }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
  return { answer, sent };
}

const state = () => app.admissionState();
const until = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 5 });

describe('admission queue', () => {
  it('runs waiting requests first come, first served', async () => {
    const a = get('/api/hold/a');
    await until(() => expect(started).toEqual(['a']));
    const b = get('/api/hold/b');
    await until(() => expect(state().waiting).toBe(1));
    const c = get('/api/hold/c');
    await until(() => expect(state().waiting).toBe(2));

    gate('a').resolve();
    expect((await a.answer).body).toEqual({ name: 'a' });
    await until(() => expect(started).toEqual(['a', 'b']));
    expect(state()).toEqual({ inProgress: 1, waiting: 1 });
    gate('b').resolve();
    await b.answer;
    await until(() => expect(started).toEqual(['a', 'b', 'c']));
    gate('c').resolve();
    await c.answer;
    expect(state()).toEqual({ inProgress: 0, waiting: 0 });
  });

  it('answers 503 with Retry-After when the queue is full, without waiting, and never queues health', async () => {
    get('/api/hold/a');
    await until(() => expect(started).toEqual(['a']));
    get('/api/hold/b');
    get('/api/hold/c');
    await until(() => expect(state().waiting).toBe(2));

    const refused = await get('/api/hold/d').answer;
    expect(refused.status).toBe(503);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(refused.body).toEqual({
      error: {
        code: 'UNAVAILABLE',
        message: expect.stringMatching(/^The server is busy; try again in \d+ seconds?$/),
      },
    });
    expect(started).toEqual(['a']);
    expect((await get('/api/health').answer).status).toBe(200);
    expect((await get('/outside').answer).status).toBe(200);
    expect(state()).toEqual({ inProgress: 1, waiting: 2 });
  });

  it('releases the slot of a request that fails', async () => {
    const a = get('/api/fail/a');
    await until(() => expect(started).toEqual(['a']));
    const b = get('/api/hold/b');
    await until(() => expect(state().waiting).toBe(1));
    gate('a').resolve();
    expect((await a.answer).status).toBe(500);
    await until(() => expect(started).toEqual(['a', 'b']));
    gate('b').resolve();
    expect((await b.answer).status).toBe(200);
    expect(state()).toEqual({ inProgress: 0, waiting: 0 });
  });

  it('a client that goes away while waiting leaves the queue, and one in progress gives its slot back', async () => {
    const a = get('/api/hold/a');
    a.answer.catch(() => {});
    await until(() => expect(started).toEqual(['a']));
    const b = get('/api/hold/b');
    b.answer.catch(() => {});
    await until(() => expect(state().waiting).toBe(1));

    b.sent.destroy();
    await until(() => expect(state()).toEqual({ inProgress: 1, waiting: 0 }));
    a.sent.destroy();
    await until(() => expect(state()).toEqual({ inProgress: 0, waiting: 0 }));

    const c = get('/api/hold/c');
    await until(() => expect(started).toEqual(['a', 'c']));
    gate('c').resolve();
    expect((await c.answer).status).toBe(200);
    expect(started).not.toContain('b');
  });
});

describe('admission in the application', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ADMISSION_MAX_IN_PROGRESS: '1', ADMISSION_QUEUE_LENGTH: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('queues /api requests and answers 503 when full; health and sign-in are not queued', async () => {
    // A request whose body is still arriving holds the only slot.
    const body = new PassThrough();
    const held = t.app.inject({
      method: 'POST',
      url: '/api/no-such-route',
      headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
      payload: body,
    });
    await until(() => expect(t.app.admissionState().inProgress).toBe(1));

    const refused = await t.app.inject({ method: 'GET', url: '/api/identifiers' });
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json().error.code).toBe('UNAVAILABLE');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // Sign-in is not queued: a throttled attempt waits inside its request.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: PUBLIC_URL },
      payload: {},
    });
    expect(signIn.statusCode).toBe(400);

    body.end('{}');
    expect((await held).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/identifiers' })).statusCode).toBe(401);
    expect(t.app.admissionState()).toEqual({ inProgress: 0, waiting: 0 });
  });
});
