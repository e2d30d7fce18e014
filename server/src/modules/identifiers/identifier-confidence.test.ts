import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { keyClient } from '../../../test/originator-helpers';
import { identifierEvents, insertAutomationKey, insertCommunityMember } from './identifier-test-fixtures';
import { importIdentifiers } from './identifier-import.service';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
});
afterAll(async () => {
  await t.close();
});

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

async function create(body: unknown, client = admin) {
  const res = await client.post('/api/identifiers', body);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
}

describe('validating identifiers', () => {
  it('runs the validators, stores score, reasons and time, and answers them', async () => {
    const { id } = await create({ type: 'crypto_wallet', data: { network: 'ethereum', address: ADDRESS } });
    expect((await admin.get(`/api/identifiers/${id}/confidence`)).json()).toEqual({
      id,
      score: null,
      formatted: '?',
      reasons: [],
      validatedAt: null,
    });

    const res = await admin.post(`/api/identifiers/${id}/validate`);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    // Team member 0.8, two passes (format, EIP-55) each halve the gap: 0.95.
    expect(report).toMatchObject({ id, score: 0.95, formatted: '0.95' });
    expect(report.results.map((r: { name: string; outcome: string }) => [r.name, r.outcome])).toEqual([
      ['evm_address_format', 'pass'],
      ['evm_eip55_checksum', 'pass'],
    ]);
    expect(report.reasons[0]).toBe('Recorded by a team member (base 0.80)');
    expect(Date.parse(report.validatedAt)).not.toBeNaN();

    const detail = (await admin.get(`/api/identifiers/${id}`)).json();
    expect(detail).toMatchObject({ confidence: { score: 0.95 }, confidenceReasons: report.reasons });
    expect(detail.validation).toEqual(report.results);
    expect((await admin.get(`/api/identifiers/${id}/confidence`)).json()).toEqual({
      id,
      score: 0.95,
      formatted: '0.95',
      reasons: report.reasons,
      validatedAt: report.validatedAt,
    });
    expect((await identifierEvents(t.database.db, id)).map((e) => e.type)).toContain('identifier.validated');
  });

  it('lowers the score for a failed checksum', async () => {
    // The EIP-55 vector 0xfB69...d359 with its first letter's case flipped.
    const broken = '0xFB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    const { id } = await create({ type: 'crypto_wallet', data: { network: 'ethereum', address: broken } });
    const report = (await admin.post(`/api/identifiers/${id}/validate`)).json();
    expect(report.score).toBeLessThan(0.5);
    expect(report.reasons.some((r: string) => r.startsWith('Failed: EIP-55 checksum'))).toBe(true);
  });

  it('weighs the originator: an automation, and a community member by reputation', async () => {
    const { key } = await insertAutomationKey(t.database.db, ['identifier.create', 'identifier.edit']);
    const bot = keyClient(t, key);
    const byBot = await create(
      { type: 'other', data: { identifierType: 'Site', value: 'bot.example' } },
      bot,
    );
    const botReport = (await bot.post(`/api/identifiers/${byBot.id}/validate`)).json();
    expect(botReport.score).toBe(0.7);
    expect(botReport.reasons).toEqual([
      'Recorded by an automation (base 0.70)',
      'No automated check applies to this identifier',
    ]);

    const reporter = await insertCommunityMember(t.database.db, 120);
    const result = await importIdentifiers(
      t.database.db,
      [{ type: 'other', data: { identifierType: 'Site', value: 'tip.example' } }],
      { originatorId: reporter },
    );
    const report = (await admin.post(`/api/identifiers/${result.data[0].id}/validate`)).json();
    expect(report.score).toBe(0.6);
    expect(report.reasons[0]).toBe('Recorded by a community member with reputation 120 (base 0.60)');
  });

  it('answers 404 for an unknown identifier', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin.post(`/api/identifiers/${unknown}/validate`)).statusCode).toBe(404);
    expect((await admin.get(`/api/identifiers/${unknown}/confidence`)).statusCode).toBe(404);
  });
});

describe('bulk confidence', () => {
  it('answers the known ids in the order asked and lists unknown ones as missing', async () => {
    const a = await create({ type: 'email', data: { address: 'bulk-a@example.com' } });
    const b = await create({ type: 'email', data: { address: 'bulk-b@example.com' } });
    await admin.post(`/api/identifiers/${b.id}/validate`);
    const unknown = '00000000-0000-4000-8000-000000000001';
    const res = await admin.get(
      `/api/identifiers/confidence/bulk?ids=${b.id}&ids=${unknown}&ids=${a.id}&ids=${b.id}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((c: { id: string }) => c.id)).toEqual([b.id, a.id]);
    expect(body.data[0]).toMatchObject({ formatted: '0.90' });
    expect(body.data[1]).toMatchObject({ score: null, formatted: '?' });
    expect(body.missing).toEqual([unknown]);
  });

  it('takes a single id', async () => {
    const a = await create({ type: 'email', data: { address: 'bulk-one@example.com' } });
    expect((await admin.get(`/api/identifiers/confidence/bulk?ids=${a.id}`)).json().data).toHaveLength(1);
  });

  it.each([
    ['no ids', ''],
    ['a malformed id', '?ids=nope'],
    [
      'more than 100 ids',
      `?${Array.from({ length: 101 }, (_, i) => `ids=00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join('&')}`,
    ],
  ])('refuses %s with 400 naming ids', async (_name, query) => {
    const res = await admin.get(`/api/identifiers/confidence/bulk${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toMatch(/^ids/);
  });
});
