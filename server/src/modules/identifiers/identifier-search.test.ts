import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { identifiers } from '../../db/schema/index';
import { fillSearchTexts } from './identifier-search-text';

/**
 * The identifier list finds an identifier by any written form of its value (its search text), not
 * only by what is shown: a masked account by its full IBAN, a phone in any format.
 */

let t: TestApp;
let admin: Client;
const ids: Record<string, string> = {};

const BODIES = {
  iban: {
    type: 'bank_account',
    data: {
      bankName: 'Westminster',
      accountName: 'J Doe',
      accountNumber: 'GB82 WEST 1234 5698 7654 32',
    },
  },
  us: {
    type: 'bank_account',
    data: {
      bankName: 'First Bank',
      accountName: 'R Roe',
      accountNumber: '000987654321',
      routingNumber: '011000015',
    },
  },
  phone: { type: 'phone', data: { countryCode: '+1', number: '415 555 0134' } },
  email: { type: 'email', data: { address: 'jane.doe@example.com' } },
  wallet: {
    type: 'crypto_wallet',
    data: { network: 'bitcoin', address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' },
  },
  handle: { type: 'social_media', data: { platform: 'telegram', username: '@scam_king' } },
} as const;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
  for (const [name, body] of Object.entries(BODIES)) {
    const res = await admin.post('/api/identifiers', body);
    if (res.statusCode !== 201) throw new Error(res.body);
    ids[name] = (res.json() as { id: string }).id;
  }
});
afterAll(async () => {
  await t.close();
});

/** The names of the identifiers a search of the list answers. */
async function found(search: string): Promise<string[]> {
  const res = await admin.get(`/api/identifiers?search=${encodeURIComponent(search)}`);
  expect(res.statusCode).toBe(200);
  const listed = new Set((res.json() as { data: { id: string }[] }).data.map((item) => item.id));
  return Object.keys(ids).filter((name) => listed.has(ids[name]));
}

describe('searching identifiers by what they are', () => {
  it('shows a bank account masked, and finds it by its full IBAN', async () => {
    const res = await admin.get(`/api/identifiers?search=${encodeURIComponent('GB82WEST12345698765432')}`);
    const [item] = (res.json() as { data: { id: string; displayValue: string }[] }).data;
    expect(item.id).toBe(ids.iban);
    expect(item.displayValue).not.toContain('5698');
    expect(res.body).not.toContain('search');
  });

  it.each(['GB82', 'GB82 WEST 1234 5698 7654 32', 'gb82west1234', 'WEST 1234', '5698 7654', '7654'])(
    'finds an IBAN by %j',
    async (search) => {
      expect(await found(search)).toContain('iban');
    },
  );

  it.each(['987654321', '000987654321', '011000015', '011-000-015'])(
    'finds an account by its account or routing number %j',
    async (search) => {
      expect(await found(search)).toEqual(['us']);
    },
  );

  it.each(['(415) 555-0134', '+1 415 555 0134', '4155550134', '555-0134', '5550134', '+14155550134'])(
    'finds a phone by %j',
    async (search) => {
      expect(await found(search)).toEqual(['phone']);
    },
  );

  it.each(['jane.doe@example.com', 'JANE.DOE', 'jane.doe'])('finds an e-mail by %j', async (search) => {
    expect(await found(search)).toEqual(['email']);
  });

  it.each(['stWetq', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'])('finds a wallet by %j', async (search) => {
    expect(await found(search)).toEqual(['wallet']);
  });

  it.each(['@scam_king', 'scam_king'])('finds a handle by %j', async (search) => {
    expect(await found(search)).toEqual(['handle']);
  });

  it('finds nothing by digits no identifier holds', async () => {
    expect(await found('555-0199')).toEqual([]);
  });
});

describe('the search texts of identifiers stored before them', () => {
  it('are written at start-up, once', async () => {
    await t.database.db.update(identifiers).set({ searchText: null }).where(eq(identifiers.id, ids.phone));
    expect(await found('(415) 555-0134')).toEqual([]);
    expect(await fillSearchTexts(t.database.db)).toBe(1);
    expect(await found('(415) 555-0134')).toEqual(['phone']);
    expect(await fillSearchTexts(t.database.db)).toBe(0);
    const result = await t.database.db.execute(sql`select count(*)::int as n from identifiers
      where search_text is null`);
    expect((result as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });
});
