import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../src/db/schema/index';
import { idempotencyPlugin } from '../src/plugins/idempotency';
import { buildTestApp, signedIn, type TestApp } from './helpers';

/**
 * Every POST that creates something takes `Idempotency-Key`, so a client that lost the answer can
 * retry without creating twice. Read from the OpenAPI document: a create route added later fails
 * here (and the server refuses to start) until it declares `config.idempotent`.
 */

/** Creating POSTs that take no key, each with its reason. */
const WITHOUT_KEY: Record<string, string> = {
  // The answer carries the key's secret, kept nowhere but in that answer; a retry's second key is
  // refused by name (409) while the first is active.
  'POST /api/automations/{id}/api-keys': 'secret in the answer',
};

interface DocOperation {
  parameters?: { in: string; name: string }[];
  responses?: Record<string, unknown>;
}

let t: TestApp;
let paths: Record<string, Record<string, DocOperation>>;

beforeAll(async () => {
  t = await buildTestApp();
  paths = (await t.app.inject('/api/openapi.json')).json().paths;
});
afterAll(() => t.close());

const takesKey = (op: DocOperation) =>
  (op.parameters ?? []).some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');

describe('Idempotency-Key in the OpenAPI document', () => {
  it('every POST answering 201 takes it, but for the listed exceptions', () => {
    const creating = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method, op]) => method === 'post' && op.responses?.['201'])
        .map(([, op]) => ({ key: `POST ${path}`, op })),
    );
    expect(creating.length).toBeGreaterThan(10);
    const missing = creating.filter(({ key, op }) => !takesKey(op) && !WITHOUT_KEY[key]).map((c) => c.key);
    expect(missing).toEqual([]);
    for (const key of Object.keys(WITHOUT_KEY)) {
      const entry = creating.find((c) => c.key === key);
      expect(entry && !takesKey(entry.op), `${key} is listed as taking no key`).toBe(true);
    }
  });

  it('only POSTs take it, and each documents its 409 and 422', () => {
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!takesKey(op)) continue;
        expect(method, path).toBe('post');
        expect(Object.keys(op.responses ?? {}), path).toEqual(expect.arrayContaining(['409', '422']));
      }
    }
  });
});

describe('a create route that says nothing about Idempotency-Key', () => {
  it('stops the server at start', async () => {
    const app = Fastify();
    await app.register(idempotencyPlugin, { db: t.database.db });
    const addRoute = () =>
      app.post('/api/widgets', { schema: { response: { 201: z.object({}) } } }, async () => ({}));
    expect(addRoute).toThrow(/POST \/api\/widgets answers 201 but declares no config.idempotent/);
    await app.close().catch(() => undefined);
  });
});

describe('expired keys', () => {
  it('are deleted by the first request with a key an instance sees', async () => {
    const old = randomUUID();
    await t.database.db.insert(idempotencyKeys).values({
      caller: `user:${randomUUID()}`,
      key: old,
      method: 'POST',
      path: '/api/tags',
      fingerprint: 'f',
      status: 201,
      claimedAt: sql`now() - interval '25 hours'`,
    });
    const { client } = await signedIn(t, 'admin');
    const res = await client.request({
      method: 'POST',
      url: '/api/tags',
      payload: { name: `tag-${randomUUID()}` },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode).toBe(201);
    const left = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, old));
    expect(left).toEqual([]);
  });
});
