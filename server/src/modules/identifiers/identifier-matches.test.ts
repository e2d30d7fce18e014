import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';

/** `GET /api/identifiers/matches`: an identifier found by its normalised key, however it is written. */

let t: TestApp;
let admin: Client;
let viewer: Client;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
  viewer = (await signedIn(t, 'viewer')).client;
});
afterAll(async () => {
  await t.close();
});

async function create(
  type: string,
  data: Record<string, string>,
): Promise<{ id: string; displayValue: string }> {
  const res = await admin.post('/api/identifiers', { type, data });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

const matches = async (client: Client, value: string) => {
  const res = await client.get(`/api/identifiers/matches?value=${encodeURIComponent(value)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { id: string; displayValue: string; tags: unknown[] }[] }).data;
};

describe('finding the identifiers a pasted value is', () => {
  it('finds a phone number stored without spaces when it is written with them, and its Zelle handle', async () => {
    const phone = await create('phone', { countryCode: '+44', number: '7700900123' });
    const zelle = await create('zelle', { identifierType: 'phone', identifier: '+44 7700 900123' });
    await create('phone', { countryCode: '+44', number: '7700900999' });
    expect(phone.displayValue).toBe('+44 7700900123');
    // The list's search finds both as written too (their search texts hold the digits), not the other number.
    const listed = await viewer.get(`/api/identifiers?search=${encodeURIComponent('+44 7700 900123')}`);
    expect(
      listed
        .json()
        .data.map((item: { id: string }) => item.id)
        .sort(),
    ).toEqual([phone.id, zelle.id].sort());

    const found = await matches(viewer, '+44 7700 900123');
    expect(found.map((item) => item.id).sort()).toEqual([phone.id, zelle.id].sort());
    expect(found.every((item) => Array.isArray(item.tags))).toBe(true);
    expect((await matches(viewer, '+44 (7700) 900-123')).map((item) => item.id).sort()).toEqual(
      [phone.id, zelle.id].sort(),
    );
  });

  it('finds an e-mail address whatever its case', async () => {
    const email = await create('email', { address: 'refunds@scam.example' });
    expect((await matches(viewer, '  Refunds@SCAM.example ')).map((item) => item.id)).toEqual([email.id]);
  });

  it('finds an EVM wallet on any EVM network, and nothing for a value that is no identifier', async () => {
    const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const wallet = await create('crypto_wallet', { network: 'polygon', address });
    expect((await matches(viewer, address.toLowerCase())).map((item) => item.id)).toEqual([wallet.id]);
    expect(await matches(viewer, 'refunds')).toEqual([]);
    expect(await matches(viewer, '+44 7700 900000')).toEqual([]);
  });
});

describe('bad input', () => {
  it.each([
    ['no value', ''],
    ['an empty value', '?value='],
    ['a null byte', `?value=${encodeURIComponent('a\u0000b')}`],
    ['a value over 200 characters', `?value=${'1'.repeat(201)}`],
  ])('answers 400 naming the value for %s', async (_, query) => {
    const res = await viewer.get(`/api/identifiers/matches${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/value/);
  });
});
