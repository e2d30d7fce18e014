import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, journalEntryEvidence } from '../../db/schema/index';
import { signedIn, type Client } from '../../../test/helpers';
import { automationWithKey } from '../../../test/originator-helpers';
import { buildEvidenceApp, insertCase, insertGroup, type EvidenceTestApp } from './evidence-test-fixtures';

let t: EvidenceTestApp;
let admin: Client;
let member: Client;
let outsider: Client;
let memberOriginatorId: string;
let groupedCaseId: string;
let openCaseId: string;
beforeAll(async () => {
  t = await buildEvidenceApp();
  admin = (await signedIn(t, 'admin')).client;
  const inGroup = await signedIn(t, 'investigator');
  member = inGroup.client;
  memberOriginatorId = inGroup.user.originatorId;
  outsider = (await signedIn(t, 'investigator')).client;
  const groupId = await insertGroup(t.database.db, [inGroup.user.id]);
  groupedCaseId = await insertCase(t.database.db, memberOriginatorId, { groupId });
  openCaseId = await insertCase(t.database.db, memberOriginatorId);
});
afterAll(async () => {
  await t.close();
});

async function writtenEvidence(client: Client, caseId?: string): Promise<string> {
  const res = await client.post('/api/evidence', { title: 'Statement', body: 'Text', caseId });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

async function emailIdentifier(): Promise<{ id: string; displayValue: string }> {
  const res = await admin.post('/api/identifiers', {
    type: 'email',
    data: { address: `x${randomUUID().slice(0, 8)}@example.com` },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

/** A journal entry naming the item, written straight to the tables (the journal calls are tested apart). */
async function entryLinking(
  evidenceId: string,
  values: { caseId?: string | null; description?: string; performedAt?: Date; isNullified?: boolean },
): Promise<string> {
  const [entry] = await t.database.db
    .insert(journalEntries)
    .values({
      type: 'call',
      description: values.description ?? 'A call',
      caseId: values.caseId ?? null,
      performedAt: values.performedAt ?? new Date(),
      isNullified: values.isNullified ?? false,
      originatorId: memberOriginatorId,
    })
    .returning({ id: journalEntries.id });
  await t.database.db.insert(journalEntryEvidence).values({ journalEntryId: entry.id, evidenceId });
  return entry.id;
}

describe("an evidence item's identifiers", () => {
  it('lists the linked identifiers with their type, most recently linked first, a page at a time', async () => {
    const id = await writtenEvidence(member, openCaseId);
    const first = await emailIdentifier();
    const second = await emailIdentifier();
    const third = await emailIdentifier();
    for (const identifier of [first, second, third]) {
      expect((await member.post(`/api/evidence/${id}/identifiers/${identifier.id}`)).statusCode).toBe(200);
    }
    const page = await member.get(`/api/evidence/${id}/identifiers?pageSize=2`);
    expect(page.statusCode).toBe(200);
    expect(page.json().pagination).toMatchObject({ page: 1, pageSize: 2, totalItems: 3, totalPages: 2 });
    expect(page.json().data[0]).toEqual({
      id: third.id,
      type: 'email',
      typeLabel: 'Email',
      displayValue: third.displayValue,
      linkedAt: expect.any(String),
    });
    const ids = [
      ...page.json().data,
      ...(await member.get(`/api/evidence/${id}/identifiers?pageSize=2&page=2`)).json().data,
    ].map((item: { id: string }) => item.id);
    expect(new Set(ids)).toEqual(new Set([first.id, second.id, third.id]));

    await member.delete(`/api/evidence/${id}/identifiers/${second.id}`);
    const after = (await member.get(`/api/evidence/${id}/identifiers`)).json();
    expect(after.data.map((item: { id: string }) => item.id).sort()).toEqual([first.id, third.id].sort());
    expect(after.pagination.totalItems).toBe(2);
  });

  it('an investigator outside the case group gets 404 for the identifiers of its evidence', async () => {
    const id = await writtenEvidence(member, groupedCaseId);
    expect((await member.get(`/api/evidence/${id}/identifiers`)).statusCode).toBe(200);
    const res = await outsider.get(`/api/evidence/${id}/identifiers`);
    expect(res.statusCode).toBe(404);
    expect((await outsider.get(`/api/evidence/${randomUUID()}/identifiers`)).json()).toEqual(res.json());
  });

  it('an API key needs identifier.view besides evidence.view to list them', async () => {
    const id = await writtenEvidence(member);
    const { caller: evidenceOnly } = await automationWithKey(t, admin, ['evidence.view']);
    expect((await evidenceOnly.get(`/api/evidence/${id}`)).statusCode).toBe(200);
    expect((await evidenceOnly.get(`/api/evidence/${id}/identifiers`)).statusCode).toBe(403);
    const { caller: both } = await automationWithKey(t, admin, ['evidence.view', 'identifier.view']);
    expect((await both.get(`/api/evidence/${id}/identifiers`)).statusCode).toBe(200);
  });
});

describe('the journal entries that link an evidence item', () => {
  it('lists live entries, latest performed first, with their case and the first line of the description', async () => {
    const id = await writtenEvidence(member, openCaseId);
    const older = await entryLinking(id, {
      caseId: openCaseId,
      description: '\n  Called the bank  \r\nThey confirmed the transfer',
      performedAt: new Date('2024-03-01T10:00:00Z'),
    });
    const newer = await entryLinking(id, {
      description: `${'x'.repeat(250)}\nsecond line`,
      performedAt: new Date('2024-03-02T10:00:00Z'),
    });
    await entryLinking(id, { caseId: openCaseId, isNullified: true });

    const res = await member.get(`/api/evidence/${id}/journal-entries`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination.totalItems).toBe(2);
    expect(body.data).toEqual([
      {
        id: newer,
        type: 'call',
        performedAt: '2024-03-02T10:00:00.000Z',
        summary: 'x'.repeat(200),
        case: null,
      },
      {
        id: older,
        type: 'call',
        performedAt: '2024-03-01T10:00:00.000Z',
        summary: 'Called the bank',
        case: { id: openCaseId, number: expect.any(Number), title: expect.any(String), status: 'open' },
      },
    ]);
    // The count on the item agrees with the list.
    expect((await member.get(`/api/evidence/${id}`)).json().journalEntryCount).toBe(2);
  });

  it('leaves out entries of a case the caller may not see', async () => {
    const id = await writtenEvidence(member);
    await entryLinking(id, { caseId: openCaseId });
    const hidden = await entryLinking(id, { caseId: groupedCaseId });
    const listed = async (client: Client) =>
      ((await client.get(`/api/evidence/${id}/journal-entries`)).json().data as { id: string }[]).map(
        (entry) => entry.id,
      );
    expect(await listed(member)).toContain(hidden);
    expect(await listed(admin)).toContain(hidden);
    const seen = (await outsider.get(`/api/evidence/${id}/journal-entries`)).json();
    expect(seen.data.map((entry: { id: string }) => entry.id)).not.toContain(hidden);
    expect(seen.pagination.totalItems).toBe(1);
  });

  it('an investigator outside the case group gets 404 for the entries of its evidence', async () => {
    const id = await writtenEvidence(member, groupedCaseId);
    await entryLinking(id, { caseId: groupedCaseId });
    expect((await outsider.get(`/api/evidence/${id}/journal-entries`)).statusCode).toBe(404);
  });

  it('pages the entries', async () => {
    const id = await writtenEvidence(member, openCaseId);
    for (let day = 1; day <= 3; day += 1) {
      await entryLinking(id, { caseId: openCaseId, performedAt: new Date(`2024-05-0${day}T00:00:00Z`) });
    }
    const second = (await member.get(`/api/evidence/${id}/journal-entries?pageSize=2&page=2`)).json();
    expect(second.pagination).toMatchObject({ totalItems: 3, totalPages: 2 });
    expect(second.data.map((entry: { performedAt: string }) => entry.performedAt)).toEqual([
      '2024-05-01T00:00:00.000Z',
    ]);
  });
});
