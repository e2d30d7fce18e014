import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { loadOperations } from '../../../test/openapi-operations';
import {
  automationWithKey,
  createCommunityMemberVia,
  createKeyVia,
  keyClient,
} from '../../../test/originator-helpers';
import { KEY_CREATOR_MAY_NOT_CHANGE } from './journal-entry.preconditions';
import {
  findEntryRow,
  insertCase,
  insertEvidence,
  insertIdentifier,
  journalRowCounts,
} from './journal-entry-test-fixtures';

/**
 * Every change of a journal entry (its text, its case, its evidence and identifier links, its removal)
 * is for whoever recorded it (the proxy of an entry entered on a community member's behalf; an API key's
 * automation for the entries it created) or an administrator: the links and the case are part of what
 * the entry's author signs, as much as its text. An API key never holds more than its creator holds
 * now: a key changes its automation's entries only when its creator could change them themselves, an
 * administrator; an investigator's key of the same automation changes none, whoever recorded them.
 */

let t: TestApp;
let author: Client;
let authorOriginatorId: string;
let colleague: Client;
let admin: Client;
let automationKey: Client;
/** A key of the same automation as `automationKey`, made by an investigator (`author`). */
let investigatorsKey: Client;
let memberId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const signedAuthor = await signedIn(t, 'investigator');
  author = signedAuthor.client;
  authorOriginatorId = signedAuthor.user.originatorId;
  colleague = (await signedIn(t, 'investigator')).client;
  admin = (await signedIn(t, 'admin')).client;
  memberId = (await createCommunityMemberVia(admin)).id;
  // Writing in cases, linking evidence and identifiers: it may read what it names.
  const scopes = [
    'case.view',
    'evidence.view',
    'identifier.view',
    'identifier.delete',
    'journal_entry.view',
    'journal_entry.create',
    'journal_entry.edit',
    'journal_entry.delete',
  ] as const;
  const keyed = await automationWithKey(t, admin, [...scopes]);
  automationKey = keyed.caller;
  // automation.edit lets an investigator key any automation, with scopes they hold themselves.
  investigatorsKey = keyClient(t, (await createKeyVia(author, keyed.automation.id, [...scopes])).key);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;

interface Recorded {
  entryId: string;
  caseId: string;
  linkedEvidence: string;
  freeEvidence: string;
  linkedIdentifier: string;
  freeIdentifier: string;
}

/**
 * An entry recorded by `client` (in a case with no group, so a key sees it too) with one evidence item
 * and one identifier linked, and another of each to link; outside its case with `inCase: false`.
 */
async function recordEntry(
  client: Client,
  options: { inCase?: boolean; onBehalfOf?: string } = {},
): Promise<Recorded> {
  const caseId = await insertCase(db(), authorOriginatorId);
  const [linkedEvidence, freeEvidence] = [
    await insertEvidence(db(), authorOriginatorId, { caseId }),
    await insertEvidence(db(), authorOriginatorId, { caseId }),
  ];
  const [linkedIdentifier, freeIdentifier] = [
    await insertIdentifier(db(), authorOriginatorId),
    await insertIdentifier(db(), authorOriginatorId),
  ];
  const res = await client.post('/api/journal-entries', {
    type: 'note',
    description: 'As recorded',
    ...(options.inCase === false ? {} : { caseId }),
    evidence: [linkedEvidence],
    identifierIds: [linkedIdentifier],
    ...(options.onBehalfOf ? { onBehalfOfOriginatorId: options.onBehalfOf } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { entryId: res.json().id, caseId, linkedEvidence, freeEvidence, linkedIdentifier, freeIdentifier };
}

const entryUrl = (e: Recorded) => `/api/journal-entries/${e.entryId}`;

/** Each operation that changes an entry, as its OpenAPI key, and a request making that change. */
const changes: {
  name: string;
  operation: string;
  inCase?: false;
  call: (client: Client, e: Recorded) => ReturnType<Client['post']>;
}[] = [
  {
    name: 'edit {entry}',
    operation: 'PATCH /api/journal-entries/{id}',
    call: (c, e) => c.patch(entryUrl(e), { description: 'Rewritten' }),
  },
  {
    name: 'link evidence to {entry}',
    operation: 'POST /api/journal-entries/{id}/evidence/{evidenceId}',
    call: (c, e) => c.post(`${entryUrl(e)}/evidence/${e.freeEvidence}`),
  },
  {
    name: 'unlink evidence from {entry}',
    operation: 'DELETE /api/journal-entries/{id}/evidence/{evidenceId}',
    call: (c, e) => c.delete(`${entryUrl(e)}/evidence/${e.linkedEvidence}`),
  },
  {
    name: 'link an identifier to {entry}',
    operation: 'POST /api/journal-entries/{id}/identifiers/{identifierId}',
    call: (c, e) => c.post(`${entryUrl(e)}/identifiers/${e.freeIdentifier}`),
  },
  {
    name: 'unlink an identifier from {entry}',
    operation: 'DELETE /api/journal-entries/{id}/identifiers/{identifierId}',
    call: (c, e) => c.delete(`${entryUrl(e)}/identifiers/${e.linkedIdentifier}`),
  },
  {
    name: 'attach {entry} to a case',
    operation: 'POST /api/cases/{id}/journal-entries',
    inCase: false,
    call: (c, e) => c.post(`/api/cases/${e.caseId}/journal-entries`, { journalEntryId: e.entryId }),
  },
  {
    name: 'remove {entry}',
    operation: 'DELETE /api/journal-entries/{id}',
    call: (c, e) => c.delete(entryUrl(e), { reason: 'Not needed' }),
  },
  {
    name: 'remove {entry} from its case',
    operation: 'POST /api/journal-entries/{id}/remove',
    call: (c, e) => c.post(`${entryUrl(e)}/remove`, { reason: 'Not needed', caseId: e.caseId }),
  },
];

/** Operations on an entry that are not changes of it, each with the reason. */
const NOT_CHANGES: Record<string, string> = {
  'POST /api/journal-entries': 'creates an entry of the caller',
  'POST /api/journal-entries/{id}/verify': 'reads',
  'POST /api/journal-entries/case/{caseId}/verify': "reads (checks the case's journal chain)",
  'POST /api/journal-entries/{id}/sign/begin': 'signing has its own rule: the originator only',
  'POST /api/journal-entries/{id}/sign/complete': 'signing has its own rule: the originator only',
};

it('holds every operation that changes a journal entry to the rule', async () => {
  const writes = (await loadOperations(t.app))
    .filter((op) => op.method !== 'GET')
    .filter((op) => op.path.startsWith('/api/journal-entries') || op.path.endsWith('/journal-entries'))
    .map((op) => op.key)
    .filter((key) => !(key in NOT_CHANGES));
  expect(writes.sort()).toEqual(changes.map((c) => c.operation).sort());
});

async function expectRefused(
  client: Client,
  change: (typeof changes)[number],
  e: Recorded,
  because = 'Only whoever recorded this entry, or an administrator, can',
) {
  const row = await findEntryRow(db(), e.entryId);
  const before = await journalRowCounts(db());
  const res = await change.call(client, e);
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().error.message.startsWith(because), res.body).toBe(true);
  expect(await findEntryRow(db(), e.entryId)).toEqual(row);
  expect(await journalRowCounts(db())).toEqual(before);
}

async function expectAllowed(client: Client, change: (typeof changes)[number], e: Recorded) {
  const res = await change.call(client, e);
  expect(res.statusCode, res.body).toBe(200);
}

describe.each(changes)('$operation', (change) => {
  const record = (client: Client, onBehalfOf?: string) =>
    recordEntry(client, { inCase: change.inCase, onBehalfOf });
  const does = (entry: string) => change.name.replace('{entry}', entry);

  it(`an investigator cannot ${does("another investigator's entry")}, nor can an API key (403), and nothing is written`, async () => {
    const e = await record(author);
    await expectRefused(colleague, change, e);
    await expectRefused(automationKey, change, e);
  });

  it(`an investigator cannot ${does("an automation's entry")} (403)`, async () => {
    await expectRefused(author, change, await record(automationKey));
  });

  it(`an investigator cannot ${does('an entry another recorded on behalf of a community member')} (403)`, async () => {
    await expectRefused(colleague, change, await record(author, memberId));
  });

  it(`the owner can ${does('their entry')}`, async () => {
    await expectAllowed(author, change, await record(author));
  });

  it(`the team member who recorded it on behalf of a community member can ${does('it')}`, async () => {
    await expectAllowed(author, change, await record(author, memberId));
  });

  it(`an API key can ${does('an entry its automation created')}`, async () => {
    await expectAllowed(automationKey, change, await record(automationKey));
  });

  it(`an investigator's key cannot ${does('an entry its automation created')}, by another key or itself, as its creator cannot (403)`, async () => {
    await expectRefused(author, change, await record(automationKey));
    await expectRefused(investigatorsKey, change, await record(automationKey), KEY_CREATOR_MAY_NOT_CHANGE);
    await expectRefused(investigatorsKey, change, await record(investigatorsKey), KEY_CREATOR_MAY_NOT_CHANGE);
    await expectRefused(investigatorsKey, change, await record(author));
  });

  it(`an administrator's key can ${does("an entry an investigator's key of its automation created")}`, async () => {
    await expectAllowed(automationKey, change, await record(investigatorsKey));
  });

  it(`an administrator can ${does("another's entry")}`, async () => {
    await expectAllowed(admin, change, await record(author));
  });
});

describe('deleting an identifier that journal entries name', () => {
  const identifierExists = async (id: string) =>
    (await admin.get(`/api/identifiers/${id}`)).statusCode === 200;

  it("an investigator cannot delete an identifier another's entry names (403), and nothing changes", async () => {
    const e = await recordEntry(author);
    const before = await journalRowCounts(db());
    const res = await colleague.delete(`/api/identifiers/${e.linkedIdentifier}`);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.message).toBe(
      'Journal entries recorded by others name this identifier; only an administrator can delete it',
    );
    expect(await identifierExists(e.linkedIdentifier)).toBe(true);
    expect(await journalRowCounts(db())).toEqual(before);
  });

  it('an investigator can delete an identifier only their own entries name, those entered for a community member included', async () => {
    const own = await recordEntry(author);
    const entered = await recordEntry(author, { onBehalfOf: memberId });
    await author.post(`${entryUrl(entered)}/identifiers/${own.linkedIdentifier}`);
    expect((await author.delete(`/api/identifiers/${own.linkedIdentifier}`)).statusCode).toBe(204);
    expect(await identifierExists(own.linkedIdentifier)).toBe(false);
  });

  it("an investigator's key cannot delete an identifier only its automation's entries name (403); an administrator's key can", async () => {
    const e = await recordEntry(automationKey);
    const res = await investigatorsKey.delete(`/api/identifiers/${e.linkedIdentifier}`);
    expect(res.statusCode, res.body).toBe(403);
    expect(await identifierExists(e.linkedIdentifier)).toBe(true);
    expect((await author.delete(`/api/identifiers/${e.linkedIdentifier}`)).statusCode).toBe(403);
    expect((await automationKey.delete(`/api/identifiers/${e.linkedIdentifier}`)).statusCode).toBe(204);
    expect(await identifierExists(e.linkedIdentifier)).toBe(false);
  });

  it("an administrator can delete an identifier others' entries name", async () => {
    const e = await recordEntry(author);
    expect((await admin.delete(`/api/identifiers/${e.linkedIdentifier}`)).statusCode).toBe(204);
    expect(await identifierExists(e.linkedIdentifier)).toBe(false);
  });
});
