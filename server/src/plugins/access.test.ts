import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PUBLIC_URL, signedIn, type Client, type TestApp } from '../../test/helpers';
import { automationWithKey } from '../../test/originator-helpers';
import { authPlugin } from './auth';

let t: TestApp;
let viewer: Client;
beforeAll(async () => {
  t = await buildTestApp();
  viewer = (await signedIn(t, 'viewer')).client;
});
afterAll(async () => {
  await t.close();
});

const anonymous = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { origin: PUBLIC_URL }, ...(payload ? { payload } : {}) } as never);

describe('who may call a route is decided before what was sent is validated', () => {
  it('an anonymous caller gets 401 whatever the body, id or query', async () => {
    expect((await anonymous('POST', '/api/tags', [1])).statusCode).toBe(401);
    expect((await anonymous('GET', '/api/users/not-a-uuid')).statusCode).toBe(401);
    expect((await anonymous('GET', '/api/identifiers?page=-4&type=nope')).statusCode).toBe(401);
  });

  it('a viewer gets 403 for a tag create with a junk body', async () => {
    expect((await viewer.post('/api/tags', [1])).statusCode).toBe(403);
    expect((await viewer.post('/api/tags', { name: 'ok' })).statusCode).toBe(403);
  });

  it('an API key lacking the scope gets 403 before its body is read', async () => {
    const admin = (await signedIn(t, 'admin')).client;
    const { caller } = await automationWithKey(t, admin, ['tag.view']);
    expect((await caller.post('/api/tags', 'not json at all')).statusCode).toBe(403);
  });
});

describe('each refusal says why, in the error envelope', () => {
  const refusal = (res: { statusCode: number; json(): unknown }) => ({
    status: res.statusCode,
    ...(res.json() as { error: { code: string; message: string } }).error,
  });

  it('anonymous, without a session, without a permission, and as an API key where a person is needed', async () => {
    const admin = (await signedIn(t, 'admin')).client;
    const { caller } = await automationWithKey(t, admin, ['tag.view']);
    expect(refusal(await anonymous('GET', '/api/auth/me'))).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Authentication required',
    });
    expect(refusal(await caller.post('/api/auth/logout', {}))).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'This action needs a signed-in session',
    });
    expect(refusal(await caller.get('/api/auth/me'))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'This action needs a signed-in user',
    });
    expect(refusal(await viewer.post('/api/tags', { name: 'ok' }))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'You do not have permission to perform this action.',
    });
  });

  it('a state-changing request from another origin, before who is calling is even asked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { origin: 'https://evil.example' },
      payload: { name: 'ok' },
    });
    expect(refusal(res)).toMatchObject({
      status: 403,
      code: 'CROSS_ORIGIN',
      message: 'Cross-origin request refused: the Origin header must match the application',
    });
  });
});

describe('sign-out needs a session', () => {
  it('answers 401 to an anonymous caller', async () => {
    const res = await anonymous('POST', '/api/auth/logout', {});
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 to an API key', async () => {
    const admin = (await signedIn(t, 'admin')).client;
    const { caller } = await automationWithKey(t, admin, ['tag.view']);
    expect((await caller.post('/api/auth/logout', {})).statusCode).toBe(401);
  });

  it('signs a session out', async () => {
    const { client } = await signedIn(t, 'viewer');
    expect((await client.post('/api/auth/logout', {})).statusCode).toBe(204);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });
});

describe('every documented route declares who may call it', () => {
  it('refuses to start with an /api route that declares no access', async () => {
    const app = Fastify();
    await app.register(authPlugin, {
      db: t.database.db,
      publicUrl: 'http://localhost',
      sessionIdleMs: 1,
      sessionMaxMs: 1,
      deviceSessionIdleMs: 1,
      deviceSessionMaxMs: 1,
    });
    await app.ready();
    expect(() => app.get('/api/open-by-mistake', async () => ({ ok: true }))).toThrow(
      'GET /api/open-by-mistake declares no config.access',
    );
    await app.close();
  });

  it('says who may call each operation in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.paths['/api/tags'].post.description).toContain('holding `tag.create`');
    expect(doc.paths['/api/auth/login'].post.description).toContain('Access: anyone.');
  });
});
