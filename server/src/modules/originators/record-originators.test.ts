import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { createCommunityMemberVia } from '../../../test/originator-helpers';

/**
 * A report phoned in by a community member and entered by an investigator: the member originates the
 * case, entry or evidence, the investigator is its proxy originator. The same rule as identifiers.
 */

let t: TestApp;
let investigator: Client;
let myOriginatorId: string;
let memberId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'investigator');
  investigator = signed.client;
  myOriginatorId = signed.user.originatorId;
  const admin = (await signedIn(t, 'admin')).client;
  memberId = (await createCommunityMemberVia(admin)).id;
});
afterAll(async () => {
  await t.close();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function rowCount(table: 'cases' | 'journal_entries' | 'evidence'): Promise<number> {
  const result = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
}

const creations = [
  { name: 'a case', url: '/api/cases', table: 'cases' as const, body: { title: 'Phoned-in romance scam' } },
  {
    name: 'a journal entry',
    url: '/api/journal-entries',
    table: 'journal_entries' as const,
    body: { type: 'call', description: 'The reporter called in', evidence: null, identifierIds: [] },
  },
  {
    name: 'written evidence',
    url: '/api/evidence',
    table: 'evidence' as const,
    body: { title: 'Statement', body: 'What the reporter said on the phone' },
  },
];

describe.each(creations)('$name entered on behalf of a community member', ({ url, table, body }) => {
  it('is originated by the member, with the caller as its proxy', async () => {
    const res = await investigator.post(url, { ...body, onBehalfOfOriginatorId: memberId });
    expect(res.statusCode, res.body).toBe(201);
    const { originator } = res.json();
    expect(originator).toMatchObject({ id: memberId, type: 'community_member' });
    expect(originator.proxy).toMatchObject({ id: myOriginatorId, type: 'team_member' });
  });

  it("is the caller's own without the field", async () => {
    const res = await investigator.post(url, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().originator).toMatchObject({ id: myOriginatorId, proxy: null });
  });

  it('is refused, naming the field, for an originator that does not exist, and nothing is saved', async () => {
    const before = await rowCount(table);
    const res = await investigator.post(url, { ...body, onBehalfOfOriginatorId: UNKNOWN });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([
      { field: 'onBehalfOfOriginatorId', message: 'Originator not found' },
    ]);
    expect(await rowCount(table)).toBe(before);
  });
});
