import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Client } from '../../../test/helpers';
import { loadOperations } from '../../../test/openapi-operations';
import { automationWithKey, createCommunityMemberVia } from '../../../test/originator-helpers';
import {
  buildEvidenceApp,
  multipartForm,
  pngBytes,
  type EvidenceTestApp,
} from '../evidence/evidence-test-fixtures';

/**
 * A report phoned in by a community member and entered by an investigator: the member originates the
 * case, entry, evidence or identifier, the investigator is its proxy originator. Only an active community
 * member can be written in the name of: a team member, an automation, a deactivated member or an unknown
 * id is a 400 naming `onBehalfOfOriginatorId`, on every route that takes the field.
 */

let t: EvidenceTestApp;
let investigator: Client;
let myOriginatorId: string;
let memberId: string;
const refused: Record<string, { id: string; message: string }> = {};

beforeAll(async () => {
  t = await buildEvidenceApp();
  const signed = await signedIn(t, 'investigator');
  investigator = signed.client;
  myOriginatorId = signed.user.originatorId;
  const { client: admin, user: adminUser } = await signedIn(t, 'admin');
  memberId = (await createCommunityMemberVia(admin)).id;
  const deactivated = (await createCommunityMemberVia(admin)).id;
  const off = await admin.patch(`/api/originators/community-members/${deactivated}`, { active: false });
  expect(off.statusCode, off.body).toBe(200);
  const { automation } = await automationWithKey(t, admin, ['journal_entry.view']);
  const colleague = (await signedIn(t, 'investigator')).user.originatorId;
  const notCommunity = 'Only a community member can be recorded as the one who reported it';
  Object.assign(refused, {
    'an administrator': { id: adminUser.originatorId, message: notCommunity },
    'another investigator': { id: colleague, message: notCommunity },
    'an automation': { id: automation.id, message: notCommunity },
    'a deactivated community member': { id: deactivated, message: 'This community member is deactivated' },
    'an originator that does not exist': {
      id: '00000000-0000-4000-8000-000000000000',
      message: 'Originator not found',
    },
  });
});
afterAll(async () => {
  await t.close();
});

type Table = 'cases' | 'journal_entries' | 'evidence' | 'identifiers';

async function rowCount(table: Table): Promise<number> {
  const result = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
}

let serial = 0;
const address = () => `reported-${Date.now()}-${(serial += 1)}@example.com`;

/** Every route that takes `onBehalfOfOriginatorId`: a request with the field set, and what it creates. */
const creations: {
  name: string;
  operation: string;
  table: Table;
  send: (client: Client, onBehalfOf: string | undefined) => ReturnType<Client['post']>;
  /** The originator of the record the answer created. */
  originatorOf: (body: { originator?: unknown; data?: { id: string }[] }) => Promise<unknown>;
}[] = [
  {
    name: 'a case',
    operation: 'POST /api/cases',
    table: 'cases',
    send: (c, id) => c.post('/api/cases', { title: 'Phoned-in romance scam', onBehalfOfOriginatorId: id }),
    originatorOf: async (body) => body.originator,
  },
  {
    name: 'a journal entry',
    operation: 'POST /api/journal-entries',
    table: 'journal_entries',
    send: (c, id) =>
      c.post('/api/journal-entries', {
        type: 'call',
        description: 'The reporter called in',
        onBehalfOfOriginatorId: id,
      }),
    originatorOf: async (body) => body.originator,
  },
  {
    name: 'written evidence',
    operation: 'POST /api/evidence',
    table: 'evidence',
    send: (c, id) =>
      c.post('/api/evidence', {
        title: 'Statement',
        body: 'What the reporter said on the phone',
        onBehalfOfOriginatorId: id,
      }),
    originatorOf: async (body) => body.originator,
  },
  {
    name: 'an uploaded file',
    operation: 'POST /api/evidence',
    table: 'evidence',
    send: (c, id) =>
      c.request({
        method: 'POST',
        url: '/api/evidence',
        ...multipartForm(id ? { onBehalfOfOriginatorId: id } : {}, [{ name: 'chat.png', bytes: pngBytes() }]),
      }),
    originatorOf: async (body) => body.originator,
  },
  {
    name: 'an identifier',
    operation: 'POST /api/identifiers',
    table: 'identifiers',
    send: (c, id) =>
      c.post('/api/identifiers', {
        type: 'email',
        data: { address: address() },
        onBehalfOfOriginatorId: id,
      }),
    originatorOf: async (body) => body.originator,
  },
  {
    name: 'an import of identifiers',
    operation: 'POST /api/identifiers/import',
    table: 'identifiers',
    send: (c, id) =>
      c.post('/api/identifiers/import', {
        items: [{ type: 'email', data: { address: address() } }],
        onBehalfOfOriginatorId: id,
      }),
    originatorOf: async (body) =>
      (await investigator.get(`/api/identifiers/${body.data![0].id}`)).json().originator,
  },
  {
    name: 'an imported CSV file',
    operation: 'POST /api/identifiers/import',
    table: 'identifiers',
    send: (c, id) =>
      c.request({
        method: 'POST',
        url: '/api/identifiers/import',
        ...multipartForm(id ? { onBehalfOfOriginatorId: id } : {}, [
          { name: 'rows.csv', type: 'text/csv', bytes: Buffer.from(`type,address\nemail,${address()}\n`) },
        ]),
      }),
    originatorOf: async (body) =>
      (await investigator.get(`/api/identifiers/${body.data![0].id}`)).json().originator,
  },
];

it('covers every operation that takes onBehalfOfOriginatorId', async () => {
  const taking = (await loadOperations(t.app))
    .filter((op) => JSON.stringify(op.body ?? {}).includes('"onBehalfOfOriginatorId"'))
    .map((op) => op.key);
  expect(taking.length).toBeGreaterThan(0);
  expect([...new Set(creations.map((c) => c.operation))].sort()).toEqual(taking.sort());
});

describe.each(creations)('$name entered on behalf of someone', ({ send, table, originatorOf }) => {
  it('is originated by an active community member, with the caller as its proxy', async () => {
    const res = await send(investigator, memberId);
    expect([200, 201], res.body).toContain(res.statusCode);
    const originator = await originatorOf(res.json());
    expect(originator).toMatchObject({ id: memberId, type: 'community_member' });
    expect((originator as { proxy: unknown }).proxy).toMatchObject({
      id: myOriginatorId,
      type: 'team_member',
    });
  });

  it("is the caller's own without the field, or naming the caller", async () => {
    for (const id of [undefined, myOriginatorId]) {
      const res = await send(investigator, id);
      expect([200, 201], res.body).toContain(res.statusCode);
      expect(await originatorOf(res.json())).toMatchObject({ id: myOriginatorId, proxy: null });
    }
  });

  it.each([
    'an administrator',
    'another investigator',
    'an automation',
    'a deactivated community member',
    'an originator that does not exist',
  ])('an investigator cannot record it on behalf of %s: 400 naming onBehalfOfOriginatorId', async (who) => {
    const before = await rowCount(table);
    const res = await send(investigator, refused[who].id);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details.fields).toEqual([
      { field: 'onBehalfOfOriginatorId', message: refused[who].message },
    ]);
    expect(await rowCount(table)).toBe(before);
  });
});
