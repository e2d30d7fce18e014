import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorsPlugin, frameworkErrors } from '../../plugins/errors';
import { acceptsTaxii, TAXII_MEDIA_TYPE, taxiiFrameworkErrors, taxiiProtocol } from './taxii.http';

/**
 * TAXII's HTTP rules on their own (`taxii.http.ts`): a database fault on a TAXII route is a 503 in
 * TAXII's error message with its Retry-After, while an API route beside it keeps the API's shape; and
 * the Accept headers admitted. `taxii.test.ts` checks the other errors through the real routes.
 */

async function appWithFault() {
  const app = Fastify();
  await app.register(errorsPlugin);
  const busy = () =>
    Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
  await app.register(async (taxii) => {
    await taxiiProtocol(taxii, '/taxii2');
    taxii.get('/taxii2/busy/', async () => {
      throw busy();
    });
  });
  app.get('/api/busy', async () => {
    throw busy();
  });
  return app;
}

describe('TAXII HTTP rules', () => {
  it('answers a database fault as a 503 TAXII error message with Retry-After, the API as before', async () => {
    const app = await appWithFault();
    const res = await app.inject({
      method: 'GET',
      url: '/taxii2/busy/',
      headers: { accept: TAXII_MEDIA_TYPE },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe(TAXII_MEDIA_TYPE);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toEqual({
      title: 'Service Unavailable',
      description: expect.any(String),
      error_id: expect.any(String),
      error_code: 'DATABASE_UNAVAILABLE',
      http_status: '503',
    });
    const api = await app.inject({ method: 'GET', url: '/api/busy' });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toEqual({ error: { code: 'DATABASE_UNAVAILABLE', message: expect.any(String) } });
    await app.close();
  });

  it("answers the router's refusals under the prefix as TAXII's error message, elsewhere as before", async () => {
    const app = Fastify({
      routerOptions: { maxParamLength: 20 },
      frameworkErrors: taxiiFrameworkErrors(frameworkErrors, '/taxii2'),
    });
    await app.register(errorsPlugin);
    for (const prefix of ['/taxii2', '/taxii2x', '/api']) {
      app.get(`${prefix}/objects/:id/`, async () => ({}));
    }
    const long = 'a'.repeat(21);
    for (const [url, status, code] of [
      ['/taxii2/objects/%E0%A4%A/', 400, 'BAD_REQUEST'],
      [`/taxii2/objects/${long}/`, 414, 'URI_TOO_LONG'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toBe(TAXII_MEDIA_TYPE);
      expect(res.json(), url).toEqual({
        title: status === 400 ? 'Bad Request' : 'URI Too Long',
        description: expect.any(String),
        error_id: expect.any(String),
        error_code: code,
        http_status: String(status),
      });
    }
    for (const url of ['/taxii2x/objects/%E0%A4%A/', `/api/objects/${long}/`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    }
    await app.close();
  });

  it('admits TAXII 2.1 by its type, without a version, or by a range; refuses the rest', () => {
    for (const header of [
      undefined,
      '',
      'application/taxii+json;version=2.1',
      'application/taxii+json ; version = "2.1"',
      'application/taxii+json',
      '*/*',
      'application/*;q=0.1',
      'text/html, */*;q=0.8',
    ]) {
      expect(acceptsTaxii(header), String(header)).toBe(true);
    }
    for (const header of [
      'application/json',
      'application/taxii+json;version=2.0',
      'application/stix+json;version=2.1',
      '*/*;q=0',
      'application/taxii+json;q=0, */*',
      'application/taxii+json;version=2.1;q=0, application/taxii+json',
      'garbage',
    ]) {
      expect(acceptsTaxii(header), header).toBe(false);
    }
  });
});
