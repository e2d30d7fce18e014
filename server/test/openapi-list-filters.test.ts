import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '@scamtrail/domain/permissions';
import { buildTestApp, signedIn, type Client, type TestApp } from './helpers';
import { loadOperations, type JsonSchema, type Operation } from './openapi-operations';
import { automationWithKey, createCommunityMemberVia } from './originator-helpers';

/**
 * A list filters only on what its items show the caller. A filter on a property the answer leaves out
 * for this caller (a team member's role without `team_member.view`) is an oracle: asking for
 * `role=admin` tells who the administrators are as surely as showing the role would. For every list of
 * the document (a GET without path parameters answering `data`) and every query parameter taking one
 * of a few values, each value is asked for by each reader; the answer must be a refusal, or every item
 * it holds must show that value. A filter added later is found in the document and checked: its items
 * must show what it selects on (`SHOWN`), or it must be listed as not selecting (`NOT_FILTERS`).
 */

/** Query parameters with a few values that order or format the answer rather than select items. */
const NOT_FILTERS = new Set(['sort', 'direction', 'format']);

/** Answers that are not a page of items: the STIX bundle of the identifier list, filtered as it is. */
const NOT_LISTS = new Set(['/api/identifiers/stix']);

/** What a list needs besides the filter (its required parameters). */
const BASE_QUERY: Record<string, Record<string, string>> = {
  '/api/journal-entries': { search: 'filtered' },
  // The identifiers a value is, under the list's filters: the e-mail address below is one.
  '/api/identifiers/matches': { value: 'filtered@example.com' },
};

type Item = Record<string, unknown>;

/** Where an item shows the value a filter selects on, by "path parameter"; by default `item[parameter]`. */
const SHOWN: Record<string, (item: Item) => unknown> = {
  '/api/originators/team-members role': (item) => (item.teamMember as Item | null)?.role,
  '/api/originators/team-members status': (item) => (item.teamMember as Item | null)?.status,
  '/api/originators/community-members status': (item) => (item.active ? 'active' : 'inactive'),
  '/api/automations status': (item) => (item.active ? 'active' : 'inactive'),
  '/api/originators/automations status': (item) => (item.active ? 'active' : 'inactive'),
  '/api/identifiers/review-queue status': (item) => (item.review as Item | null)?.status,
  '/api/identifiers/review-queue reportedBy': (item) => (item.originator as Item | null)?.type,
};

/** Every view permission but those that show accounts: the key reads people only as originators. */
const KEY_SCOPES = PERMISSIONS.filter(
  (p) => p.endsWith('.view') && p !== 'team_member.view' && p !== 'user.view',
) as Permission[];

let t: TestApp;
let readers: [string, Client][];
let admin: Client;
let lists: Operation[];

beforeAll(async () => {
  t = await buildTestApp();
  const seeder = await signedIn(t, 'admin');
  admin = seeder.client;
  const viewer = await signedIn(t, 'viewer');
  const investigator = await signedIn(t, 'investigator');
  const post = async (url: string, body: unknown) => {
    const res = await admin.post(url, body);
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: string };
  };
  // A record of each kind the lists filter, so that each filter selects something.
  const member = await createCommunityMemberVia(admin, { username: 'filtered-reporter' });
  await post('/api/automations', { systemName: 'Filtered automation' });
  const kase = await post('/api/cases', { title: 'A filtered case', priority: 'high', scamType: 'romance' });
  await post('/api/identifiers', { type: 'email', data: { address: 'filtered@example.com' } });
  await post('/api/identifiers', {
    type: 'phone',
    data: { countryCode: '+44', number: '7700900123' },
    onBehalfOfOriginatorId: member.id,
  });
  await post('/api/evidence', { title: 'Filtered evidence', body: 'written', caseId: kase.id });
  await post('/api/journal-entries', { type: 'note', description: 'A filtered entry', caseId: kase.id });
  const { caller: key } = await automationWithKey(t, admin, KEY_SCOPES);
  readers = [
    ['a viewer', viewer.client],
    ['an investigator', investigator.client],
    ['an API key holding every view permission but those of accounts', key],
    ['an administrator', admin],
  ];
  lists = (await loadOperations(t.app)).filter(
    (op) => op.method === 'GET' && op.pathParams.length === 0 && !NOT_LISTS.has(op.path),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const urlOf = (op: Operation, name: string, value: string) =>
  `${op.path}?${new URLSearchParams({ ...BASE_QUERY[op.path], [name]: value })}`;

function valuesOf(schema: JsonSchema): string[] {
  const values = schema.enum ?? schema.items?.enum ?? [];
  return values.filter((value): value is string => typeof value === 'string');
}

/** Each list's query parameters that select items by one of a few values. */
function filters(): { op: Operation; name: string; values: string[] }[] {
  return lists.flatMap((op) =>
    op.query
      .filter((query) => !NOT_FILTERS.has(query.name) && valuesOf(query.schema).length > 0)
      .map((query) => ({ op, name: query.name, values: valuesOf(query.schema) })),
  );
}

describe('a list filters only on what its items show the caller', () => {
  it('the document has such filters, among them the team members’ role', () => {
    const keys = filters().map(({ op, name }) => `${op.path} ${name}`);
    expect(keys).toContain('/api/originators/team-members role');
    expect(keys.length).toBeGreaterThan(10);
  });

  it('each filter selects something for an administrator: the check looks where items are', async () => {
    const empty: string[] = [];
    for (const { op, name, values } of filters()) {
      let found = 0;
      for (const value of values) {
        const res = await admin.get(urlOf(op, name, value));
        if (res.statusCode === 200) found += (res.json() as { data?: unknown[] }).data?.length ?? 0;
      }
      if (found === 0) empty.push(`${op.path} ${name}`);
    }
    expect(empty).toEqual([]);
  });

  it('each value is refused, or shown on every item it selects, to every reader', async () => {
    const oracles: string[] = [];
    for (const { op, name, values } of filters()) {
      const shown = SHOWN[`${op.path} ${name}`] ?? ((item: Item) => item[name]);
      for (const value of values) {
        for (const [who, client] of readers) {
          const res = await client.get(urlOf(op, name, value));
          if (res.statusCode >= 400 && res.statusCode < 500) continue;
          expect(res.statusCode, `${who}: ${op.path}?${name}=${value}`).toBe(200);
          const items = ((res.json() as { data?: Item[] }).data ?? []) as Item[];
          const hidden = items.filter((item) => shown(item) !== value);
          if (hidden.length > 0)
            oracles.push(`${who}: ${op.path}?${name}=${value} selects what it does not show`);
        }
      }
    }
    expect(oracles).toEqual([]);
  });

  it('a reader without team_member.view is refused the role filter, naming it', async () => {
    const viewer = readers[0][1];
    const res = await viewer.get('/api/originators/team-members?role=admin');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual(['role']);
  });
});
