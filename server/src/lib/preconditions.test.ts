import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTagOf } from '@scamtrail/domain/entity-tags';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../test/helpers';
import { withoutRefs, type JsonSchema } from '../../test/openapi-operations';
import { eq } from 'drizzle-orm';
import { createCaseVia, insertEvidence } from '../modules/cases/case-test-fixtures';
import { webhookEndpoints } from '../db/schema/index';
import { createAutomationVia, createCommunityMemberVia } from '../../test/originator-helpers';

let t: TestApp;
let admin: Client;
let adminOriginatorId = '';

beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signedIn(t, 'admin');
  admin = signed.client;
  adminOriginatorId = signed.user.originatorId;
});
afterAll(async () => {
  await t.close();
});

/** Tags to set on identifiers in turn, so that each change of an identifier's tags is a change. */
const tagPool: string[] = [];
let tagTurn = 0;
beforeAll(async () => {
  for (const name of ['Mule', 'Phishing', 'Romance']) {
    const created = await admin.post('/api/tags', { name: `${name} ${Date.now().toString(36)}` });
    tagPool.push(ok(created, 201).json().id as string);
  }
});

let serial = 0;
const unique = () => `${Date.now().toString(36)}-${(serial += 1)}`;

function send(method: 'PATCH' | 'PUT' | 'POST', url: string, payload: unknown, ifMatch?: string) {
  return admin.request({
    method,
    url,
    payload: payload as object,
    headers: ifMatch ? { 'if-match': ifMatch } : {},
  });
}

function ok(res: LightMyRequestResponse, status = 200): LightMyRequestResponse {
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

/**
 * Each shared record an edit can lose: how to make one (answering its URL and the ETag of the version
 * read), how to change it (a new value each time), and how to read it back.
 */
interface Kind {
  name: string;
  method: 'PATCH' | 'PUT' | 'POST';
  /** The route as the OpenAPI document names it. */
  path: string;
  create(): Promise<{
    url: string;
    read: () => Promise<LightMyRequestResponse>;
    /** For a record with no read of its own: the last answer of a write stands in for it. */
    track?: (res: LightMyRequestResponse) => void;
  }>;
  change(): unknown;
}

const KINDS: Kind[] = [
  {
    name: 'case',
    path: '/api/cases/{id}',
    method: 'PATCH',
    create: async () => {
      const url = `/api/cases/${(await createCaseVia(admin)).id}`;
      return { url, read: () => admin.get(url) };
    },
    change: () => ({ title: `Title ${unique()}` }),
  },
  {
    name: 'entry',
    path: '/api/journal-entries/{id}',
    method: 'PATCH',
    create: async () => {
      const caseId = (await createCaseVia(admin)).id;
      const created = await admin.post('/api/journal-entries', { type: 'note', description: 'x', caseId });
      const url = `/api/journal-entries/${ok(created, 201).json().id}`;
      return { url, read: () => admin.get(url) };
    },
    change: () => ({ description: `Called ${unique()}` }),
  },
  {
    name: 'evidence item',
    path: '/api/evidence/{id}',
    method: 'PATCH',
    create: async () => {
      const caseId = (await createCaseVia(admin)).id;
      const id = await insertEvidence(t.database.db, { caseId, originatorId: adminOriginatorId });
      const url = `/api/evidence/${id}`;
      return { url, read: () => admin.get(url) };
    },
    change: () => ({ title: `Chat ${unique()}` }),
  },
  {
    name: 'identifier',
    path: '/api/identifiers/{id}',
    method: 'PUT',
    create: async () => {
      const created = await admin.post('/api/identifiers', {
        type: 'email',
        data: { address: `${unique()}@example.com` },
      });
      const url = `/api/identifiers/${ok(created, 201).json().id}`;
      return { url, read: () => admin.get(url) };
    },
    change: () => ({ data: { address: `${unique()}@example.com` } }),
  },
  {
    name: 'identifier',
    path: '/api/identifiers/{id}/tags',
    method: 'PUT',
    create: async () => {
      const created = await admin.post('/api/identifiers', {
        type: 'email',
        data: { address: `${unique()}@example.com` },
      });
      const url = `/api/identifiers/${ok(created, 201).json().id}`;
      return { url: `${url}/tags`, read: () => admin.get(url) };
    },
    // The whole set, as a screen that shows it sends it back; each time another tag, so each is a change.
    change: () => ({ tagIds: [tagPool[(tagTurn += 1) % tagPool.length]] }),
  },
  {
    name: 'task',
    path: '/api/cases/{id}/tasks/{taskId}',
    method: 'PATCH',
    create: async () => {
      const caseId = (await createCaseVia(admin)).id;
      const created = ok(await admin.post(`/api/cases/${caseId}/tasks`, { title: 'Call the bank' }), 201);
      const url = `/api/cases/${caseId}/tasks/${created.json().id}`;
      // Tasks are read in their case's list; the answers of writes carry the ETag.
      let last = created;
      return { url, read: async () => last, track: (res: LightMyRequestResponse) => (last = res) };
    },
    change: () => ({ title: `Call ${unique()}` }),
  },
  {
    name: 'group',
    path: '/api/groups/{id}',
    method: 'PATCH',
    create: async () => {
      const url = `/api/groups/${ok(await admin.post('/api/groups', { name: `Team ${unique()}` }), 201).json().id}`;
      return { url, read: () => admin.get(url) };
    },
    change: () => ({ name: `Team ${unique()}` }),
  },
  {
    name: 'group',
    path: '/api/groups/{id}/members',
    method: 'PUT',
    create: async () => {
      const id = ok(await admin.post('/api/groups', { name: `Desk ${unique()}` }), 201).json().id as string;
      return { url: `/api/groups/${id}/members`, read: () => admin.get(`/api/groups/${id}`) };
    },
    // The whole list, as a screen that shows it sends it back: a replacement from a stale list is the
    // lost update If-Match exists for.
    change: () => ({ userIds: [] }),
  },
  {
    name: 'export stream',
    path: '/api/export-streams/{id}',
    method: 'PATCH',
    create: async () => {
      const created = await admin.post('/api/export-streams', {
        name: `Feed ${unique()}`,
        topics: ['cases'],
      });
      const url = `/api/export-streams/${ok(created, 201).json().id}`;
      return { url, read: () => admin.get(url) };
    },
    change: () => ({ name: `Feed ${unique()}` }),
  },
  {
    name: 'community member',
    path: '/api/originators/community-members/{id}',
    method: 'PATCH',
    create: async () => {
      const { id } = await createCommunityMemberVia(admin);
      return {
        url: `/api/originators/community-members/${id}`,
        read: () => admin.get(`/api/originators/${id}`),
      };
    },
    change: () => ({ notes: `Reported ${unique()}` }),
  },
  ...['/api/automations', '/api/originators/automations'].map((base): Kind => ({
    name: 'automation',
    path: `${base}/{id}`,
    method: 'PATCH',
    create: async () => {
      const { id } = await createAutomationVia(admin);
      return { url: `${base}/${id}`, read: () => admin.get(`/api/automations/${id}`) };
    },
    change: () => ({ description: `Scans ${unique()}` }),
  })),
  // A team member is one record of two rows (user account and originator): one version, whichever route.
  {
    name: 'user',
    path: '/api/users/{id}',
    method: 'PATCH',
    create: async () => {
      const url = `/api/users/${(await signedIn(t, 'investigator')).user.id}`;
      return { url, read: () => admin.get(url) };
    },
    change: () => ({ firstName: `Ivy ${unique()}` }),
  },
  {
    name: 'team member',
    path: '/api/team-members/{id}',
    method: 'PATCH',
    create: async () => {
      const url = `/api/team-members/${(await signedIn(t, 'investigator')).user.id}`;
      return { url, read: () => admin.get(url) };
    },
    change: () => ({ lastName: `Okafor ${unique()}` }),
  },
  {
    name: 'team member',
    path: '/api/originators/team-members/{id}',
    method: 'PATCH',
    create: async () => {
      const { originatorId } = (await signedIn(t, 'investigator')).user;
      return {
        url: `/api/originators/team-members/${originatorId}`,
        read: () => admin.get(`/api/originators/${originatorId}`),
      };
    },
    change: () => ({ firstName: `Bo ${unique()}` }),
  },
  {
    name: 'webhook',
    path: '/api/automations/{id}/webhook',
    method: 'PATCH',
    create: async () => {
      const url = `/api/automations/${(await createAutomationVia(admin)).id}/webhook`;
      return { url, read: () => admin.get(url) };
    },
    // The whole list of topics; each time another, so each is a change.
    change: () => ({ topics: [['cases'], ['identifiers'], ['evidence']][(tagTurn += 1) % 3] }),
  },
  // Deactivating, disabling and enabling change a record's status: from a stale version they may undo
  // what someone else just decided (a reactivation, a change of URL), so they take If-Match too.
  ...[
    { name: 'community member', base: '/api/originators/community-members', make: createCommunityMemberVia },
    { name: 'automation', base: '/api/automations', make: createAutomationVia },
    { name: 'automation', base: '/api/originators/automations', make: createAutomationVia },
    {
      name: 'team member',
      base: '/api/originators/team-members',
      make: async () => ({ id: (await signedIn(t, 'investigator')).user.originatorId }),
    },
  ].map(({ name, base, make }): Kind => ({
    name,
    path: `${base}/{id}/deactivate`,
    method: 'POST',
    create: async () => {
      const { id } = await make(admin);
      return { url: `${base}/${id}/deactivate`, read: () => admin.get(`/api/originators/${id}`) };
    },
    change: () => ({}),
  })),
  ...(['disable', 'enable'] as const).map((action): Kind => ({
    name: 'team member',
    path: `/api/team-members/{id}/${action}`,
    method: 'POST',
    create: async () => {
      const url = `/api/team-members/${(await signedIn(t, 'investigator')).user.id}`;
      // Enabling changes a disabled member only.
      if (action === 'enable') ok(await admin.post(`${url}/disable`, {}));
      return { url: `${url}/${action}`, read: () => admin.get(url) };
    },
    change: () => ({}),
  })),
  {
    name: 'webhook',
    path: '/api/automations/{id}/webhook/enable',
    method: 'POST',
    create: async () => {
      const { id } = await createAutomationVia(admin);
      const url = `/api/automations/${id}/webhook`;
      ok(await admin.get(url));
      // Enabling changes a disabled webhook only: disabled as a 410 would, by the worker.
      await t.database.db
        .update(webhookEndpoints)
        .set({ status: 'disabled', disabledReason: 'Gone', disabledAt: new Date(), updatedAt: new Date() })
        .where(eq(webhookEndpoints.automationId, id));
      return { url: `${url}/enable`, read: () => admin.get(url) };
    },
    change: () => ({}),
  },
  {
    name: 'tag',
    path: '/api/tags/{id}',
    method: 'PATCH',
    create: async () => {
      const url = `/api/tags/${ok(await admin.post('/api/tags', { name: `Tag ${unique()}` }), 201).json().id}`;
      return { url, read: () => admin.get(url) };
    },
    change: () => ({ name: `Tag ${unique()}` }),
  },
];

describe.each(KINDS)('an edit of a $name', (kind) => {
  async function edit(record: Awaited<ReturnType<Kind['create']>>, ifMatch?: string) {
    const res = await send(kind.method, record.url, kind.change(), ifMatch);
    if (res.statusCode === 200) record.track?.(res);
    return res;
  }

  it('documents If-Match and the 412 in the OpenAPI', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const operation = doc.paths[kind.path][kind.method.toLowerCase()];
    const header = operation.parameters.find((p: { in: string; name: string }) => p.in === 'header');
    expect(header).toMatchObject({ name: 'if-match', required: false });
    expect(operation.responses['412']).toBeDefined();
  });

  it('answers an ETag from updatedAt on the read and on the edit', async () => {
    const record = await kind.create();
    const first = await record.read();
    expect(first.headers.etag).toBe(entityTagOf(first.json().updatedAt));
    const edited = ok(await edit(record, first.headers.etag as string));
    expect(edited.headers.etag).toBe(entityTagOf(edited.json().updatedAt));
    expect(edited.headers.etag).not.toBe(first.headers.etag);
    expect((await record.read()).headers.etag).toBe(edited.headers.etag);
  });

  it('refuses a stale If-Match with 412, the current record, and changes nothing', async () => {
    const record = await kind.create();
    const stale = (await record.read()).headers.etag as string;
    // The edit and the refused one follow each other at once, likely within a millisecond: the
    // version must move on all the same.
    const saved = ok(await edit(record, stale));
    const before = await record.read();
    const refused = await edit(record, stale);
    expect(refused.statusCode, refused.body).toBe(412);
    const error = refused.json().error;
    expect(error.code).toBe('PRECONDITION_FAILED');
    expect(error.message).toContain(`changed this ${kind.name}`);
    expect(error.details.current).toEqual(saved.json());
    expect(error.details.currentETag).toBe(saved.headers.etag);
    expect(refused.headers.etag).toBe(saved.headers.etag);
    expect((await record.read()).body).toBe(before.body);
  });

  it('lets exactly one of two concurrent edits from the same version through', async () => {
    const record = await kind.create();
    const etag = (await record.read()).headers.etag as string;
    const answers = await Promise.all([edit(record, etag), edit(record, etag)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 412]);
  });

  it('takes any version for If-Match: * or no If-Match', async () => {
    const record = await kind.create();
    ok(await edit(record, '*'));
    ok(await edit(record));
  });
});

async function newTags(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    ids.push(ok(await admin.post('/api/tags', { name: `Concurrent ${unique()}` }), 201).json().id as string);
  }
  return ids;
}

describe('concurrent changes of the sets of a case or an identifier', () => {
  it('keeps all of ten tags added at once', async () => {
    const tagIds = await newTags(10);
    const item = await createCaseVia(admin);
    const answers = await Promise.all(
      tagIds.map((tagId) => send('PATCH', `/api/cases/${item.id}`, { addTagIds: [tagId] })),
    );
    for (const res of answers) ok(res);
    const tags = ok(await admin.get(`/api/cases/${item.id}`)).json().tags as { id: string }[];
    expect(tags.map((tag) => tag.id).sort()).toEqual([...tagIds].sort());
  });

  it('keeps all of ten tags added to an identifier at once', async () => {
    const tagIds = await newTags(10);
    const created = await admin.post('/api/identifiers', {
      type: 'email',
      data: { address: `${unique()}@example.com` },
    });
    const url = `/api/identifiers/${ok(created, 201).json().id}/tags`;
    for (const res of await Promise.all(tagIds.map((tagId) => send('PUT', url, { addTagIds: [tagId] })))) {
      ok(res);
    }
    const last = ok(await send('PUT', url, { removeTagIds: [tagIds[0]] })).json().tags as { id: string }[];
    expect(last.map((tag) => tag.id).sort()).toEqual(tagIds.slice(1).sort());
  });

  it('removes one assignee without touching another added at the same time', async () => {
    const colleague = (await signedIn(t, 'investigator')).user.id;
    const other = (await signedIn(t, 'investigator')).user.id;
    const item = await createCaseVia(admin, { assigneeIds: [colleague] });
    const url = `/api/cases/${item.id}`;
    await Promise.all([
      ok(await send('PATCH', url, { removeAssigneeIds: [colleague] })),
      ok(await send('PATCH', url, { addAssigneeIds: [other] })),
    ]);
    const assignees = ok(await admin.get(url)).json().assignees as { id: string }[];
    expect(assignees.map((user) => user.id)).toEqual([other]);
  });

  it('refuses a whole set with an addition to it, and names an unknown added tag as sent', async () => {
    const item = await createCaseVia(admin);
    const both = await send('PATCH', `/api/cases/${item.id}`, { tagIds: [], addTagIds: [item.id] });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.details.fields[0].field).toBe('tagIds');
    const unknown = await send('PATCH', `/api/cases/${item.id}`, { addTagIds: [item.id] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details.fields[0].field).toBe('addTagIds');
  });
});

describe('a group and its members under concurrent writers', () => {
  it('lets one of two members added from the same version through, and one removal', async () => {
    const [first, second] = [
      (await signedIn(t, 'investigator')).user.id,
      (await signedIn(t, 'investigator')).user.id,
    ];
    const group = ok(await admin.post('/api/groups', { name: `Desk ${unique()}` }), 201);
    const url = `/api/groups/${group.json().id}`;
    const etag = ok(await admin.get(url)).headers.etag as string;
    const added = await Promise.all(
      [first, second].map((userId) =>
        admin.request({
          method: 'POST',
          url: `${url}/members`,
          payload: { userId },
          headers: { 'if-match': etag },
        }),
      ),
    );
    expect(added.map((res) => res.statusCode).sort()).toEqual([200, 412]);
    const [winner] = added.filter((res) => res.statusCode === 200);
    const refused = added.find((res) => res.statusCode === 412)!;
    expect(refused.json().error.details.current).toEqual(winner.json());
    const member = winner.json().members[0].userId as string;
    const stale = await admin.request({
      method: 'DELETE',
      url: `${url}/members/${member}`,
      headers: { 'if-match': etag },
    });
    expect(stale.statusCode).toBe(412);
    const removed = await admin.request({
      method: 'DELETE',
      url: `${url}/members/${member}`,
      headers: { 'if-match': winner.headers.etag as string },
    });
    expect(ok(removed).json().members).toEqual([]);
    expect(removed.headers.etag).not.toBe(winner.headers.etag);
  });

  it('adds and removes members of a group deleted at the same time with 404, never 500', async () => {
    const member = (await signedIn(t, 'investigator')).user.id;
    for (let round = 0; round < 5; round += 1) {
      const group = ok(await admin.post('/api/groups', { name: `Gone ${unique()}` }), 201).json();
      const url = `/api/groups/${group.id}`;
      const answers = await Promise.all([
        admin.request({ method: 'DELETE', url }),
        admin.post(`${url}/members`, { userId: member }),
        send('PUT', `${url}/members`, { userIds: [member] }),
      ]);
      const [deleted, ...changes] = answers;
      expect(deleted.statusCode, deleted.body).toBe(204);
      for (const res of changes) expect([200, 404], res.body).toContain(res.statusCode);
      expect((await admin.get(url)).statusCode).toBe(404);
    }
  });
});

describe('a team member, one record of two rows', () => {
  it('has one version whichever route reads it, and an edit by one route is stale for the others', async () => {
    const { id, originatorId } = (await signedIn(t, 'investigator')).user;
    const reads = () =>
      Promise.all(
        [`/api/users/${id}`, `/api/team-members/${id}`, `/api/originators/${originatorId}`].map(
          async (url) => ok(await admin.get(url)).headers.etag,
        ),
      );
    const [etag, ...others] = await reads();
    expect(others).toEqual([etag, etag]);
    const renamed = ok(await send('PATCH', `/api/users/${id}`, { firstName: `Ada ${unique()}` }, etag));
    expect(await reads()).toEqual([renamed.headers.etag, renamed.headers.etag, renamed.headers.etag]);
    for (const url of [`/api/team-members/${id}`, `/api/originators/team-members/${originatorId}`]) {
      const refused = await send('PATCH', url, { lastName: `Stale ${unique()}` }, etag);
      expect(refused.statusCode, refused.body).toBe(412);
      expect(refused.json().error.details.currentETag).toBe(renamed.headers.etag);
    }
    const disabled = ok(await admin.post(`/api/team-members/${id}/disable`, {}));
    expect(disabled.json().updatedAt).not.toBe(renamed.json().updatedAt);
    const stale = await send(
      'PATCH',
      `/api/users/${id}`,
      { firstName: 'Late' },
      renamed.headers.etag as string,
    );
    expect(stale.statusCode, stale.body).toBe(412);
  });

  it('lets exactly one of concurrent edits through the three routes from one version', async () => {
    const { id, originatorId } = (await signedIn(t, 'investigator')).user;
    const etag = ok(await admin.get(`/api/team-members/${id}`)).headers.etag as string;
    const answers = await Promise.all([
      send('PATCH', `/api/users/${id}`, { firstName: 'Ada' }, etag),
      send('PATCH', `/api/team-members/${id}`, { lastName: 'Okafor' }, etag),
      send('PATCH', `/api/originators/team-members/${originatorId}`, { firstName: 'Bo' }, etag),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 412, 412]);
  });
});

interface DocOperation {
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

/** The properties an answer's schema names, through `$ref`, `allOf` and `anyOf`. */
function propertiesOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  return [
    ...Object.keys(schema.properties ?? {}),
    ...[...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(propertiesOf),
  ];
}

/**
 * Edits of a record that carries a version (`updatedAt`) yet take no If-Match, each with why a lost
 * update cannot happen there or does not matter. A new edit is either checked or named here.
 */
const UNCHECKED_EDITS: Record<string, string> = {
  // Removal is final and kept with its reason: an edit after it is refused (409), and a second removal too.
  'DELETE /api/journal-entries/{id}': 'removal nullifies the entry for good; edits of it are refused after',
  // One link each, never a whole set: a link added meanwhile is kept.
  'DELETE /api/journal-entries/{id}/evidence/{evidenceId}': 'takes one link away, keeps the others',
  'DELETE /api/journal-entries/{id}/identifiers/{identifierId}': 'takes one link away, keeps the others',
  'DELETE /api/evidence/{id}/identifiers/{identifierId}': 'takes one link away, keeps the others',
  'POST /api/journal-entries/{id}/evidence/{evidenceId}': 'adds one link, keeps the others',
  'POST /api/journal-entries/{id}/identifiers/{identifierId}': 'adds one link, keeps the others',
  'POST /api/evidence/{id}/identifiers/{identifierId}': 'adds one link, keeps the others',
  'POST /api/journal-entries/{id}/remove': 'removal as DELETE: final, edits of the entry are refused after',
  // Creations and additions: nothing someone else decided meanwhile is undone.
  'POST /api/cases/{id}/journal-entries': 'creates an entry: there is no version to lose',
  'POST /api/originators/community-members/{id}/reputation':
    'adds one adjustment with its reason: adjustments made meanwhile add up, none is lost',
  // The challenge names the entry's content: an entry changed since the start answers 409.
  'POST /api/journal-entries/{id}/sign/complete': 'checked by its challenge: an entry changed since is 409',
};

/** Checked edits whose tests are their own (above), not those of `KINDS`. */
const EXERCISED_ELSEWHERE = ['POST /api/groups/{id}/members', 'DELETE /api/groups/{id}/members/{userId}'];

describe('every edit of a versioned record', () => {
  it('takes If-Match and documents its 412, or is named with the reason it need not', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json();
    const doc = withoutRefs(document.paths, document.components?.schemas ?? {}) as Record<
      string,
      Record<string, DocOperation>
    >;
    const unchecked: string[] = [];
    const checked: string[] = [];
    for (const [path, methods] of Object.entries(doc)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!['put', 'patch', 'post', 'delete'].includes(method)) continue;
        const key = `${method.toUpperCase()} ${path}`;
        const answer = operation.responses['200']?.content?.['application/json']?.schema;
        const takesIfMatch = (operation.parameters ?? []).some(
          (p) => p.in === 'header' && p.name === 'if-match',
        );
        if (takesIfMatch) {
          checked.push(key);
          expect(operation.responses['412'], key).toBeDefined();
          continue;
        }
        if (!propertiesOf(answer).includes('updatedAt')) continue;
        if (!(key in UNCHECKED_EDITS)) unchecked.push(key);
      }
    }
    expect(unchecked).toEqual([]);
    // Every checked edit is exercised by the behaviour tests above, not only documented.
    const exercised = [...KINDS.map((kind) => `${kind.method} ${kind.path}`), ...EXERCISED_ELSEWHERE];
    expect(checked.filter((key) => !exercised.includes(key))).toEqual([]);
  });
});
