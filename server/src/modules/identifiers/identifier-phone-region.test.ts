import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';

/**
 * DEFAULT_PHONE_REGION: validated at start, answered to the forms, and used to read a number written
 * nationally in the list's search; "0044 ..." finds a +44 number whatever the region.
 */

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await buildTestApp({ DEFAULT_PHONE_REGION: 'gb' });
  admin = (await signedIn(t, 'admin')).client;
  const created = await admin.post('/api/identifiers', {
    type: 'phone',
    data: { countryCode: '+44', number: '20 7946 0958' },
  });
  expect(created.statusCode).toBe(201);
});
afterAll(async () => {
  await t.close();
});

const found = async (search: string) => {
  const res = await admin.get(`/api/identifiers?search=${encodeURIComponent(search)}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.map((item: { displayValue: string }) => item.displayValue);
};

describe('the default phone region', () => {
  it('is US unless set, and must be a region with phone numbering', () => {
    expect(loadConfig({}).defaultPhoneRegion).toBe('US');
    expect(loadConfig({ DEFAULT_PHONE_REGION: ' de ' }).defaultPhoneRegion).toBe('DE');
    for (const bad of ['XX', 'GBR', '44']) {
      expect(() => loadConfig({ DEFAULT_PHONE_REGION: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ DEFAULT_PHONE_REGION: bad })).toThrow(/DEFAULT_PHONE_REGION/);
    }
  });

  it('is answered to signed-in users with its calling code', async () => {
    const res = await admin.get('/api/identifiers/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ defaultPhoneRegion: 'GB', defaultCallingCode: '+44' });
    expect((await t.app.inject({ method: 'GET', url: '/api/identifiers/settings' })).statusCode).toBe(401);
  });

  it('reads a number typed nationally in that region, or dialled with 00 or 011, in the search', async () => {
    const london = ['+44 20 7946 0958'];
    expect(await found('020 7946 0958')).toEqual(london);
    expect(await found('0044 20 7946 0958')).toEqual(london);
    expect(await found('011 44 20 7946 0958')).toEqual(london);
    expect(await found('+44 20 7946 0958')).toEqual(london);
    expect(await found('7946 0958')).toEqual(london);
  });

  it('reads a number typed nationally in that region when looking up matches', async () => {
    const matches = async (value: string) => {
      const res = await admin.get(`/api/identifiers/matches?value=${encodeURIComponent(value)}`);
      expect(res.statusCode).toBe(200);
      return res.json().data.map((item: { displayValue: string }) => item.displayValue);
    };
    const london = ['+44 20 7946 0958'];
    // In GB, "020 ..." is London; read as a US number, it would be nothing on record.
    expect(await matches('020 7946 0958')).toEqual(london);
    expect(await matches('(020) 7946-0958')).toEqual(london);
    expect(await matches('+44 20 7946 0958')).toEqual(london);
  });
});
