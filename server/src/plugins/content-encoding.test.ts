import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@scamtrail/domain/errors';
import { evidence, idempotencyKeys, identifiers, tags } from '../db/schema/index';
import {
  buildEvidenceApp,
  multipartForm,
  pngBytes,
  type EvidenceTestApp,
} from '../modules/evidence/evidence-test-fixtures';
import { PUBLIC_URL, signedIn, type Client } from '../../test/helpers';
import { requestCodings } from './content-encoding';

let t: EvidenceTestApp;
let admin: Client;
let viewer: Client;

beforeAll(async () => {
  t = await buildEvidenceApp();
  admin = (await signedIn(t, 'admin')).client;
  viewer = (await signedIn(t, 'viewer')).client;
});
afterAll(() => t.close());

/** What a refused request could have written: rows of the tables these routes write, files staged. */
async function footprint() {
  const db = t.database.db;
  const rows = async (table: typeof tags | typeof evidence | typeof identifiers | typeof idempotencyKeys) =>
    (await db.select({ n: count() }).from(table))[0].n;
  const files = await readdir(t.dataDir, { recursive: true, withFileTypes: true });
  return {
    tags: await rows(tags),
    evidence: await rows(evidence),
    identifiers: await rows(identifiers),
    keys: await rows(idempotencyKeys),
    files: files.filter((f) => f.isFile()).map((f) => `${f.parentPath}/${f.name}`),
  };
}

const tagBody = () => JSON.stringify({ name: `encoded-${randomUUID().slice(0, 8)}` });

function gzippedTag(headers: Record<string, string> = {}): InjectOptions {
  return {
    method: 'POST',
    url: '/api/tags',
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', ...headers },
    payload: gzipSync(tagBody()),
  };
}

function expectRefused(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(415);
  expect(res.headers['accept-encoding']).toBe('identity');
  const body = res.json() as ErrorBody;
  expect(body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  expect(body.error.details?.fields).toEqual([expect.objectContaining({ field: 'Content-Encoding' })]);
}

describe('requestCodings', () => {
  it('lists the codings but identity, lower-cased', () => {
    expect(requestCodings(undefined)).toEqual([]);
    expect(requestCodings('identity')).toEqual([]);
    expect(requestCodings(' Identity ')).toEqual([]);
    expect(requestCodings('GZIP')).toEqual(['gzip']);
    expect(requestCodings('identity, br')).toEqual(['br']);
    expect(requestCodings(['deflate', 'gzip'])).toEqual(['deflate', 'gzip']);
  });
});

describe('a request body sent with a Content-Encoding', () => {
  it('is refused with 415 naming the header, and nothing is written', async () => {
    const before = await footprint();
    const encodings: [string, Buffer][] = [
      ['gzip', gzipSync(tagBody())],
      ['deflate', deflateSync(tagBody())],
      ['br', brotliCompressSync(tagBody())],
      ['x-gzip', gzipSync(tagBody())],
      ['identity, gzip', gzipSync(tagBody())],
      // A coding nobody knows, over bytes that happen to be plain JSON: still not read as plain.
      ['zstd', Buffer.from(tagBody())],
    ];
    for (const [encoding, payload] of encodings) {
      const res = await admin.request({
        method: 'POST',
        url: '/api/tags',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        payload,
      });
      expectRefused(res);
      expect((res.json() as ErrorBody).error.message).toContain(encoding.replace('identity, ', ''));
    }
    expect(await footprint()).toEqual(before);
  });

  it('is refused on a PATCH and a DELETE that carry one, before the record is looked up', async () => {
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await admin.request({
        method,
        url: `/api/tags/${randomUUID()}`,
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        payload: gzipSync('{}'),
      });
      expectRefused(res);
    }
  });

  it('is refused after the access rule: anonymous 401, a caller without the permission 403', async () => {
    const anonymous = await t.app.inject({
      ...gzippedTag(),
      headers: { ...gzippedTag().headers, origin: PUBLIC_URL },
    });
    expect(anonymous.statusCode).toBe(401);
    const refused = await viewer.request(gzippedTag());
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as ErrorBody).error.code).toBe('FORBIDDEN');
  });

  it('claims no Idempotency-Key: the same key then creates with the body sent plain', async () => {
    const key = randomUUID();
    const before = await footprint();
    expectRefused(await admin.request(gzippedTag({ 'idempotency-key': key })));
    expect(await footprint()).toEqual(before);
    const plain = await admin.request({
      method: 'POST',
      url: '/api/tags',
      headers: { 'idempotency-key': key },
      payload: JSON.parse(tagBody()) as object,
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.headers['idempotent-replayed']).toBeUndefined();
  });

  it('is refused for a multipart upload, before any of the file is staged or stored', async () => {
    const before = await footprint();
    const form = multipartForm({ title: 'encoded' }, [
      { name: 'shot.png', bytes: pngBytes(), type: 'image/png' },
    ]);
    for (const key of [undefined, randomUUID()]) {
      const res = await admin.request({
        method: 'POST',
        url: '/api/evidence',
        headers: {
          ...form.headers,
          'content-encoding': 'gzip',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        payload: gzipSync(form.payload),
      });
      expectRefused(res);
    }
    expect(await footprint()).toEqual(before);
  });

  it('is refused for a CSV import, whose text would otherwise be read as rows', async () => {
    const before = await footprint();
    const res = await admin.request({
      method: 'POST',
      url: '/api/identifiers/import',
      headers: { 'content-type': 'text/csv', 'content-encoding': 'deflate' },
      payload: deflateSync(`type,address\nemail,${randomUUID().slice(0, 8)}@example.com\n`),
    });
    expectRefused(res);
    expect(await footprint()).toEqual(before);
  });

  it("answers OAuth's form routes in OAuth's error shape", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/device_authorization',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' },
      payload: gzipSync('client_id=scamtrail-cli'),
    });
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toEqual({
      error: 'invalid_request',
      error_description: expect.stringContaining('gzip'),
    });
  });

  it('is read as usual when it is identity, or on a GET', async () => {
    const identity = await admin.request({
      method: 'POST',
      url: '/api/tags',
      headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
      payload: tagBody(),
    });
    expect(identity.statusCode, identity.body).toBe(201);
    const list = await admin.request({
      method: 'GET',
      url: '/api/tags',
      headers: { 'content-encoding': 'gzip' },
    });
    expect(list.statusCode, list.body).toBe(200);
  });
});
