import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors';

/**
 * Routes read forms through readMultipartForm; a form read any other way (here `request.file()`)
 * must still answer a body the parser cannot read with a 400, not the generic 500.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  await app.register(multipart);
  app.post('/api/raw-form', async (request) => {
    const file = await request.file();
    await file?.toBuffer();
    return { ok: true };
  });
  app.post('/api/broken', async () => {
    throw new Error('Unexpected end of multipart data');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const part = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n`;

describe('the error handler answers a malformed form read outside readMultipartForm', () => {
  it.each([
    ['no boundary', 'multipart/form-data', `${part('b1')}--b1--\r\n`],
    ['a mismatched boundary', 'multipart/form-data; boundary=b2', `${part('b1')}--b1--\r\n`],
    [
      'a boundary over 256 characters',
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
      part('b'.repeat(300)),
    ],
    ['an unterminated body', 'multipart/form-data; boundary=b1', part('b1').slice(0, 70)],
  ])('%s: 400 naming the body', async (_label, contentType, payload) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/raw-form',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: [{ field: 'body' }] },
    });
  });

  it('leaves the same message from a request that is not a form to the generic 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/broken', payload: { a: 1 } });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL');
  });
});
