import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { CHALLENGE_TTL_MS } from '@scamtrail/domain/passkeys';
import { webauthnChallenges } from '../src/db/schema/index';
import { buildTestApp, PUBLIC_URL, type TestApp } from './helpers';

/**
 * Every operation anyone may call (Access: anyone) that writes to the database is bounded per client
 * address, and those creating rows for nobody yet overall too (plugins/public-write-limit.ts): past
 * its limit from one address it answers 429 with Retry-After, writing nothing, while another address
 * still gets through. The lists below are checked against the OpenAPI document and the routes, so a
 * public write added later fails here until it is limited.
 */

const PER_ADDRESS = 3;
const OVERALL = 8;

const FORM = 'application/x-www-form-urlencoded';

/** Each public operation that writes, with a request it takes (its answer does not matter here). */
const PUBLIC_WRITES: Record<string, { overall: boolean; request: (n: number) => InjectOptions }> = {
  // Writes a sign-in attempt (a failure until it succeeds) and, on success, a session.
  'POST /api/auth/login': {
    overall: false,
    request: (n) => ({
      payload: { email: `nobody-${n}@example.org`, password: 'not the password' },
    }),
  },
  // Writes a WebAuthn challenge for nobody yet.
  'POST /api/auth/passkey/options': { overall: true, request: () => ({ payload: {} }) },
  // Uses up a challenge and, on success, writes a session.
  'POST /api/auth/passkey/login': {
    overall: false,
    request: () => ({
      payload: {
        response: {
          id: 'AA',
          rawId: 'AA',
          type: 'public-key',
          clientExtensionResults: {},
          response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
        },
      },
    }),
  },
  // Writes a device authorization request for nobody yet.
  'POST /api/oauth/device_authorization': {
    overall: true,
    request: () => ({
      headers: { 'content-type': FORM },
      payload: 'client_id=scamtrail-cli',
    }),
  },
  // Records a poll, exchanges a device code or refresh token for a session.
  'POST /api/oauth/token': {
    overall: false,
    request: () => ({
      headers: { 'content-type': FORM },
      payload:
        'grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code=unknown&client_id=scamtrail-cli',
    }),
  },
};

/** The operations anyone may call that only read. */
const PUBLIC_READS = ['GET /api/health', 'GET /api/ready'];

async function call(
  t: TestApp,
  key: string,
  n: number,
  from: { forwardedFor?: string; remoteAddress?: string },
): Promise<LightMyRequestResponse> {
  const [method, url] = key.split(' ');
  const options = PUBLIC_WRITES[key].request(n);
  return t.app.inject({
    ...options,
    method: method as 'POST',
    url,
    remoteAddress: from.remoteAddress ?? '127.0.0.1',
    headers: {
      origin: PUBLIC_URL,
      ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}),
      ...(options.headers ?? {}),
    },
  });
}

function expectRefused(res: LightMyRequestResponse, key: string) {
  expect(res.statusCode, `${key}: ${res.body}`).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter, key).toBeGreaterThanOrEqual(1);
  expect(retryAfter, key).toBeLessThanOrEqual(60);
}

let counter = 0;

describe('public writes behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      { TRUST_PROXY: '127.0.0.1' },
      { publicWriteLimit: { windowMs: 60_000, perAddress: PER_ADDRESS, overall: OVERALL } },
    );
  });
  afterAll(() => t.close());

  it('the list of public writes is the document’s public operations that are not reads', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const publicOperations: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.description?.includes('Access: anyone.')) {
          publicOperations.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
        }
      }
    }
    expect(publicOperations.sort()).toEqual([...Object.keys(PUBLIC_WRITES), ...PUBLIC_READS].sort());

    // The routes too, hidden or not: every public one but the reads declares its limit.
    const publicRoutes = t.routes.filter((route) => route.config?.access?.kind === 'public');
    for (const route of publicRoutes) {
      for (const method of [route.method].flat().filter((m) => m !== 'HEAD')) {
        const key = `${method} ${route.url}`;
        if (PUBLIC_READS.includes(key)) {
          expect(route.config?.publicWrites, key).toBeUndefined();
          continue;
        }
        expect(Object.keys(PUBLIC_WRITES), key).toContain(key);
        expect(route.config?.publicWrites, key).toEqual({ overall: PUBLIC_WRITES[key].overall });
      }
    }
  });

  it('documents the 429 with Retry-After on each', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>;
    };
    for (const key of Object.keys(PUBLIC_WRITES)) {
      const [method, path] = key.split(' ');
      const tooMany = doc.paths[path][method.toLowerCase()].responses['429'];
      expect(tooMany, key).toBeDefined();
      expect(tooMany.headers, key).toHaveProperty('retry-after');
    }
  });

  for (const key of Object.keys(PUBLIC_WRITES)) {
    it(`${key}: refused past its limit from one address, not from another`, async () => {
      const one = `203.0.113.${++counter}`;
      const other = `198.51.100.${counter}`;
      for (let i = 0; i < PER_ADDRESS; i++) {
        const res = await call(t, key, ++counter, { forwardedFor: one });
        expect(res.statusCode, `${key}: ${res.body}`).not.toBe(429);
      }
      expectRefused(await call(t, key, ++counter, { forwardedFor: one }), key);
      const fromOther = await call(t, key, ++counter, { forwardedFor: other });
      expect(fromOther.statusCode, `${key}: ${fromOther.body}`).not.toBe(429);
    });
  }

  it('counts an IPv6 address by its /64', async () => {
    const key = 'POST /api/auth/passkey/options';
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect((await call(t, key, i, { forwardedFor: `2001:db8:1:2::${i + 1}` })).statusCode).toBe(200);
    }
    expectRefused(await call(t, key, 0, { forwardedFor: '2001:db8:1:2::ffff' }), key);
    expect((await call(t, key, 0, { forwardedFor: '2001:db8:1:3::1' })).statusCode).toBe(200);
  });

  for (const [key] of Object.entries(PUBLIC_WRITES).filter(([, write]) => write.overall)) {
    it(`${key}: refused past its overall limit, from any address`, async () => {
      // A fresh app: the counts of the tests above are its own.
      const fresh = await buildTestApp(
        { TRUST_PROXY: '127.0.0.1' },
        { publicWriteLimit: { windowMs: 60_000, perAddress: PER_ADDRESS, overall: OVERALL } },
      );
      try {
        for (let i = 0; i < OVERALL; i++) {
          const res = await call(fresh, key, i, { forwardedFor: `192.0.2.${i + 1}` });
          expect(res.statusCode, `${key}: ${res.body}`).not.toBe(429);
        }
        expectRefused(await call(fresh, key, 0, { forwardedFor: '192.0.2.200' }), key);
      } finally {
        await fresh.close();
      }
    });
  }
});

describe('public writes without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      {},
      { publicWriteLimit: { windowMs: 60_000, perAddress: PER_ADDRESS, overall: 1000 } },
    );
  });
  afterAll(() => t.close());

  it('a forged X-Forwarded-For gets no fresh budget; another peer address does', async () => {
    const key = 'POST /api/auth/passkey/options';
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect((await call(t, key, i, { forwardedFor: `203.0.113.${i + 1}` })).statusCode).toBe(200);
    }
    expectRefused(await call(t, key, 0, { forwardedFor: '203.0.113.99' }), key);
    expect((await call(t, key, 0, { remoteAddress: '127.0.0.2' })).statusCode).toBe(200);
  });

  it('a refused call stores no challenge, and expired challenges are removed', async () => {
    const { db } = t.database;
    const stored = async () => (await db.select({ n: count() }).from(webauthnChallenges))[0].n;
    const before = await stored();
    expectRefused(await call(t, 'POST /api/auth/passkey/options', 0, {}), 'refused');
    expect(await stored()).toBe(before);

    const longAgo = new Date(Date.now() - 3 * CHALLENGE_TTL_MS);
    await db.insert(webauthnChallenges).values({
      challenge: 'expired-long-ago',
      purpose: 'authentication',
      createdAt: longAgo,
      expiresAt: new Date(longAgo.getTime() + CHALLENGE_TTL_MS),
    });
    expect(
      (await call(t, 'POST /api/auth/passkey/options', 0, { remoteAddress: '127.0.0.3' })).statusCode,
    ).toBe(200);
    const left = await db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, 'expired-long-ago'));
    expect(left).toEqual([]);
  });
});
