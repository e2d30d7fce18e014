import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent, Case, CaseIdentifier, RelatedCase } from '@scamtrail/domain/cases';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { automationWithKey } from '../../../test/originator-helpers';
import { createCaseVia, insertEntry, insertEvidence, patchCaseVia } from './case-test-fixtures';

let t: TestApp;
let investigator: Client;
let originatorId: string;
let fullName: string;
let phoneId: string;
let emailId: string;
const made: Record<string, Case> = {};

async function createIdentifier(body: Record<string, unknown>): Promise<string> {
  const res = await investigator.post('/api/identifiers', body);
  if (res.statusCode !== 201) throw new Error(`identifier create failed: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'investigator');
  investigator = signed.client;
  originatorId = signed.user.originatorId;
  fullName = `${signed.user.firstName} ${signed.user.lastName}`;
  phoneId = await createIdentifier({ type: 'phone', data: { countryCode: '+44', number: '7911 123456' } });
  emailId = await createIdentifier({ type: 'email', data: { address: 'mule@example.com' } });
  for (const key of ['a', 'b', 'c', 'd', 'e'])
    made[key] = await createCaseVia(investigator, { title: `Case ${key}` });
});
afterAll(async () => {
  await t.close();
});

const related = async (caseId: string, query = '') => {
  const res = await investigator.get(`/api/cases/${caseId}/related${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: RelatedCase[]; pagination: { totalItems: number; pageSize: number } };
};

describe('related cases', () => {
  it('a phone number written differently is the same identifier, and links the cases naming it', async () => {
    const again = await investigator.post('/api/identifiers', {
      type: 'phone',
      data: { countryCode: '+44', number: '(0)7911-123-456' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details.existingId).toBe(phoneId);

    await insertEntry(t.database.db, { caseId: made.a.id, originatorId, identifierIds: [phoneId] });
    await insertEntry(t.database.db, { caseId: made.b.id, originatorId, identifierIds: [phoneId] });
    const fromA = await related(made.a.id);
    expect(fromA.data).toEqual([
      {
        case: { id: made.b.id, number: made.b.number, title: 'Case b', status: 'open' },
        sharedCount: 1,
        shared: [{ id: phoneId, type: 'phone', displayValue: expect.stringContaining('7911') }],
      },
    ]);
    expect(fromA.pagination).toMatchObject({ totalItems: 1, pageSize: 10 });
    expect((await related(made.b.id)).data.map((r) => r.case.id)).toEqual([made.a.id]);
  });

  it('evidence links too; most shared identifiers first, then the most recently active', async () => {
    // c shares the phone (through evidence) and the e-mail with a; d shares the e-mail only.
    await insertEntry(t.database.db, { caseId: made.a.id, originatorId, identifierIds: [emailId] });
    await insertEvidence(t.database.db, {
      caseId: made.c.id,
      originatorId,
      identifierIds: [phoneId, emailId],
    });
    await insertEntry(t.database.db, { caseId: made.d.id, originatorId, identifierIds: [emailId] });
    await patchCaseVia(investigator, made.b.id, { priority: 'high' });
    const fromA = await related(made.a.id);
    expect(fromA.data.map((r) => [r.case.title, r.sharedCount])).toEqual([
      ['Case c', 2],
      ['Case b', 1],
      ['Case d', 1],
    ]);
    expect(fromA.data[0].shared.map((s) => s.id).sort()).toEqual([emailId, phoneId].sort());

    const page2 = await related(made.a.id, '?pageSize=1&page=2');
    expect(page2.data.map((r) => r.case.title)).toEqual(['Case b']);
    expect(page2.pagination.totalItems).toBe(3);
    expect((await related(made.a.id, '?pageSize=1&page=9')).pagination.totalItems).toBe(3);
  });

  it('a nullified entry no longer links its case', async () => {
    await insertEntry(t.database.db, {
      caseId: made.e.id,
      originatorId,
      identifierIds: [phoneId],
      isNullified: true,
    });
    expect((await related(made.a.id)).data.map((r) => r.case.title)).not.toContain('Case e');
    expect((await related(made.e.id)).data).toEqual([]);
  });
});

describe("a case's identifiers", () => {
  it('lists each identifier once with its entries here and the other cases naming it', async () => {
    const res = await investigator.get(`/api/cases/${made.a.id}/identifiers`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as CaseIdentifier[];
    const phone = rows.find((r) => r.id === phoneId)!;
    const email = rows.find((r) => r.id === emailId)!;
    expect(rows).toHaveLength(2);
    expect(phone).toMatchObject({ type: 'phone', typeLabel: 'Phone', entryCount: 1, otherCaseCount: 2 });
    expect(phone.otherCases.map((c) => c.title).sort()).toEqual(['Case b', 'Case c']);
    expect(email).toMatchObject({ entryCount: 1, otherCaseCount: 2 });
    expect(email.otherCases.map((c) => c.title).sort()).toEqual(['Case c', 'Case d']);
    const paged = (await investigator.get(`/api/cases/${made.a.id}/identifiers?pageSize=1`)).json();
    expect(paged.pagination).toMatchObject({ totalItems: 2, totalPages: 2 });
  });

  it('names at most 5 other cases, most recently active first, and counts them all', async () => {
    const extra: Case[] = [];
    for (let i = 0; i < 6; i += 1) {
      const other = await createCaseVia(investigator, { title: `Ring ${i}` });
      await insertEntry(t.database.db, { caseId: other.id, originatorId, identifierIds: [emailId] });
      extra.push(other);
    }
    await patchCaseVia(investigator, extra[0].id, { priority: 'low' });
    const email = (
      (await investigator.get(`/api/cases/${made.a.id}/identifiers`)).json().data as CaseIdentifier[]
    ).find((r) => r.id === emailId)!;
    expect(email.otherCaseCount).toBe(8);
    expect(email.otherCases.map((c) => c.title)).toEqual(['Ring 0', 'Ring 5', 'Ring 4', 'Ring 3', 'Ring 2']);
  });
  it('orders by how many entries name each only for a caller who may view journal entries', async () => {
    // "zzz" is named by two entries of the case, "aaa" by one: the count would put "zzz" first.
    const mostNamed = await createIdentifier({ type: 'email', data: { address: 'zzz-order@example.com' } });
    const lessNamed = await createIdentifier({ type: 'email', data: { address: 'aaa-order@example.com' } });
    const named = await createCaseVia(investigator, { title: 'Ordered identifiers' });
    await insertEntry(t.database.db, {
      caseId: named.id,
      originatorId,
      identifierIds: [mostNamed, lessNamed],
    });
    await insertEntry(t.database.db, { caseId: named.id, originatorId, identifierIds: [mostNamed] });
    const admin = (await signedIn(t, 'admin')).client;
    const withoutEntries = (await automationWithKey(t, admin, ['case.view', 'identifier.view'])).caller;
    const list = async (caller: Client, query = '') => {
      const res = await caller.get(`/api/cases/${named.id}/identifiers${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as CaseIdentifier[];
    };

    const seen = await list(investigator);
    expect(seen.map((r) => [r.id, r.entryCount])).toEqual([
      [mostNamed, 2],
      [lessNamed, 1],
    ]);
    const blind = await list(withoutEntries);
    expect(blind.map((r) => r.id)).toEqual([lessNamed, mostNamed]);
    expect(blind.every((r) => !('entryCount' in r))).toBe(true);
    expect((await list(withoutEntries, '?pageSize=1')).map((r) => r.id)).toEqual([lessNamed]);
    expect((await list(withoutEntries, '?pageSize=1&page=2')).map((r) => r.id)).toEqual([mostNamed]);
  });
});

describe('case history', () => {
  it('lists the audit rows of the case newest first, with who acted', async () => {
    await patchCaseVia(investigator, made.d.id, { title: 'Case d (renamed)' });
    const res = await investigator.get(`/api/cases/${made.d.id}/history`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as AuditEvent[];
    expect(rows.map((r) => r.action)).toEqual(['case.updated', 'case.created']);
    expect(rows[0]).toMatchObject({
      subjectType: 'case',
      subjectId: made.d.id,
      actor: { kind: 'user', name: fullName, apiKeyId: null },
      before: { title: 'Case d' },
      after: { title: 'Case d (renamed)' },
    });
    const page2 = (await investigator.get(`/api/cases/${made.d.id}/history?pageSize=1&page=2`)).json();
    expect(page2.data.map((r: AuditEvent) => r.action)).toEqual(['case.created']);
    expect(page2.pagination.totalItems).toBe(2);
  });
});
