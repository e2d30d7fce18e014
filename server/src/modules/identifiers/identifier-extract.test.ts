import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRACT_TEXT_MAX_LENGTH, type ExtractedIdentifiers } from '@scamtrail/domain/identifiers/api';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';

/**
 * `POST /api/identifiers/extract`: the identifiers written in free text (written evidence, a pasted
 * e-mail), offered as the entry dialog offers them, read in the server's DEFAULT_PHONE_REGION.
 */

let t: TestApp;
let admin: Client;
let viewer: Client;

beforeAll(async () => {
  t = await buildTestApp({ DEFAULT_PHONE_REGION: 'GB' });
  admin = (await signedIn(t, 'admin')).client;
  viewer = (await signedIn(t, 'viewer')).client;
});
afterAll(async () => {
  await t.close();
});

const extract = async (client: Client, text: string) => {
  const res = await client.post('/api/identifiers/extract', { text });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ExtractedIdentifiers;
};

const BANK_EMAIL = [
  'Dear customer,',
  'on 03/05/2024 a transfer of £1,250.00 left your account for IBAN GB82 WEST 1234 5698 7654 32',
  '(reference 4521-2024, case #381). If this was not you, call our fraud team on 020 7946 0958',
  'or write to fraud-team@secure-bank.example, never to support@bank-verify.example.',
  'Again: 020 7946 0958.',
].join('\n');

describe('finding the identifiers written in a text', () => {
  it("offers a bank e-mail's IBAN, phone and addresses, each once, with why, and nothing else", async () => {
    const { data, isTruncated } = await extract(admin, BANK_EMAIL);
    expect(isTruncated).toBe(false);
    expect(data.map((item) => [item.type, item.displayValue])).toEqual([
      ['bank_account', 'Unknown ****5432'],
      ['phone', '+44 2079460958'],
      ['email', 'fraud-team@secure-bank.example'],
      ['email', 'support@bank-verify.example'],
    ]);
    const [iban, phone] = data;
    // The account is masked as written; its data is what creating it takes.
    expect(iban).toMatchObject({
      kind: 'iban',
      text: 'IBAN ****5432',
      typeLabel: 'Bank Account',
      normalizedKey: 'GB82WEST12345698765432',
      data: { accountNumber: 'GB82WEST12345698765432', bankName: 'Unknown', accountName: 'Unknown' },
      existing: null,
    });
    expect(iban.reason).toMatch(/^An IBAN/);
    // Written nationally, read in the server's region (GB), at its place in the text.
    expect(phone).toMatchObject({ kind: null, data: { countryCode: '+44', number: '2079460958' } });
    expect(phone.reason).toMatch(/read for GB/);
    expect(BANK_EMAIL.slice(phone.start, phone.end)).toBe('020 7946 0958');
    expect(phone.text).toBe('020 7946 0958');
  });

  it('names the identifier on record with the same value, however it was written', async () => {
    const created = await admin.post('/api/identifiers', {
      type: 'phone',
      data: { countryCode: '+44', number: '20 7946 0958' },
    });
    expect(created.statusCode).toBe(201);
    const account = await admin.post('/api/identifiers', {
      type: 'bank_account',
      data: { bankName: 'West Bank', accountName: 'A. Mule', accountNumber: 'GB82 WEST 1234 5698 7654 32' },
    });
    expect(account.statusCode).toBe(201);

    const { data } = await extract(viewer, BANK_EMAIL);
    expect(data.map((item) => item.existing)).toEqual([
      { id: account.json().id, displayValue: account.json().displayValue },
      { id: created.json().id, displayValue: '+44 20 7946 0958' },
      null,
      null,
    ]);
  });

  it('stores nothing', async () => {
    const count = async () => (await admin.get('/api/identifiers?search=secure-bank')).json().data.length;
    expect(await count()).toBe(0);
    await extract(admin, 'Write to someone@secure-bank.example');
    expect(await count()).toBe(0);
  });

  it('answers an empty list for text without identifiers', async () => {
    const { data } = await extract(admin, 'Paid 1,250.00 on 2024-05-03, see case #12 and invoice 4521.');
    expect(data).toEqual([]);
  });

  it('refuses no text, too long a text and null characters with a 400 naming text', async () => {
    for (const body of [
      {},
      { text: '   ' },
      { text: 'a\u0000b' },
      { text: 'x'.repeat(EXTRACT_TEXT_MAX_LENGTH + 1) },
    ]) {
      const res = await admin.post('/api/identifiers/extract', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body).toMatch(/text/);
    }
  });
});
