import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PUBLIC_URL, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { countIdentifiers } from './identifier-test-fixtures';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
});
afterAll(async () => {
  await t.close();
});

const fieldsOf = (body: { error: { details?: { fields?: { field: string }[] } } }) =>
  (body.error.details?.fields ?? []).map((f) => f.field);

describe('bad identifier input answers 400 naming the field, with nothing saved', () => {
  it.each([
    ['no type', { data: { address: 'a@b.co' } }, 'type', 'Please select an identifier type'],
    ['an unknown type', { type: 'fax', data: {} }, 'type', 'Invalid identifier type'],
    ['a numeric type', { type: 7, data: {} }, 'type', 'Invalid identifier type'],
    ['data as a string', { type: 'email', data: 'a@b.co' }, 'data', 'Identifier data must be an object'],
    ['data as an array', { type: 'email', data: ['a@b.co'] }, 'data', 'Identifier data must be an object'],
    [
      'a number for a field',
      { type: 'email', data: { address: 42 } },
      'data.address',
      'Email Address must be text',
    ],
    [
      'a bad e-mail',
      { type: 'email', data: { address: 'nope' } },
      'data.address',
      'Please enter a valid email address',
    ],
    [
      'a blank required field',
      { type: 'email', data: { address: '  ' } },
      'data.address',
      'Email Address is required',
    ],
    [
      'a bad country code',
      { type: 'phone', data: { countryCode: '+12345', number: '5551234567' } },
      'data.countryCode',
      'Country code must be 1-4 digits (e.g., +1)',
    ],
    [
      'a short phone number',
      { type: 'phone', data: { countryCode: '+1', number: '12-34' } },
      'data.number',
      'Please enter a valid phone number',
    ],
    [
      'a bad routing number',
      {
        type: 'bank_account',
        data: { bankName: 'B', accountName: 'A', accountNumber: '12345', routingNumber: '12' },
      },
      'data.routingNumber',
      'Routing number must be 9 digits',
    ],
    [
      'a short wallet address',
      { type: 'crypto_wallet', data: { network: 'bitcoin', address: 'abc' } },
      'data.address',
      'Please enter a valid wallet address',
    ],
    [
      'a network that is not an option',
      { type: 'crypto_wallet', data: { network: 'dogecoin', address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' } },
      'data.network',
      'Network must be one of: bitcoin, ethereum, binance, polygon, solana, tron, other',
    ],
    [
      'a missing Zelle identifier',
      { type: 'zelle', data: { identifierType: 'email' } },
      'data.identifier',
      'Zelle identifier is required',
    ],
    [
      'an unknown data field',
      { type: 'email', data: { address: 'a@b.co', role: 'admin' } },
      'data.role',
      'Unknown field "role"',
    ],
    [
      'a huge string',
      { type: 'other', data: { identifierType: 'x', value: 'v'.repeat(100_000) } },
      'data.value',
      'Value must be at most 512 characters',
    ],
    [
      'a huge display value',
      { type: 'email', data: { address: 'a@b.co' }, displayValue: 'd'.repeat(2000) },
      'displayValue',
      undefined,
    ],
    [
      'a malformed proxy id',
      { type: 'email', data: { address: 'a@b.co' }, onBehalfOfOriginatorId: 'x' },
      'onBehalfOfOriginatorId',
      undefined,
    ],
  ])('%s', async (_name, body, field, message) => {
    const before = await countIdentifiers(t.database.db);
    const res = await admin.post('/api/identifiers', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(fieldsOf(res.json())).toContain(field);
    if (message) expect(res.json().error.details.fields).toContainEqual({ field, message });
    expect(await countIdentifiers(t.database.db)).toBe(before);
  });

  it('refuses a body that is not JSON, or no body, without a 500', async () => {
    const before = await countIdentifiers(t.database.db);
    const broken = await admin.request({
      method: 'POST',
      url: '/api/identifiers',
      headers: { 'content-type': 'application/json' },
      payload: '{"type": "email", "data": ',
    });
    expect(broken.statusCode).toBe(400);
    const empty = await admin.request({ method: 'POST', url: '/api/identifiers' });
    expect(empty.statusCode).toBe(400);
    const array = await admin.post('/api/identifiers', [{ type: 'email' }]);
    expect(array.statusCode).toBe(400);
    expect(await countIdentifiers(t.database.db)).toBe(before);
  });

  it('refuses a text/plain form post before it reaches the route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identifiers',
      headers: { origin: PUBLIC_URL, cookie: admin.cookie, 'content-type': 'text/plain' },
      payload: 'type=email',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('hostile-looking values are plain data', () => {
  it('stores SQL-like and HTML-like text verbatim and harmlessly', async () => {
    const sqlLike = "'; drop table identifiers; --";
    const htmlLike = '<script>alert("x")</script>';
    const res = await admin.post('/api/identifiers', {
      type: 'other',
      data: { identifierType: htmlLike, value: sqlLike, description: `${htmlLike} ${sqlLike}` },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.displayValue).toBe(`${htmlLike}: ${sqlLike}`);
    const read = (await admin.get(`/api/identifiers/${created.id}`)).json();
    expect(read.data).toEqual({
      identifierType: htmlLike,
      value: sqlLike,
      description: `${htmlLike} ${sqlLike}`,
    });
    const found = (await admin.get(`/api/identifiers?search=${encodeURIComponent(sqlLike)}`)).json();
    expect(found.data.map((i: { id: string }) => i.id)).toEqual([created.id]);
    // The table is still there, and JSON answers are never served as HTML.
    expect(await countIdentifiers(t.database.db)).toBeGreaterThan(0);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('stores the same text in an e-mail field only when it is a valid address', async () => {
    const res = await admin.post('/api/identifiers', {
      type: 'email',
      data: { address: "x'; drop table identifiers; --@example.com" },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toEqual(['data.address']);
  });
});
