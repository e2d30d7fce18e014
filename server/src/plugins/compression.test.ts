import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type TestApp } from '../../test/helpers';
import { chooseEncoding, COMPRESSION_THRESHOLD_BYTES, IN_PLACE_COMPRESSION_MAX_BYTES } from './compression';

const APP_JS = `console.log(${JSON.stringify('scamtrail '.repeat(400))});`;
const PLAIN_JS = `console.log(${JSON.stringify('not precompressed '.repeat(200))});`;
const INDEX_HTML = `<!doctype html><title>Scamtrail</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;

const APP_JS_BR = brotliCompressSync(APP_JS);
const APP_JS_GZ = gzipSync(APP_JS);

let t: TestApp;
let dist: string;
beforeAll(async () => {
  // A build as web/vite.config.ts leaves it: .br and .gz beside the files worth compressing.
  dist = mkdtempSync(join(tmpdir(), 'scamtrail-dist-'));
  mkdirSync(join(dist, 'assets'));
  for (const [path, text] of [
    ['index.html', INDEX_HTML],
    ['assets/app-abc123.js', APP_JS],
  ]) {
    writeFileSync(join(dist, path), text);
    writeFileSync(join(dist, `${path}.br`), path === 'index.html' ? brotliCompressSync(text) : APP_JS_BR);
    writeFileSync(join(dist, `${path}.gz`), path === 'index.html' ? gzipSync(text) : APP_JS_GZ);
  }
  writeFileSync(join(dist, 'assets', 'plain-def456.js'), PLAIN_JS);
  t = await buildTestApp({}, { webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('API answers', () => {
  it('a large JSON answer comes back in Brotli, or gzip, as the client asks, with its headers intact', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const br = await get('/api/openapi.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('a page-sized JSON answer is compressed in one piece, in Brotli or gzip, as the client asks', async () => {
    const { client } = await signedIn(t, 'admin');
    for (let i = 0; i < 6; i += 1) await signedIn(t, 'investigator');
    const plain = await client.get('/api/users?pageSize=100');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(plain.rawPayload.length).toBeLessThan(IN_PLACE_COMPRESSION_MAX_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await client.request({
      url: '/api/users?pageSize=100',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-length']).toBe(String(br.rawPayload.length));
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await client.request({
      url: '/api/users?pageSize=100',
      headers: { 'accept-encoding': 'br;q=0.5, gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const refused = await client.request({
      url: '/api/users?pageSize=100',
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
  });

  it('chooses the accepted encoding of the higher weight, Brotli on a tie', () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('x-gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity, deflate')).toBeUndefined();
  });

  it('a small answer is sent as it is', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('an error answer keeps its shape when the client accepts compression', async () => {
    const res = await get('/api/users', 'br, gzip');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
  });
});

describe('the web app files', () => {
  it('serve the precompressed sibling the client accepts, compressed once, with long caching', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    // The sibling's own bytes: not compressed again, nor compressed afresh per request.
    expect(br.rawPayload.equals(APP_JS_BR)).toBe(true);

    const gzip = await get('/assets/app-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(APP_JS_GZ)).toBe(true);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('serve a file without siblings as it is, never compressing it per request', async () => {
    const res = await get('/assets/plain-def456.js', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(PLAIN_JS);
  });

  it('serve the precompressed index.html for deep links', async () => {
    const res = await get('/identifiers', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('give the compressed siblings no routes of their own', async () => {
    const res = await get('/assets/app-abc123.js.br');
    // Not a file of the web app: under /assets/ a file that is not there is a 404.
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
