import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsForRole, type Permission } from '@scamtrail/domain/permissions';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { automationWithKey } from '../../../test/originator-helpers';
import { createCaseVia, insertGroup } from '../cases/case-test-fixtures';
import { addPasskey, createEntry, sign } from '../signatures/signature-test-fixtures';

/**
 * Refusing to delete an identifier speaks of the journal entries that name it only as far as the
 * caller may see them. An identifier named only by an entry of a case in a group the caller is outside
 * must not be refused with words about "journal entries recorded by others" or "a signed journal
 * entry": that tells an outsider that the identifier is in the group's investigation, and how (the
 * same identifier, named nowhere, is deleted). Tags word such a refusal "records you may not see"
 * (`inUseError`, tags.service.ts), and so does this one.
 */

let t: TestApp;
let admin: Client;
let member: Client;
let outsider: Client;
let outsiderUserId: string;
let outsiderKey: Client;
let groupId: string;

async function newIdentifier(): Promise<string> {
  const res = await admin.post('/api/identifiers', {
    type: 'email',
    data: { address: `named-${Math.random().toString(36).slice(2, 10)}@example.net` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

/** An identifier named by one journal entry of a case of the group, written by the member. */
async function identifierOfGroupedEntry(): Promise<string> {
  const identifierId = await newIdentifier();
  const groupedCase = await createCaseVia(member, { title: 'Grouped case', groupId });
  await createEntry(member, { caseId: groupedCase.id, identifierIds: [identifierId] });
  return identifierId;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t, 'admin')).client;
  const signedMember = await signedIn(t, 'investigator');
  member = signedMember.client;
  const signedOutsider = await signedIn(t, 'investigator');
  outsider = signedOutsider.client;
  outsiderUserId = signedOutsider.user.id;
  groupId = await insertGroup(t.database.db, [signedMember.user.id]);
  outsiderKey = (await automationWithKey(t, admin, permissionsForRole('investigator') as Permission[]))
    .caller;
});
afterAll(async () => {
  await t.close();
});

describe('deleting an identifier named only in a case the caller may not see', () => {
  for (const [label, caller] of [
    ['an investigator outside the group', () => outsider],
    ["an investigator's API key", () => outsiderKey],
  ] as const) {
    it(`${label}: the refusal does not describe the hidden journal entries`, async () => {
      const identifierId = await identifierOfGroupedEntry();
      // What the caller may see of the identifier: no journal entry names it.
      const seen = await caller().get(`/api/identifiers/${identifierId}`);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().journalEntryCount).toBe(0);

      const res = await caller().delete(`/api/identifiers/${identifierId}`);
      // Still refused (the group's entries are not the caller's to change), in words that tell of
      // nothing the caller cannot see; the identifier stays.
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toBe(
        'Records you may not see name this identifier; only an administrator can delete it',
      );
      expect((await admin.get(`/api/identifiers/${identifierId}`)).statusCode).toBe(200);
    });
  }

  it("is refused for evidence of a group's case, which an administrator may still detach", async () => {
    const identifierId = await newIdentifier();
    const groupedCase = await createCaseVia(member, { title: 'Grouped evidence', groupId });
    const item = await member.post('/api/evidence', {
      title: 'Chat log',
      body: 'Text',
      caseId: groupedCase.id,
    });
    expect(item.statusCode, item.body).toBe(201);
    const linked = await member.post(`/api/evidence/${item.json().id}/identifiers/${identifierId}`);
    expect(linked.statusCode, linked.body).toBe(200);
    for (const caller of [outsider, outsiderKey]) {
      const res = await caller.delete(`/api/identifiers/${identifierId}`);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toBe(
        'Records you may not see name this identifier; only an administrator can delete it',
      );
    }
    // An administrator sees every case: the identifier goes, and its link with it.
    expect((await admin.delete(`/api/identifiers/${identifierId}`)).statusCode).toBe(204);
  });

  it('names the entries the caller may see', async () => {
    const identifierId = await newIdentifier();
    const openCase = await createCaseVia(member, { title: 'Open case' });
    await createEntry(member, { caseId: openCase.id, identifierIds: [identifierId] });
    const res = await outsider.delete(`/api/identifiers/${identifierId}`);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.message).toBe(
      'Journal entries recorded by others name this identifier; only an administrator can delete it',
    );
  });

  it('a signed entry of the caller, in a case since moved out of their sight, is not described', async () => {
    const { authenticator } = await addPasskey(t.database.db, outsiderUserId);
    const identifierId = await newIdentifier();
    const theirCase = await createCaseVia(outsider, { title: 'Soon grouped' });
    const entry = await createEntry(outsider, { caseId: theirCase.id, identifierIds: [identifierId] });
    await sign(outsider, authenticator, entry.id);
    const refusedInSight = await outsider.delete(`/api/identifiers/${identifierId}`);
    expect(refusedInSight.statusCode, refusedInSight.body).toBe(409);
    expect(refusedInSight.json().error.message).toBe(
      'A signed journal entry names this identifier; it cannot be deleted',
    );

    const moved = await admin.patch(`/api/cases/${theirCase.id}`, { groupId });
    expect(moved.statusCode, moved.body).toBe(200);
    const res = await outsider.delete(`/api/identifiers/${identifierId}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(
      'Records you may not see name this identifier; it cannot be deleted',
    );
  });
});

describe('deleting an identifier as a key that may not view what names it', () => {
  /** A key of the administrator's that may delete identifiers but not view `without`'s kind. */
  async function keyWithout(without: Permission): Promise<Client> {
    const scopes = permissionsForRole('investigator').filter((p) => p !== without) as Permission[];
    return (await automationWithKey(t, admin, scopes)).caller;
  }

  it('without journal_entry.view, entries of an open case are records it may not see', async () => {
    const identifierId = await newIdentifier();
    const openCase = await createCaseVia(member, { title: 'Open case, entry' });
    await createEntry(member, { caseId: openCase.id, identifierIds: [identifierId] });
    const res = await (await keyWithout('journal_entry.view')).delete(`/api/identifiers/${identifierId}`);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.message).toBe(
      'Records you may not see name this identifier; only an administrator can delete it',
    );
  });

  it('without evidence.view, evidence of an open case is a record it may not see', async () => {
    const identifierId = await newIdentifier();
    const openCase = await createCaseVia(member, { title: 'Open case, evidence' });
    const item = await member.post('/api/evidence', { title: 'Receipt', body: 'Text', caseId: openCase.id });
    expect(item.statusCode, item.body).toBe(201);
    const linked = await member.post(`/api/evidence/${item.json().id}/identifiers/${identifierId}`);
    expect(linked.statusCode, linked.body).toBe(200);
    const res = await (await keyWithout('evidence.view')).delete(`/api/identifiers/${identifierId}`);
    // Refused: it would take the identifier off evidence the key may not look at.
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.message).toBe(
      'Records you may not see name this identifier; only an administrator can delete it',
    );
    expect((await admin.get(`/api/identifiers/${identifierId}`)).statusCode).toBe(200);
  });
});
