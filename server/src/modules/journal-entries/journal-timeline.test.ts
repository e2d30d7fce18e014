import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originatorDisplayName, type OriginatorType } from '@scamtrail/domain/originators';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { automationWithKey, createCommunityMemberVia } from '../../../test/originator-helpers';
import { insertCase, insertEvidence, insertIdentifier } from './journal-entry-test-fixtures';

let t: TestApp;
let investigator: Client;
let admin: Client;
let adminName: string;
let investigatorName: string;
let investigatorOriginatorId: string;
let caseId: string;
/** Entry ids by description. */
const ids: Record<string, string> = {};

async function addEntry(body: Record<string, unknown>) {
  const res = await investigator.post('/api/journal-entries', { caseId, ...body });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  ids[body.description as string] = res.json().id;
  return res.json().id as string;
}

beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'investigator');
  investigator = signed.client;
  investigatorName = `${signed.user.firstName} ${signed.user.lastName}`;
  investigatorOriginatorId = signed.user.originatorId;
  const adminSigned = await signedIn(t, 'admin');
  admin = adminSigned.client;
  adminName = `${adminSigned.user.firstName} ${adminSigned.user.lastName} (Team)`;
  const originatorId = signed.user.originatorId;
  caseId = await insertCase(t.database.db, originatorId);
  const shot = await insertEvidence(t.database.db, originatorId, { caseId, file: true });
  const identifierId = await insertIdentifier(t.database.db, originatorId);
  await addEntry({ type: 'note', description: 'first', performedAt: '2024-01-01T00:00:00Z' });
  await addEntry({ type: 'call', description: 'second', performedAt: '2024-01-02T00:00:00Z' });
  await addEntry({
    type: 'evidence_added',
    description: 'third',
    performedAt: '2024-01-03T00:00:00Z',
    evidence: [shot],
    identifierIds: [identifierId],
  });
  await addEntry({ type: 'call', description: 'fourth', performedAt: '2024-01-04T00:00:00Z' });
  // Same moment as "fourth": the id breaks the tie.
  await addEntry({ type: 'note', description: 'fifth', performedAt: '2024-01-04T00:00:00Z' });
  const removed = await admin.delete(`/api/journal-entries/${ids.second}`, {
    reason: 'Duplicate of the call log',
  });
  if (removed.statusCode !== 200) throw new Error(`remove failed: ${removed.body}`);
});
afterAll(async () => {
  await t.close();
});

async function journal(query = '') {
  const res = await investigator.get(`/api/cases/${caseId}/journal-entries${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: { id: string; description: string; isNullified: boolean; [key: string]: unknown }[];
    pagination: { page: number; pageSize: number; totalItems: number; totalPages: number };
  };
}
const descriptions = (page: Awaited<ReturnType<typeof journal>>) => page.data.map((e) => e.description);

describe("a case's journal", () => {
  it('lists entries newest first by performedAt then id, without removed ones', async () => {
    const page = await journal();
    const [tieFirst, tieSecond] = [ids.fourth, ids.fifth].sort().reverse();
    expect(page.data.map((e) => e.id)).toEqual([tieFirst, tieSecond, ids.third, ids.first]);
    expect(page.pagination).toEqual({ page: 1, pageSize: 25, totalItems: 4, totalPages: 1 });
  });

  it('includes removed entries on request, with the reason, who and when', async () => {
    const page = await journal('?includeNullified=true');
    expect(page.pagination.totalItems).toBe(5);
    const removed = page.data.find((e) => e.id === ids.second);
    expect(removed).toMatchObject({
      isNullified: true,
      nullifiedReason: 'Duplicate of the call log',
      nullifiedBy: adminName,
      nullifiedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(page.data.filter((e) => e.isNullified)).toHaveLength(1);
  });

  it("shows each entry exactly as the entry's own read does (links, originators, times to the millisecond)", async () => {
    const page = await journal('?includeNullified=true');
    for (const entry of page.data) {
      const own = await investigator.get(`/api/journal-entries/${entry.id}`);
      expect(own.statusCode).toBe(200);
      expect(entry).toEqual(own.json());
    }
  });

  it("writes every kind of originator's name and display name by the domain's rule", async () => {
    // The database writes entry answers whole: its display names must be originatorDisplayName's.
    const { caller: automation, automation: system } = await automationWithKey(t, admin, [
      'case.view',
      'journal_entry.create',
      'journal_entry.view',
    ]);
    const member = await createCommunityMemberVia(admin);
    const ownCase = await insertCase(t.database.db, investigatorOriginatorId);
    const byKey = await automation.post('/api/journal-entries', {
      caseId: ownCase,
      type: 'note',
      description: 'Flagged by the scanner',
      performedAt: '2020-01-01T00:00:00Z',
    });
    const onBehalf = await investigator.post('/api/journal-entries', {
      caseId: ownCase,
      type: 'call',
      description: 'Phoned in',
      performedAt: '2020-01-02T00:00:00Z',
      onBehalfOfOriginatorId: member.id,
    });
    expect([byKey.statusCode, onBehalf.statusCode]).toEqual([201, 201]);
    const summary = (type: OriginatorType, name: string) => ({
      type,
      name,
      displayName: originatorDisplayName(type, name),
    });
    const page = await investigator.get(`/api/cases/${ownCase}/journal-entries`);
    const listed = new Map(
      (page.json().data as { id: string; originator: unknown }[]).map((entry) => [entry.id, entry]),
    );
    expect(listed.get(byKey.json().id)?.originator).toMatchObject({
      ...summary('automation', system.systemName),
      proxy: null,
    });
    expect(listed.get(onBehalf.json().id)?.originator).toMatchObject({
      ...summary('community_member', member.name),
      proxy: summary('team_member', investigatorName),
    });
  });

  it('filters by type', async () => {
    expect(descriptions(await journal('?type=call'))).toEqual(['fourth']);
    expect(descriptions(await journal('?type=call&includeNullified=true'))).toEqual(['fourth', 'second']);
  });

  it('finds entries by a text in their description, case-insensitively, within the other filters', async () => {
    // In the journal's order: "fourth" and "fifth" share their moment, their ids decide.
    const live = descriptions(await journal());
    expect(descriptions(await journal('?search=F'))).toEqual(live.filter((d) => d.includes('f')));
    expect((await journal('?search=F')).pagination.totalItems).toBe(3);
    expect(descriptions(await journal('?search=FIF'))).toEqual(['fifth']);
    expect(descriptions(await journal('?search=%20ir%20'))).toEqual(['third', 'first']);
    expect(descriptions(await journal('?search=ec'))).toEqual([]);
    expect(descriptions(await journal('?search=ec&includeNullified=true'))).toEqual(['second']);
    expect(descriptions(await journal('?search=f&type=note'))).toEqual(['fifth', 'first']);
    expect(descriptions(await journal('?search=t&hasEvidence=true'))).toEqual(['third']);
    expect(descriptions(await journal('?search=%20%20'))).toHaveLength(4);
  });

  it('takes a searched % or _ as itself, not as a wildcard', async () => {
    expect(descriptions(await journal('?search=f%25h'))).toEqual([]);
    expect(descriptions(await journal('?search=fi_th'))).toEqual([]);
    expect(descriptions(await journal('?search=%25'))).toEqual([]);
  });

  it('filters by whether entries have evidence', async () => {
    const withEvidence = await journal('?hasEvidence=true');
    expect(descriptions(withEvidence)).toEqual(['third']);
    expect(withEvidence.data[0]).toMatchObject({
      evidence: [expect.objectContaining({ kind: 'screenshot', mediaType: 'image/png' })],
      mediaIds: [expect.any(String)],
      identifiers: [expect.objectContaining({ type: 'email' })],
      identifierIds: [expect.any(String)],
      originator: expect.objectContaining({ type: 'team_member', proxy: null }),
      isSigned: false,
      signedBy: null,
    });
    expect(descriptions(await journal('?hasEvidence=false'))).not.toContain('third');
    expect((await journal('?hasEvidence=false')).pagination.totalItems).toBe(3);
  });

  it('pages', async () => {
    const first = await journal('?pageSize=3');
    const second = await journal('?pageSize=3&page=2');
    expect(first.pagination).toEqual({ page: 1, pageSize: 3, totalItems: 4, totalPages: 2 });
    expect(first.data).toHaveLength(3);
    expect(descriptions(second)).toEqual(['first']);
    expect((await journal('?pageSize=3&page=9')).data).toEqual([]);
  });

  it('pages alike whether the statement fixes its window or binds it', async () => {
    // pageSize 25 and 50 are sizes whose first pages have statements of their own; 2 and 10 are not.
    const all = descriptions(await journal('?pageSize=25'));
    expect(all).toHaveLength(4);
    expect(descriptions(await journal('?pageSize=2&page=2'))).toEqual(all.slice(2));
    expect(descriptions(await journal('?pageSize=50&page=1'))).toEqual(all);
    expect(descriptions(await journal('?pageSize=10&page=1'))).toEqual(all);
    expect((await journal('?pageSize=25&page=2')).data).toEqual([]);
    expect((await journal('?pageSize=25&page=4')).data).toEqual([]);
  });

  it('refuses bad query values with a 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['?includeNullified=yes', 'includeNullified'],
      ['?type=letter', 'type'],
      ['?hasEvidence=1', 'hasEvidence'],
      ['?pageSize=101', 'pageSize'],
      [`?search=${'x'.repeat(201)}`, 'search'],
      ['?search=a%00b', 'search'],
    ]) {
      const res = await investigator.get(`/api/cases/${caseId}/journal-entries${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
  });

  it('answers 404 for an unknown case', async () => {
    expect((await investigator.get(`/api/cases/${crypto.randomUUID()}/journal-entries`)).statusCode).toBe(
      404,
    );
  });
});
