import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PUBLIC_URL, signedIn, type TestApp } from '../test/helpers';

let t: TestApp;
let dist: string;
/** The page's inline script, as the build writes the first requests into it (web/vite.config.ts). */
const INLINE_SCRIPT = 'fetch("/api/auth/me")';
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'scamtrail-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><title>Scamtrail</title><script>${INLINE_SCRIPT}</script><div id="root"></div>`,
  );
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await buildTestApp({}, { webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('health', () => {
  it('answers /api/health and /api/ready', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/api/ready')).json()).toEqual({ status: 'ok' });
  });

  it('answers 503 on /api/ready when the database is unreachable, while /api/health stays up', async () => {
    const other = await buildTestApp();
    await other.database.close();
    const ready = await other.app.inject('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('2');
    expect(ready.json()).toEqual({
      error: { code: 'DATABASE_UNAVAILABLE', message: 'Database unreachable' },
    });
    expect((await other.app.inject('/api/health')).statusCode).toBe(200);
    await other.app.close();
  });
});

describe('the SPA and unknown paths', () => {
  it('serves index.html for any non-/api path (history fallback)', async () => {
    for (const url of ['/', '/cases', '/identifiers?type=email', '/no/such/page']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves built assets with long caching', async () => {
    const res = await t.app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves the files of a build made under the running server, and 404s those it removed', async () => {
    // The file server is up (the test above read an asset): a build now writes new files.
    const added = join(dist, 'assets', 'app-def456.js');
    writeFileSync(added, 'console.log(2)');
    try {
      const res = await t.app.inject('/assets/app-def456.js');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('console.log(2)');
    } finally {
      rmSync(added);
    }
    // A file of the build before, named by a page loaded earlier: not index.html, which a browser
    // would refuse as a script and show nothing.
    for (const url of ['/assets/app-def456.js', '/assets/gone-000000.css']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).not.toContain('text/html');
    }
  });

  it('answers 405 with Allow: GET, HEAD for any other method on a page', async () => {
    for (const [method, url] of [
      ['POST', '/cases'],
      ['DELETE', '/identifiers?type=email'],
      ['PUT', '/no/such/page'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { origin: PUBLIC_URL } });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.json().error).toEqual({
        code: 'METHOD_NOT_ALLOWED',
        message: `${method} is not allowed on ${url.split('?')[0]} (GET, HEAD)`,
      });
    }
  });

  it('answers a JSON 404 for unknown /api paths', async () => {
    const res = await t.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for GET /api/no-such-thing' },
    });
  });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff and frame denial', async () => {
    const res = await t.app.inject('/cases');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it("allows the built page's inline script by its hash, and no other inline script", async () => {
    const policy = (await t.app.inject('/identifiers')).headers['content-security-policy'] as string;
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('follows the page when it is built again under the running server', async () => {
    const scriptSrcOf = async () =>
      ((await t.app.inject('/cases')).headers['content-security-policy'] as string)
        .split(';')
        .find((directive) => directive.trim().startsWith('script-src'))
        ?.trim();
    const rebuilt = 'fetch("/api/auth/me?v=2")';
    const page = join(dist, 'index.html');
    const before = readFileSync(page, 'utf8');
    try {
      writeFileSync(page, before.replace(INLINE_SCRIPT, rebuilt));
      const hash = createHash('sha256').update(rebuilt).digest('base64');
      expect(await scriptSrcOf()).toBe(`script-src 'self' 'sha256-${hash}'`);
    } finally {
      writeFileSync(page, before);
    }
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(await scriptSrcOf()).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('sends an API answer, success or error, a policy that allows nothing and the headers that apply to it', async () => {
    const { client } = await signedIn(t, 'admin');
    const answers = [
      await t.app.inject('/api/health'),
      await client.request({ method: 'GET', url: '/api/cases' }),
      await t.app.inject('/api/cases'),
      await t.app.inject('/api/no-such-thing'),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 401, 404]);
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
      // What steers documents only is left off.
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });

  it('gives the API browser under /api/docs the document headers and its own policy', async () => {
    const res = await t.app.inject('/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('error answers', () => {
  it('refuses a text/plain body with 415', async () => {
    const { client } = await signedIn(t, 'admin');
    const res = await client.request({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 400 naming the body for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^body:/);
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2_000_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 414 in the error shape for an over-long path parameter', async () => {
    const res = await t.app.inject(`/api/identifiers/${'A'.repeat(5000)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: { code: 'URI_TOO_LONG', message: 'A path parameter is too long' } });
  });

  it('answers 400 in the error shape for a malformed path', async () => {
    const res = await t.app.inject('/api/%zz');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers 405 with Allow for a method a path does not have', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/health', headers: { origin: PUBLIC_URL } });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET');
    expect(res.json().error.code).toBe('METHOD_NOT_ALLOWED');
    const withId = await t.app.inject({
      method: 'PUT',
      url: '/api/tags/00000000-0000-4000-8000-000000000000',
      headers: { origin: PUBLIC_URL },
    });
    expect(withId.statusCode).toBe(405);
    expect(withId.headers.allow?.split(', ').sort()).toEqual(['DELETE', 'GET', 'PATCH']);
  });
});

describe('OpenAPI', () => {
  it('documents the routes at /api/openapi.json and serves the browser at /api/docs', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/me', '/api/users', '/api/users/{id}']),
    );
    const docs = await t.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});
