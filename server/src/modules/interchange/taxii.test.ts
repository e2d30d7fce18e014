import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  clientWithHeaders,
  PUBLIC_URL,
  signedIn,
  type Client,
  type TestApp,
} from '../../../test/helpers';
import { firstStatement, planWithoutSort } from '../../../test/statement-log';
import { insertAutomationKey } from '../identifiers/identifier-test-fixtures';
import { stixProducer } from './taxii.producer';
import { findLastAdded, findTaxiiIdentifiers } from './taxii.repository';
import { referenceProblems, stixProblems, versionProblems } from './taxii.stix-rules';

/**
 * TAXII 2.1 read-only, polled by a client written here from the specification (OASIS TAXII 2.1:
 * §4.1 discovery, §4.2 API root, §5.1-5.4 collections, manifest and objects with added_after, limit,
 * next and match[type], §5.6 an object and §5.8 its versions with match[version], §3.3 the media
 * type, §3.4 pagination with `more` and `next`), and a deletion seen by a poller as a revoked version.
 * Every object served is checked against STIX 2.1's rules (`taxii.stix-rules.ts`): each identifier is
 * an Indicator (an SCO has no versions, so it cannot be revoked), and its versions obey §3.6.
 */

const TAXII = 'application/taxii+json;version=2.1';
/** TAXII 2.1 §3.6.1: the error message's properties. */
const TAXII_ERROR_PROPERTIES = [
  'title',
  'description',
  'error_id',
  'error_code',
  'http_status',
  'external_details',
  'details',
];
const MIGRATION_0040 = new URL('../../db/migrations/0040_taxii_indicator_ids.sql', import.meta.url);
const MIGRATION_0041 = new URL('../../db/migrations/0041_taxii_v4_ids_and_producer.sql', import.meta.url);
const ROWS = 1000;

let t: TestApp;
let reader: Client;
let admin: Client;
let collectionId: string;

type StixJson = { id: string; type: string } & Record<string, unknown>;

/** Every object any test was served: its versions are checked together (§3.6) at the end. */
const served: StixJson[] = [];

/** The value an Indicator's pattern names (its first string constant, unescaped). */
function valueOf(object: StixJson): string | undefined {
  const constant = /= '((?:[^'\\]|\\.)*)'/.exec(String(object.pattern));
  return constant?.[1].replace(/\\(.)/g, '$1');
}

/** The identifier's type, as the Indicator's property extension carries it. */
function identifierTypeOf(object: StixJson): unknown {
  const extensions = (object.extensions ?? {}) as Record<string, Record<string, unknown>>;
  return Object.values(extensions)[0]?.identifier_type;
}

/** The producer's identity and extension definition among objects, in that order. */
function producerObjects(objects: StixJson[]): [StixJson, StixJson] {
  const of = (type: string) => objects.filter((o) => o.type === type);
  expect(of('identity')).toHaveLength(1);
  expect(of('extension-definition')).toHaveLength(1);
  return [of('identity')[0], of('extension-definition')[0]];
}

/** A manifest entry of an Indicator (not one of the producer's objects). */
const isIndicatorEntry = (entry: Json) => String(entry.id).startsWith('indicator--');

/** A UUIDv4 STIX id of the type (§2.9: SDOs and meta objects SHOULD have one). */
const v4Id = (type: string) =>
  new RegExp(`^${type}--[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`);

/** The default description of an identifier without notes. */
const NO_NOTES = 'Email identifier recorded in a Scamtrail fraud case.';

/** A TAXII client: sends TAXII's Accept, checks the media type of every answer, follows `next`. */
class TaxiiClient {
  constructor(private readonly client: Client) {}

  async get(url: string) {
    const path = url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url;
    const res = await this.client.request({ method: 'GET', url: path, headers: { accept: TAXII } });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    // Exactly: the OASIS client (taxii2client) looks for `version=2.1`, unquoted, in the answer's type.
    expect(res.headers['content-type']).toBe(TAXII);
    const body = res.json() as Record<string, unknown>;
    if (/\/objects\//.test(path) && !/\/versions\//.test(path)) {
      for (const object of (body.objects as StixJson[] | undefined) ?? []) {
        expect(stixProblems(object), JSON.stringify(object)).toEqual([]);
        served.push(object);
      }
    }
    return { body, headers: res.headers };
  }

  /** Every version of an object after `addedAfter`, page by page (§5.8). */
  async versions(objectUrl: string, options: { limit: number; addedAfter?: string }) {
    const versions: string[] = [];
    let next: string | undefined;
    let pages = 0;
    for (;;) {
      const params = new URLSearchParams({ limit: String(options.limit) });
      if (options.addedAfter) params.set('added_after', options.addedAfter);
      if (next) params.set('next', next);
      const { body } = await this.get(`${objectUrl}versions/?${params}`);
      pages += 1;
      const page = (body.versions as string[] | undefined) ?? [];
      expect(page.length).toBeLessThanOrEqual(options.limit);
      versions.push(...page);
      if (!body.more) return { versions, pages };
      expect(typeof body.next).toBe('string');
      next = body.next as string;
    }
  }

  /** Every object of the collection after `addedAfter`, page by page; also the last date added seen. */
  async poll(objectsUrl: string, options: { addedAfter?: string; limit: number; type?: string }) {
    const objects: StixJson[] = [];
    let next: string | undefined;
    let lastAdded: string | undefined;
    let pages = 0;
    for (;;) {
      const params = new URLSearchParams({ limit: String(options.limit) });
      if (options.addedAfter) params.set('added_after', options.addedAfter);
      if (options.type) params.set('match[type]', options.type);
      if (next) params.set('next', next);
      const path = `${objectsUrl}?${params}`;
      const { body, headers } = await this.get(path);
      pages += 1;
      const page = (body.objects as StixJson[] | undefined) ?? [];
      expect(page.length).toBeLessThanOrEqual(options.limit);
      // A page that says more is full: the OASIS client asks for as many per page as the first held.
      if (body.more) expect(page.length, `${path}: a page that says more`).toBe(options.limit);
      objects.push(...page);
      if (headers['x-taxii-date-added-last']) lastAdded = String(headers['x-taxii-date-added-last']);
      if (!body.more) {
        const indicators = objects.filter((o) => o.type === 'indicator');
        // A poll that receives an Indicator ends with their creator and extension definition, added
        // again with the last object added (docs/interchange.md, "The producer").
        if (!options.type && indicators.length > 0) {
          expect(objects.slice(-2).map((o) => o.type)).toEqual(['identity', 'extension-definition']);
          expect(referenceProblems(objects)).toEqual([]);
        }
        return { objects, indicators, pages, lastAdded };
      }
      expect(typeof body.next).toBe('string');
      next = body.next as string;
    }
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const signedAdmin = await signedIn(t, 'admin');
  admin = signedAdmin.client;
  const stream = await admin.post('/api/export-streams', {
    name: 'Partner bank',
    topics: ['identifiers'],
  });
  expect(stream.statusCode, stream.body).toBe(201);
  collectionId = stream.json().id;
  // A stream without identifiers is no collection.
  await admin.post('/api/export-streams', { name: 'Cases only', topics: ['cases'] });
  // 1,000 e-mails added a second apart, and every tenth also a phone number.
  await db.execute(sql`insert into identifiers (type, data, display_value, normalized_key, originator_id, created_at, updated_at)
    select 'email', jsonb_build_object('address', 'taxii' || g || '@example.com'), 'taxii' || g || '@example.com',
      'taxii' || g || '@example.com', ${signedAdmin.user.originatorId}::uuid, timestamptz '2025-01-01' + g * interval '1 second',
      timestamptz '2025-01-01' + g * interval '1 second'
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`insert into identifiers (type, data, display_value, normalized_key, originator_id, created_at, updated_at)
    select 'phone', jsonb_build_object('countryCode', '+1', 'number', '20255' || lpad(g::text, 5, '0')),
      '+1 20255' || lpad(g::text, 5, '0'), '+120255' || lpad(g::text, 5, '0'), ${signedAdmin.user.originatorId}::uuid,
      timestamptz '2025-01-01' + g * interval '10 second' + interval '1 millisecond',
      timestamptz '2025-01-01' + g * interval '10 second' + interval '1 millisecond'
    from generate_series(1, ${ROWS / 10}) g`);
  // The producer (its identity and extension definition), as a feed that served its first objects
  // before these identifiers were added: its objects come first in the collection.
  await db.execute(sql`insert into stix_producer (identity_id, extension_id, name, created, modified)
    values (gen_random_uuid(), gen_random_uuid(), ${`Scamtrail (${new URL(PUBLIC_URL).host})`},
      timestamptz '2024-12-31', timestamptz '2024-12-31')`);
  const { key } = await insertAutomationKey(db, ['export.view', 'identifier.view']);
  reader = clientWithHeaders(t.app, { authorization: `Bearer ${key}` });
}, 120_000);
afterAll(async () => {
  await t.close();
});

afterAll(async () => {
  // Every version served, by every test: one created per id, one content per (id, modified),
  // nothing after a revocation. Then, for each id seen in more than one version (or not from its
  // first), all its versions at once (§5.6): the first is modified at its created.
  const seen = [...served];
  expect(seen.length).toBeGreaterThan(ROWS);
  expect(versionProblems(seen, { complete: false })).toEqual([]);
  // Every Indicator's creator and extension definition were served too.
  expect(referenceProblems(seen)).toEqual([]);
  // (The producer's identity keeps its latest version only: the Indicators', all.)
  const ids = new Set(
    seen.filter((o) => o.type === 'indicator' && (o.revoked || o.created !== o.modified)).map((o) => o.id),
  );
  expect(ids.size).toBeGreaterThan(5);
  const taxii = new TaxiiClient(reader);
  for (const id of ids) {
    const { body } = await taxii.get(
      `/taxii2/root/collections/${collectionId}/objects/${id}/?match[version]=all&limit=1000`,
    );
    expect(versionProblems(body.objects as StixJson[]), id).toEqual([]);
  }
}, 60_000);

describe('TAXII 2.1', () => {
  it('discovery leads to the API root and the collections, one per stream carrying identifiers', async () => {
    const taxii = new TaxiiClient(reader);
    const discovery = (await taxii.get('/taxii2/')).body;
    const roots = discovery.api_roots as string[];
    expect(roots).toHaveLength(1);
    const root = (await taxii.get(roots[0])).body;
    expect(root.versions).toEqual([TAXII]);
    const collections = (await taxii.get(`${roots[0]}collections/`)).body.collections as Json[];
    expect(collections.map((c) => c.title)).toEqual(['Partner bank']);
    expect(collections[0]).toMatchObject({ id: collectionId, can_read: true, can_write: false });
    const one = (await taxii.get(`${roots[0]}collections/${collectionId}/`)).body;
    expect(one.id).toBe(collectionId);
  });

  it('pages through 1,100 objects with limit and next, then only the newer with added_after', async () => {
    const taxii = new TaxiiClient(reader);
    const objectsUrl = `/taxii2/root/collections/${collectionId}/objects/`;
    const all = await taxii.poll(objectsUrl, { limit: 100 });
    expect(all.pages).toBe(12);
    // The Indicators, then the producer's identity and extension definition, added again with the
    // last object added (the identity first: they are placed after the objects added at that time).
    expect(all.objects).toHaveLength(2 + ROWS + ROWS / 10);
    expect(new Set(all.objects.map((o) => o.id)).size).toBe(2 + ROWS + ROWS / 10);
    const [identity, extension] = producerObjects(all.objects.slice(-2));
    const indicators = all.indicators;
    expect(indicators).toHaveLength(ROWS + ROWS / 10);
    expect(identity).toMatchObject({ type: 'identity', name: 'Scamtrail (localhost:3000)' });
    expect(identity.id).toMatch(v4Id('identity'));
    expect(extension).toMatchObject({
      type: 'extension-definition',
      created_by_ref: identity.id,
      extension_types: ['property-extension'],
    });
    expect(extension.id).toMatch(v4Id('extension-definition'));
    for (const indicator of indicators) {
      expect(indicator.id).toMatch(v4Id('indicator'));
      expect(indicator.created_by_ref).toBe(identity.id);
      expect(Object.keys(indicator.extensions as object)).toEqual([extension.id]);
    }
    // The last phone, a millisecond after the last e-mail.
    expect(all.lastAdded).toBe('2025-01-01T00:16:40.001000Z');

    // Nothing new since the last poll.
    expect((await taxii.poll(objectsUrl, { limit: 100, addedAfter: all.lastAdded })).objects).toEqual([]);
    // A poll from halfway: the 500 e-mails and 51 phones (the 50th a millisecond after) added since,
    // and the producer's objects, made before that time: a client whose first poll starts there
    // still receives the identity and extension definition its Indicators refer to.
    const half = await taxii.poll(objectsUrl, { limit: 250, addedAfter: '2025-01-01T00:08:20.000Z' });
    expect(half.indicators).toHaveLength(551);
    expect(half.objects.slice(-2)).toEqual([identity, extension]);
    expect(half.pages).toBe(3);
    // Even from the last object added but one: that object, then the producer's.
    const lastButOne = indicators.at(-2)!.modified as string;
    const late = await taxii.poll(objectsUrl, { limit: 1, addedAfter: lastButOne });
    expect(late.objects).toEqual([indicators.at(-1), identity, extension]);
    expect(late.pages).toBe(3);

    // Every object is an Indicator: match[type] selects all or none.
    const onlyIndicators = await taxii.poll(objectsUrl, { limit: 1000, type: 'indicator' });
    expect(onlyIndicators.objects).toHaveLength(ROWS + ROWS / 10);
    expect(new Set(onlyIndicators.objects.map((o) => o.type))).toEqual(new Set(['indicator']));
    const producer = await taxii.poll(objectsUrl, { limit: 1, type: 'identity,extension-definition' });
    expect(producerObjects(producer.objects)).toEqual([identity, extension]);
    expect(producer.pages).toBe(2);
    const phones = onlyIndicators.objects.filter((o) =>
      String(o.pattern).startsWith('[phone-number:value = '),
    );
    expect(phones).toHaveLength(ROWS / 10);
    expect(phones[0]).toMatchObject({
      pattern: "[phone-number:value = '+12025500001']",
      pattern_type: 'stix',
      extensions: { [extension.id]: { extension_type: 'property-extension', identifier_type: 'phone' } },
    });
    expect((await taxii.poll(objectsUrl, { limit: 1000, type: 'phone-number,email-addr' })).objects).toEqual(
      [],
    );
  });

  it('the manifest lists the same objects with when each was added', async () => {
    const taxii = new TaxiiClient(reader);
    const { body } = await taxii.get(`/taxii2/root/collections/${collectionId}/manifest/?limit=5`);
    const entries = body.objects as Json[];
    expect(entries).toHaveLength(5);
    expect(body.more).toBe(true);
    expect(entries[0]).toMatchObject({
      date_added: '2025-01-01T00:00:01.000000Z',
      media_type: 'application/stix+json;version=2.1',
    });
    expect(String(entries[0].id)).toMatch(v4Id('indicator'));
    // The producer's objects, made before (the fixture's time), added again with the last object.
    const producer = (
      await taxii.get(
        `/taxii2/root/collections/${collectionId}/manifest/?match[type]=identity,extension-definition`,
      )
    ).body.objects as Json[];
    expect(producer).toEqual([
      expect.objectContaining({
        date_added: '2025-01-01T00:16:40.001000Z',
        version: '2024-12-31T00:00:00.000000Z',
      }),
      expect.objectContaining({
        date_added: '2025-01-01T00:16:40.001000Z',
        version: '2024-12-31T00:00:00.000000Z',
      }),
    ]);
    expect(producer.map((entry) => String(entry.id).split('--')[0])).toEqual([
      'identity',
      'extension-definition',
    ]);
  });

  it('refuses the anonymous, a key without export.view, bad parameters, and unknown collections', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/taxii2/' })).statusCode).toBe(401);
    const { key } = await insertAutomationKey(t.database.db, ['identifier.view']);
    const other = clientWithHeaders(t.app, { authorization: `Bearer ${key}` });
    expect((await other.get('/taxii2/root/collections/')).statusCode).toBe(403);
    const objects = `/taxii2/root/collections/${collectionId}/objects/`;
    expect((await reader.get(`${objects}?limit=0`)).statusCode).toBe(400);
    expect((await reader.get(`${objects}?added_after=yesterday`)).statusCode).toBe(400);
    // What Date.parse takes but is no RFC 3339 timestamp, or one PostgreSQL cannot hold: 500s before.
    for (const time of [
      '1',
      '2025',
      '2025-01-01',
      'Jan 1 2025',
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59-14:00',
    ]) {
      for (const path of [objects, `${objects.replace('/objects/', '/manifest/')}`]) {
        const refused = await reader.get(`${path}?added_after=${encodeURIComponent(time)}`);
        expect(refused.statusCode, `${path} added_after=${time}: ${refused.body}`).toBe(400);
      }
    }
    expect((await reader.get(`${objects}?next=garbage`)).statusCode).toBe(400);
    expect((await reader.get(`/taxii2/root/collections/${crypto.randomUUID()}/objects/`)).statusCode).toBe(
      404,
    );
    // Not the web app's HTML: an unknown TAXII path is a JSON 404.
    const unknown = await reader.get('/taxii2/nowhere/');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/json/);
  });

  it('answers every error as a TAXII error message (§3.6.1) in the TAXII media type', async () => {
    const objects = `/taxii2/root/collections/${collectionId}/objects/`;
    const { key } = await insertAutomationKey(t.database.db, ['identifier.view']);
    const other = clientWithHeaders(t.app, { authorization: `Bearer ${key}` });
    const cases: [
      Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>,
      number,
      string,
    ][] = [
      [t.app.inject({ method: 'GET', url: objects, headers: { accept: TAXII } }), 401, 'UNAUTHENTICATED'],
      [
        t.app.inject({
          method: 'GET',
          url: objects,
          headers: { accept: TAXII, authorization: 'Bearer nonsense' },
        }),
        401,
        'UNAUTHENTICATED',
      ],
      [other.get(objects), 403, 'FORBIDDEN'],
      [reader.get(`/taxii2/root/collections/${crypto.randomUUID()}/objects/`), 404, 'NOT_FOUND'],
      [reader.get(`${objects}indicator--${crypto.randomUUID()}/`), 404, 'NOT_FOUND'],
      [reader.get('/taxii2/nowhere/'), 404, 'NOT_FOUND'],
      [reader.request({ method: 'POST', url: objects, payload: {} }), 405, 'METHOD_NOT_ALLOWED'],
      [reader.get(`${objects}?limit=0`), 400, 'VALIDATION_FAILED'],
      [reader.get(`${objects}?added_after=yesterday`), 400, 'VALIDATION_FAILED'],
      [reader.get(`${objects}?next=garbage`), 400, 'VALIDATION_FAILED'],
      [reader.get(`${objects}?match[id]=not-an-id`), 400, 'VALIDATION_FAILED'],
      [reader.get(`${objects}?match[version]=all`), 400, 'VALIDATION_FAILED'],
      [
        reader.request({ method: 'GET', url: objects, headers: { accept: 'text/html' } }),
        406,
        'NOT_ACCEPTABLE',
      ],
      // Refused by the router before any route is matched (the server's frameworkErrors).
      [reader.get('/taxii2/root/collections/%E0%A4%A/objects/'), 400, 'BAD_REQUEST'],
      [reader.get('/taxii2/%E0%A4%A'), 400, 'BAD_REQUEST'],
      [reader.get(`/taxii2/root/collections/${'a'.repeat(201)}/`), 414, 'URI_TOO_LONG'],
      [reader.get(`${objects}indicator--${'a'.repeat(201)}/versions/`), 414, 'URI_TOO_LONG'],
    ];
    for (const [answer, status, code] of cases) {
      const res = await answer;
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['content-type'], res.body).toBe(TAXII);
      const error = JSON.parse(res.body) as Json;
      expect(error, res.body).toMatchObject({ http_status: String(status), error_code: code });
      expect(typeof error.title).toBe('string');
      expect(typeof error.description).toBe('string');
      expect(typeof error.error_id).toBe('string');
      // Only the properties §3.6.1 defines.
      for (const name of Object.keys(error)) {
        expect(TAXII_ERROR_PROPERTIES, name).toContain(name);
      }
      if (code === 'VALIDATION_FAILED') {
        expect((error.details as { fields: unknown[] }).fields.length).toBeGreaterThan(0);
      }
    }
    // The details name the parameters to blame.
    const limit = JSON.parse((await reader.get(`${objects}?limit=0`)).body) as Json;
    expect(limit.details).toEqual({ fields: [expect.objectContaining({ field: 'limit' })] });
    // The rest of the API keeps its own error shape.
    const api = await t.app.inject({ method: 'GET', url: '/api/identifiers' });
    expect(api.statusCode).toBe(401);
    expect(api.json()).toEqual({ error: expect.objectContaining({ code: 'UNAUTHENTICATED' }) });
    // The router's refusals too, outside TAXII's prefix (a path that only starts like it included).
    for (const [url, status, code] of [
      ['/api/cases/%E0%A4%A', 400, 'BAD_REQUEST'],
      ['/taxii2x/%E0%A4%A', 400, 'BAD_REQUEST'],
      [`/api/cases/${'a'.repeat(201)}`, 414, 'URI_TOO_LONG'],
    ] as const) {
      const res = await reader.get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ error: { code, message: expect.any(String) } });
    }
  });

  it('answers the Accept headers TAXII clients send, and 406 for one that admits no TAXII 2.1', async () => {
    const objects = `/taxii2/root/collections/${collectionId}/objects/?limit=1`;
    const accepted = [
      // The OASIS client (taxii2client), MISP and OpenCTI's TAXII 2.1 feeds through it.
      'application/taxii+json;version=2.1',
      'application/taxii+json; version=2.1',
      'application/taxii+json;version="2.1"',
      'Application/TAXII+JSON;Version=2.1',
      // No version: the latest (§1.6.8).
      'application/taxii+json',
      // OpenCTI's TAXII feed (axios' default), curl's, a browser's.
      'application/json, text/plain, */*',
      '*/*',
      'application/*',
      'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'application/taxii+json;version=2.0, application/taxii+json;version=2.1;q=0.5',
      undefined,
    ];
    for (const accept of accepted) {
      const res = await reader.request({ method: 'GET', url: objects, headers: accept ? { accept } : {} });
      expect(res.statusCode, `${accept}: ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toBe(TAXII);
      expect(String(res.headers.vary)).toMatch(/accept/i);
    }
    const refused = [
      'application/json',
      'text/html',
      'application/stix+json;version=2.1',
      'application/taxii+json;version=2.0',
      // TAXII 2.0's media type.
      'application/vnd.oasis.taxii+json; version=2.0',
      '*/*;q=0',
      'application/taxii+json;q=0, */*',
      'application/taxii+json;version=2.1;q=0, application/*',
    ];
    for (const accept of refused) {
      for (const url of [objects, '/taxii2/', `/taxii2/root/collections/${collectionId}/manifest/`]) {
        const res = await reader.request({ method: 'GET', url, headers: { accept } });
        expect(res.statusCode, `${accept} ${url}: ${res.body}`).toBe(406);
        expect(res.headers['content-type']).toBe(TAXII);
        expect(JSON.parse(res.body)).toMatchObject({ http_status: '406', error_code: 'NOT_ACCEPTABLE' });
      }
    }
    // Who may call is decided first: the anonymous is a 401 whatever it accepts.
    const anonymous = await t.app.inject({ method: 'GET', url: objects, headers: { accept: 'text/html' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('adds an identifier changed after a poll again, as a new version of the same object', async () => {
    const taxii = new TaxiiClient(reader);
    const objectsUrl = `/taxii2/root/collections/${collectionId}/objects/`;
    const before = await taxii.poll(objectsUrl, { limit: 1000 });
    const old = before.objects.find((o) => valueOf(o) === 'taxii5@example.com')!;
    // An edit, as the identifier service makes it: the data and updated_at change.
    await t.database.db.execute(sql`update identifiers
      set data = data || '{"notes": "seen again in a second case"}'::jsonb, updated_at = timestamptz '2025-02-01'
      where normalized_key = 'taxii5@example.com'`);
    const since = await taxii.poll(objectsUrl, { limit: 100, addedAfter: before.lastAdded });
    expect(since.indicators.map((o) => o.id)).toEqual([old.id]);
    expect(since.indicators[0]).toMatchObject({
      description: 'seen again in a second case',
      created: old.created,
      modified: '2025-02-01T00:00:00.000000Z',
    });
    const manifest = (
      await taxii.get(`/taxii2/root/collections/${collectionId}/manifest/?added_after=${before.lastAdded}`)
    ).body.objects as Json[];
    expect(manifest).toEqual([
      expect.objectContaining({
        id: old.id,
        date_added: '2025-02-01T00:00:00.000000Z',
        version: '2025-02-01T00:00:00.000000Z',
      }),
      // The producer's objects, added again with it.
      expect.objectContaining({
        id: expect.stringMatching(/^identity--/),
        date_added: '2025-02-01T00:00:00.000000Z',
      }),
      expect.objectContaining({
        id: expect.stringMatching(/^extension-definition--/),
        date_added: '2025-02-01T00:00:00.000000Z',
      }),
    ]);
    // A full poll still has it once, in its new place.
    const after = await taxii.poll(objectsUrl, { limit: 1000 });
    expect(after.objects).toHaveLength(before.objects.length);
    expect(after.indicators.at(-1)!.id).toBe(old.id);
  });

  it('answers an object by id with its versions (§5.6, §5.8), the latest by default', async () => {
    const taxii = new TaxiiClient(reader);
    const objectsUrl = `/taxii2/root/collections/${collectionId}/objects/`;
    // Two edits of one identifier, as the identifier service makes them.
    for (const [note, at] of [
      ['first note', '2025-03-01T00:00:00Z'],
      ['second note', '2025-03-02T00:00:00.000250Z'],
    ]) {
      await t.database.db.execute(sql`update identifiers
        set data = data || jsonb_build_object('notes', ${note}::text), updated_at = ${at}::timestamptz
        where normalized_key = 'taxii9@example.com'`);
    }
    const everything = await taxii.poll(objectsUrl, { limit: 1000 });
    const object = everything.objects.find((o) => valueOf(o) === 'taxii9@example.com')!;
    const objectUrl = `${objectsUrl}${object.id}/`;

    const versions = await taxii.versions(objectUrl, { limit: 1 });
    expect(versions.versions).toEqual([
      '2025-01-01T00:00:09.000000Z',
      '2025-03-01T00:00:00.000000Z',
      '2025-03-02T00:00:00.000250Z',
    ]);
    expect(versions.pages).toBe(3);
    expect(
      (await taxii.versions(objectUrl, { limit: 10, addedAfter: '2025-03-01T00:00:00Z' })).versions,
    ).toEqual(['2025-03-02T00:00:00.000250Z']);

    const latest = await taxii.get(objectUrl);
    expect(latest.body.more).toBe(false);
    expect(latest.body.objects).toEqual([
      expect.objectContaining({ id: object.id, description: 'second note' }),
    ]);
    expect(latest.headers['x-taxii-date-added-last']).toBe('2025-03-02T00:00:00.000250Z');
    const first = (await taxii.get(`${objectUrl}?match[version]=first`)).body.objects as StixJson[];
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ description: NO_NOTES, modified: first[0].created });
    const chosen = (await taxii.get(`${objectUrl}?match[version]=2025-03-01T00:00:00.000Z`)).body
      .objects as StixJson[];
    expect(chosen.map((o) => o.description)).toEqual(['first note']);
    // All three, two a page, with next.
    const page1 = (await taxii.get(`${objectUrl}?match[version]=all&limit=2`)).body;
    expect(page1.more).toBe(true);
    expect((page1.objects as StixJson[]).map((o) => o.description)).toEqual([NO_NOTES, 'first note']);
    const page2 = (await taxii.get(`${objectUrl}?match[version]=all&limit=2&next=${page1.next as string}`))
      .body;
    expect(page2.more).toBe(false);
    expect((page2.objects as StixJson[]).map((o) => o.description)).toEqual(['second note']);
    // Another spec version: nothing, but the object exists.
    expect((await taxii.get(`${objectUrl}?match[spec_version]=2.0`)).body.objects).toBeUndefined();
  });

  it('tells a poller that an identifier was deleted: a revoked version, modified at the deletion', async () => {
    const taxii = new TaxiiClient(reader);
    const objectsUrl = `/taxii2/root/collections/${collectionId}/objects/`;
    const before = await taxii.poll(objectsUrl, { limit: 1000 });
    const gone = before.objects.find((o) => valueOf(o) === 'taxii7@example.com')!;
    expect(gone.revoked).toBeUndefined();
    const found = await t.database.db.execute(
      sql`select id from identifiers where normalized_key = 'taxii7@example.com'`,
    );
    const [{ id }] = (found as unknown as { rows: { id: string }[] }).rows;
    const deleted = await admin.request({ method: 'DELETE', url: `/api/identifiers/${id}` });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const since = await taxii.poll(objectsUrl, { limit: 100, addedAfter: before.lastAdded });
    expect(since.indicators).toHaveLength(1);
    const revoked = since.indicators[0];
    expect(revoked).toMatchObject({
      id: gone.id,
      type: 'indicator',
      pattern: "[email-addr:value = 'taxii7@example.com']",
      created: gone.created,
      revoked: true,
    });
    expect(revoked.modified).toBe(since.lastAdded);
    expect(Date.parse(String(revoked.modified))).toBeGreaterThan(Date.parse(before.lastAdded!));
    const manifest = (
      await taxii.get(`/taxii2/root/collections/${collectionId}/manifest/?added_after=${before.lastAdded}`)
    ).body.objects as Json[];
    expect(manifest.filter(isIndicatorEntry)).toEqual([
      expect.objectContaining({ id: gone.id, version: revoked.modified }),
    ]);
    // A full poll has it once: withdrawn, where it was withdrawn.
    const after = await taxii.poll(objectsUrl, { limit: 1000 });
    expect(after.objects.filter((o) => o.id === gone.id)).toEqual([revoked]);
    expect(after.objects).toHaveLength(before.objects.length);
    // Its versions: added, then revoked; the object itself is the revoked one.
    const objectUrl = `${objectsUrl}${gone.id}/`;
    expect((await taxii.versions(objectUrl, { limit: 10 })).versions).toEqual([
      '2025-01-01T00:00:07.000000Z',
      revoked.modified,
    ]);
    expect((await taxii.get(objectUrl)).body.objects).toEqual([revoked]);
  });

  it('revokes only its own Indicator when the deleted identifier is a value another identifier has', async () => {
    const taxii = new TaxiiClient(reader);
    const objectsUrl = `/taxii2/root/collections/${collectionId}/objects/`;
    // A Zelle handle that is the e-mail taxii3@example.com: the same observable, its own Indicator.
    const inserted = await t.database.db.execute(sql`insert into identifiers
        (type, data, display_value, normalized_key, originator_id, updated_at)
      select 'zelle', '{"identifierType": "email", "identifier": "taxii3@example.com"}'::jsonb,
        'taxii3@example.com', 'taxii3@example.com', originator_id, timestamptz '2025-04-01'
      from identifiers where normalized_key = 'taxii3@example.com' returning id`);
    const [{ id }] = (inserted as unknown as { rows: { id: string }[] }).rows;
    const before = await taxii.poll(objectsUrl, { limit: 1000 });
    const both = before.objects.filter((o) => valueOf(o) === 'taxii3@example.com');
    expect(both.map(identifierTypeOf)).toEqual(['email', 'zelle']);
    expect(both[0].pattern).toBe(both[1].pattern);
    const [email, zelle] = both;
    expect(email.id).not.toBe(zelle.id);
    const deleted = await admin.request({ method: 'DELETE', url: `/api/identifiers/${id}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const since = await taxii.poll(objectsUrl, { limit: 100, addedAfter: before.lastAdded });
    expect(since.indicators).toEqual([expect.objectContaining({ id: zelle.id, revoked: true })]);
    const now = (await taxii.get(`${objectsUrl}${email.id}/`)).body.objects as StixJson[];
    expect(now).toEqual([email]);
  });

  it('tells a poller that a value changed: the old object revoked at the change, then the new one', async () => {
    const taxii = new TaxiiClient(reader);
    const objectsUrl = `/taxii2/root/collections/${collectionId}/objects/`;
    const manifestUrl = `/taxii2/root/collections/${collectionId}/manifest/`;
    const before = await taxii.poll(objectsUrl, { limit: 1000 });
    const old = before.objects.find((o) => valueOf(o) === 'taxii11@example.com')!;
    const id = await identifierIdOf('taxii11@example.com');
    const changed = await admin.put(`/api/identifiers/${id}`, { data: { address: 'renamed11@example.com' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const changedAt = await versionOf(id);

    // One object a page: the revocation and the new object share a time and an identifier, and
    // `next` after the first still leads to the second.
    const since = await taxii.poll(objectsUrl, { limit: 1, addedAfter: before.lastAdded });
    expect(since.indicators).toHaveLength(2);
    const [revoked, renamed] = since.indicators;
    expect(revoked).toMatchObject({
      id: old.id,
      type: 'indicator',
      pattern: "[email-addr:value = 'taxii11@example.com']",
      revoked: true,
      created: old.created,
      modified: changedAt,
    });
    expect(renamed).toMatchObject({
      type: 'indicator',
      pattern: "[email-addr:value = 'renamed11@example.com']",
      created: changedAt,
      modified: changedAt,
    });
    expect(renamed.id).not.toBe(old.id);
    expect(renamed.revoked).toBeUndefined();
    expect(since.lastAdded).toBe(changedAt);

    // The manifest, a page at a time too: both, added at the change.
    const manifest: Json[] = [];
    let next: string | undefined;
    do {
      const { body } = await taxii.get(
        `${manifestUrl}?limit=1&added_after=${before.lastAdded}${next ? `&next=${next}` : ''}`,
      );
      manifest.push(...((body.objects as Json[] | undefined) ?? []));
      next = body.more ? (body.next as string) : undefined;
    } while (next);
    expect(manifest.filter(isIndicatorEntry)).toEqual([
      expect.objectContaining({ id: old.id, date_added: changedAt, version: changedAt }),
      expect.objectContaining({ id: renamed.id, date_added: changedAt, version: changedAt }),
    ]);

    // A full poll has each once, the old one withdrawn where it was withdrawn.
    const after = await taxii.poll(objectsUrl, { limit: 1000 });
    expect(after.objects).toHaveLength(before.objects.length + 1);
    expect(after.objects.filter((o) => o.id === old.id)).toEqual([revoked]);
    expect(after.objects.filter((o) => o.id === renamed.id)).toEqual([renamed]);
    // By id: the old object's versions end with its revocation, the new one's start at the change.
    expect((await taxii.versions(`${objectsUrl}${old.id}/`, { limit: 1 })).versions).toEqual([
      '2025-01-01T00:00:11.000000Z',
      changedAt,
    ]);
    expect((await taxii.get(`${objectsUrl}${old.id}/`)).body.objects).toEqual([revoked]);
    expect((await taxii.versions(`${objectsUrl}${renamed.id}/`, { limit: 10 })).versions).toEqual([
      changedAt,
    ]);
    expect((await taxii.get(`${objectsUrl}${renamed.id}/`)).body.objects).toEqual([renamed]);
  });

  it('keeps an Indicator through a change that keeps the observable, and revokes it at one that does not', async () => {
    const taxii = new TaxiiClient(reader);
    const objectsUrl = `/taxii2/root/collections/${collectionId}/objects/`;
    // A Zelle handle that is the e-mail taxii13@example.com: the same observable, its own Indicator.
    const zelle = await admin.post('/api/identifiers', {
      type: 'zelle',
      data: { identifierType: 'email', identifier: 'taxii13@example.com' },
    });
    expect(zelle.statusCode, zelle.body).toBe(201);
    const before = await taxii.poll(objectsUrl, { limit: 1000 });
    const [email13, zelle13] = before.objects.filter((o) => valueOf(o) === 'taxii13@example.com');
    expect(identifierTypeOf(zelle13)).toBe('zelle');
    const kept = before.objects.find((o) => valueOf(o) === 'taxii15@example.com')!;

    // The e-mail changes its value: its Indicator is revoked, a new one names the new value; the
    // Zelle handle's Indicator of the old value is left alone.
    const email = await identifierIdOf('taxii13@example.com', 'email');
    const changed = await admin.put(`/api/identifiers/${email}`, {
      data: { address: 'renamed13@example.com' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // An e-mail becomes a Zelle e-mail of the same address: the same observable, a new version of
    // the same Indicator.
    const retyped = await identifierIdOf('taxii15@example.com');
    const retype = await admin.put(`/api/identifiers/${retyped}`, {
      type: 'zelle',
      data: { identifierType: 'email', identifier: 'taxii15@example.com' },
    });
    expect(retype.statusCode, retype.body).toBe(200);
    const retypedAt = await versionOf(retyped);

    const since = await taxii.poll(objectsUrl, { limit: 100, addedAfter: before.lastAdded });
    expect(since.indicators.map((o) => [valueOf(o), o.revoked ?? false])).toEqual([
      ['taxii13@example.com', true],
      ['renamed13@example.com', false],
      ['taxii15@example.com', false],
    ]);
    expect(since.indicators[0].id).toBe(email13.id);
    expect(since.indicators[2]).toMatchObject({
      id: kept.id,
      created: kept.created,
      modified: retypedAt,
    });
    expect(identifierTypeOf(since.indicators[2])).toBe('zelle');
    expect((await taxii.get(`${objectsUrl}${zelle13.id}/`)).body.objects).toEqual([zelle13]);
    expect((await taxii.versions(`${objectsUrl}${kept.id}/`, { limit: 10 })).versions).toEqual([
      '2025-01-01T00:00:15.000000Z',
      retypedAt,
    ]);

    // Deleted later, the retyped identifier's Indicator is revoked once, at its deletion.
    const deleted = await admin.request({ method: 'DELETE', url: `/api/identifiers/${retyped}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const full = await taxii.poll(objectsUrl, { limit: 1000 });
    const withdrawn = full.objects.filter((o) => o.id === kept.id);
    expect(withdrawn).toEqual([expect.objectContaining({ revoked: true })]);
    expect(identifierTypeOf(withdrawn[0])).toBe('zelle');
    const versions = (await taxii.versions(`${objectsUrl}${kept.id}/`, { limit: 10 })).versions;
    expect(versions).toEqual(['2025-01-01T00:00:15.000000Z', retypedAt, withdrawn[0].modified]);
  });

  it('serves a value that comes back as a new Indicator: a revocation is final (STIX 2.1 §3.6)', async () => {
    const taxii = new TaxiiClient(reader);
    const objectsUrl = `/taxii2/root/collections/${collectionId}/objects/`;
    const before = await taxii.poll(objectsUrl, { limit: 1000 });
    const first = before.objects.find((o) => valueOf(o) === 'taxii17@example.com')!;
    const id = await identifierIdOf('taxii17@example.com');
    // Changed to another value, then back.
    for (const address of ['other17@example.com', 'taxii17@example.com']) {
      const changed = await admin.put(`/api/identifiers/${id}`, { data: { address } });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    const backAt = await versionOf(id);
    const since = await taxii.poll(objectsUrl, { limit: 100, addedAfter: before.lastAdded });
    const back = since.indicators.at(-1)!;
    expect(back).toMatchObject({ pattern: first.pattern, created: backAt, modified: backAt });
    expect(back.revoked).toBeUndefined();
    expect(back.id).not.toBe(first.id);
    // The first Indicator stays revoked: nothing follows its revocation.
    const firstNow = (await taxii.get(`${objectsUrl}${first.id}/`)).body.objects as StixJson[];
    expect(firstNow).toEqual([expect.objectContaining({ id: first.id, revoked: true })]);

    // Deleted, then recorded again: another new Indicator, the deleted one's revocation untouched.
    const deleted = await admin.request({ method: 'DELETE', url: `/api/identifiers/${id}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const again = await admin.post('/api/identifiers', {
      type: 'email',
      data: { address: 'taxii17@example.com' },
    });
    expect(again.statusCode, again.body).toBe(201);
    const latest = await taxii.poll(objectsUrl, { limit: 100, addedAfter: backAt });
    expect(latest.indicators.map((o) => [o.id, o.revoked ?? false])).toEqual([
      [back.id, true],
      [expect.not.stringMatching(new RegExp(`^(${first.id}|${back.id})$`)), false],
    ]);
    expect(latest.indicators[1].pattern).toBe(first.pattern);
  });

  it('answers match[id], with match[version], and match[spec_version] on the objects and the manifest', async () => {
    const taxii = new TaxiiClient(reader);
    const objectsUrl = `/taxii2/root/collections/${collectionId}/objects/`;
    const manifestUrl = `/taxii2/root/collections/${collectionId}/manifest/`;
    const all = await taxii.poll(objectsUrl, { limit: 1000 });
    const edited = all.objects.find((o) => valueOf(o) === 'taxii9@example.com')!;
    const plain = all.objects.find((o) => valueOf(o) === 'taxii21@example.com')!;
    const unknown = `indicator--${crypto.randomUUID()}`;
    const ids = `${plain.id},${edited.id},${unknown}`;
    // The latest version of each, in the order they were added; an unknown id is no object.
    const latest = (await taxii.get(`${objectsUrl}?match[id]=${ids}`)).body;
    expect(latest.objects).toEqual([plain, edited]);
    const everyVersion = await taxii.get(`${objectsUrl}?match[id]=${ids}&match[version]=all&limit=2`);
    expect(everyVersion.body.more).toBe(true);
    expect((everyVersion.body.objects as StixJson[]).map((o) => [o.id, o.modified])).toEqual([
      [edited.id, edited.created],
      [plain.id, plain.modified],
    ]);
    const rest = (
      await taxii.get(
        `${objectsUrl}?match[id]=${ids}&match[version]=all&limit=2&next=${everyVersion.body.next as string}`,
      )
    ).body;
    expect(rest.more).toBe(false);
    expect((rest.objects as StixJson[]).map((o) => o.id)).toEqual([edited.id, edited.id]);
    const manifest = (await taxii.get(`${manifestUrl}?match[id]=${edited.id}&match[version]=first`)).body;
    expect(manifest.objects).toEqual([
      expect.objectContaining({ id: edited.id, version: edited.created, date_added: edited.created }),
    ]);
    // Only STIX 2.1 is held.
    for (const url of [objectsUrl, manifestUrl]) {
      expect((await taxii.get(`${url}?match[spec_version]=2.0`)).body).toEqual({ more: false });
      const held = (await taxii.get(`${url}?match[spec_version]=2.0,2.1&limit=1`)).body;
      expect(held.objects).toHaveLength(1);
    }
  });

  it('refuses what it must on an object: unknown ids, bad parameters, callers without export.view', async () => {
    const objectsUrl = `/taxii2/root/collections/${collectionId}/objects/`;
    const known = (await new TaxiiClient(reader).get(`${objectsUrl}?limit=1`)).body.objects as StixJson[];
    const objectUrl = `${objectsUrl}${known[0].id}/`;
    expect((await reader.get(objectUrl)).statusCode).toBe(200);
    // An object no identifier ever was, and a collection that is not one: 404 as JSON.
    const nothing = await reader.get(`${objectsUrl}email-addr--${crypto.randomUUID()}/`);
    expect(nothing.statusCode).toBe(404);
    expect(nothing.headers['content-type']).toMatch(/json/);
    expect((await reader.get(`${objectsUrl}email-addr--${crypto.randomUUID()}/versions/`)).statusCode).toBe(
      404,
    );
    expect(
      (await reader.get(`/taxii2/root/collections/${crypto.randomUUID()}/objects/${known[0].id}/`))
        .statusCode,
    ).toBe(404);
    // Bad input: 400 naming the parameter.
    for (const [url, field] of [
      [`${objectsUrl}not-a-stix-id/`, 'object_id'],
      [`${objectUrl}?match[version]=sometime`, 'match[version]'],
      [`${objectUrl}?limit=0`, 'limit'],
      [`${objectUrl}versions/?limit=1001`, 'limit'],
      [`${objectUrl}versions/?added_after=yesterday`, 'added_after'],
      [`${objectUrl}versions/?next=garbage`, 'next'],
      [`${objectsUrl}?match[id]=not-an-id`, 'match[id]'],
      [`${objectsUrl}?match[version]=all`, 'match[version]'],
      [`${objectsUrl}?match[id]=${known[0].id}&match[version]=sometime`, 'match[version]'],
    ]) {
      const res = await reader.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body, url).toContain(field);
    }
    // Who may call: anonymous 401, a key without export.view 403, before anything is read.
    expect((await t.app.inject({ method: 'GET', url: objectUrl })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${objectUrl}versions/` })).statusCode).toBe(401);
    const { key } = await insertAutomationKey(t.database.db, ['identifier.view']);
    const other = clientWithHeaders(t.app, { authorization: `Bearer ${key}` });
    expect((await other.get(objectUrl)).statusCode).toBe(403);
    expect((await other.get(`${objectUrl}versions/`)).statusCode).toBe(403);
  });

  it("computes again, as Indicators', the ids the feed's first form held (migration 0040)", async () => {
    const db = t.database.db;
    const taxii = new TaxiiClient(reader);
    const objectsUrl = `/taxii2/root/collections/${collectionId}/objects/`;
    const before = await taxii.poll(objectsUrl, { limit: 1000 });
    // As the first form left them: each version's stix_id an observable's id, sorted before and
    // after the Indicators' ids.
    await db.execute(sql`update identifier_versions
      set stix_id = case when type = 'phone' then 'phone-number--' else 'email-addr--' end || identifier_id::text
      where stix_id like 'indicator--%'`);
    await db.execute(sql.raw(await readFile(MIGRATION_0040, 'utf8')));
    const after = await taxii.poll(objectsUrl, { limit: 1000 });
    // The same objects, each Indicator under a new random id, one per Indicator.
    expectSameButIds(before.objects, after.objects);
    // The ids served before are gone: the versions check at the end reads those served from now on.
    served.splice(0, served.length, ...after.objects);
  });

  it('gives each Indicator one UUIDv4 id for all its versions in place of its UUIDv5 (migration 0041)', async () => {
    const db = t.database.db;
    const taxii = new TaxiiClient(reader);
    const objectsUrl = `/taxii2/root/collections/${collectionId}/objects/`;
    const before = await taxii.poll(objectsUrl, { limit: 1000 });
    // As the feed computed them until 0041: a UUIDv5 per Indicator, the same for all its versions.
    await db.execute(sql`update identifier_versions set stix_id = 'indicator--' || substr(md5(stix_id), 1, 8) || '-'
        || substr(md5(stix_id), 9, 4) || '-5' || substr(md5(stix_id), 14, 3) || '-8' || substr(md5(stix_id), 18, 3)
        || '-' || substr(md5(stix_id), 21, 12)
      where stix_id like 'indicator--%'`);
    const v5 = await db.execute(sql`select count(distinct stix_id)::int as n from identifier_versions
      where stix_id ~ '^indicator--.{14}5'`);
    expect((v5 as unknown as { rows: { n: number }[] }).rows[0].n).toBeGreaterThan(ROWS);
    // The migration's id statement (its table exists already).
    const statements = (await readFile(MIGRATION_0041, 'utf8')).split('--> statement-breakpoint');
    const remap = statements.find((statement) => /UPDATE "identifier_versions"/.test(statement))!;
    await db.execute(sql.raw(remap));
    const left = await db.execute(sql`select count(*)::int as n from identifier_versions
      where stix_id like 'indicator--%' and stix_id !~ '^indicator--.{14}4'`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    const after = await taxii.poll(objectsUrl, { limit: 1000 });
    expectSameButIds(before.objects, after.objects);
    served.splice(0, served.length, ...after.objects);
    // An object's versions are still one object, its revocation included.
    const revoked = after.objects.find((o) => o.revoked === true)!;
    const versions = (await taxii.get(`${objectsUrl}${revoked.id}/?match[version]=all`)).body
      .objects as StixJson[];
    expect(versions.length).toBeGreaterThan(1);
    expect(versionProblems(versions)).toEqual([]);
  });

  it('draws one id per Indicator when readers map the same new versions at once', async () => {
    const taxii = new TaxiiClient(reader);
    const objectsUrl = `/taxii2/root/collections/${collectionId}/objects/`;
    const before = await taxii.poll(objectsUrl, { limit: 1000 });
    for (let k = 0; k < 20; k += 1) {
      const created = await admin.post('/api/identifiers', {
        type: 'email',
        data: { address: `together${k}@example.com` },
      });
      expect(created.statusCode, created.body).toBe(201);
      const edited = await admin.put(`/api/identifiers/${created.json().id as string}`, {
        data: { address: `together${k}@example.com`, notes: 'edited' },
      });
      expect(edited.statusCode, edited.body).toBe(200);
    }
    // Five pollers at once, each mapping the new versions before it reads.
    const polls = await Promise.all(
      Array.from({ length: 5 }, () => taxii.poll(objectsUrl, { limit: 100, addedAfter: before.lastAdded })),
    );
    for (const poll of polls) expect(poll.objects).toEqual(polls[0].objects);
    expect(polls[0].indicators).toHaveLength(20);
    for (const object of polls[0].indicators) {
      const versions = (await taxii.get(`${objectsUrl}${object.id}/?match[version]=all`)).body
        .objects as StixJson[];
      expect(versions.map((v) => v.description)).toEqual([NO_NOTES, 'edited']);
    }
  });

  it('reads the objects in order of last change off identifiers_updated_idx, a page at a time', async () => {
    const db = t.database.db;
    await db.execute(sql`analyze`);
    // The statement a page deep in a poll sends, its parameters inlined: after a live object, and
    // after a revocation (the live version at its time and id still to come).
    for (const revoked of [false, true]) {
      const statement = await firstStatement(t.database, () =>
        findTaxiiIdentifiers(db, {
          after: {
            addedAt: '2025-01-01T00:08:20.000000Z',
            id: '00000000-0000-0000-0000-000000000000',
            revoked,
          },
          addedAfter: '2025-01-01T00:01:00Z',
          limit: 101,
        }),
      );
      const plan = await planWithoutSort(db, statement);
      expect(plan, plan).toContain('Index Scan using identifiers_updated_idx on identifiers');
      expect(plan, plan).toContain('identifier_versions_deleted_idx');
      expect(plan, plan).not.toMatch(/Seq Scan on identifiers/);
    }
    // Where the producer's objects are placed (each read): the end of each index, no scan.
    const lastAdded = await planWithoutSort(db, await firstStatement(t.database, () => findLastAdded(db)));
    expect(lastAdded, lastAdded).toMatch(
      /Index Only Scan Backward using identifiers_updated_idx|Index Scan Backward using identifiers_updated_idx/,
    );
    expect(lastAdded, lastAdded).toMatch(/Scan Backward using identifier_versions_deleted_idx/);
    expect(lastAdded, lastAdded).not.toMatch(/Seq Scan/);
  });
  it('serves only objects: a change that is none (no observable) neither fills a page nor moves the producer', async () => {
    const taxii = new TaxiiClient(reader);
    const objectsUrl = `/taxii2/root/collections/${collectionId}/objects/`;
    const before = await taxii.poll(objectsUrl, { limit: 1000 });
    const email = await admin.post('/api/identifiers', {
      type: 'email',
      data: { address: `plate-${crypto.randomUUID()}@example.com` },
    });
    expect(email.statusCode, email.body).toBe(201);
    const withEmail = await taxii.poll(objectsUrl, { limit: 10, addedAfter: before.lastAdded });
    expect(withEmail.objects.map((o) => o.type)).toEqual(['indicator', 'identity', 'extension-definition']);
    // The latest change: an identifier STIX has no observable for, no object of the collection.
    const plate = await admin.post('/api/identifiers', {
      type: 'other',
      data: { identifierType: 'Licence plate', value: `SCAM ${Date.now()}` },
    });
    expect(plate.statusCode, plate.body).toBe(201);
    // A poller that holds the Indicator has nothing new: not the producer's objects again.
    for (const path of ['objects', 'manifest']) {
      const since = await taxii.get(
        `/taxii2/root/collections/${collectionId}/${path}/?added_after=${withEmail.lastAdded}`,
      );
      expect(since.body, path).toEqual({ more: false });
    }
    // A page at a time from before the e-mail: every page that says more holds an object (`poll`
    // checks each is full), and the last ends with the producer's objects, added with the e-mail.
    const paged = await taxii.poll(objectsUrl, { limit: 1, addedAfter: before.lastAdded });
    expect(paged.objects).toEqual(withEmail.objects);
    expect(paged.pages).toBe(3);
    expect(paged.lastAdded).toBe(withEmail.lastAdded);
    const manifest = await taxii.get(
      `/taxii2/root/collections/${collectionId}/manifest/?added_after=${before.lastAdded}&limit=2`,
    );
    expect(manifest.body).toMatchObject({ more: true, objects: [{}, {}] });
  });

  it("answers the producer's objects by id, and serves its identity anew when its name changes", async () => {
    const taxii = new TaxiiClient(reader);
    const objectsUrl = `/taxii2/root/collections/${collectionId}/objects/`;
    const [identity, extension] = producerObjects(
      (await taxii.poll(objectsUrl, { limit: 10, type: 'identity,extension-definition' })).objects,
    );
    for (const object of [identity, extension]) {
      expect((await taxii.get(`${objectsUrl}${object.id}/`)).body.objects).toEqual([object]);
      expect((await taxii.get(`${objectsUrl}${object.id}/versions/`)).body.versions).toEqual([
        object.modified,
      ]);
      expect(
        (await taxii.get(`${objectsUrl}?match[id]=${object.id}&match[version]=all`)).body.objects,
      ).toEqual([object]);
    }
    // Another PUBLIC_URL: the identity's next version, the same id; the extension is unchanged.
    const before = await taxii.poll(objectsUrl, { limit: 1000 });
    const renamed = await stixProducer(t.database.db, 'Scamtrail (cases.example)');
    expect(renamed).toMatchObject({
      identityId: identity.id.split('--')[1],
      extensionId: extension.id.split('--')[1],
      name: 'Scamtrail (cases.example)',
      created: identity.created,
    });
    expect(Date.parse(renamed.modified)).toBeGreaterThan(Date.parse(String(identity.modified)));
    // Read through the routes, whose PUBLIC_URL is the first: named so again, one version later,
    // added again for a poller.
    const since = await taxii.poll(objectsUrl, { limit: 10, addedAfter: before.lastAdded });
    expect(since.objects).toEqual([
      expect.objectContaining({ id: identity.id, name: identity.name, created: identity.created }),
    ]);
    expect(Date.parse(String(since.objects[0].modified))).toBeGreaterThan(Date.parse(renamed.modified));
    const back = (await taxii.get(`${objectsUrl}${identity.id}/`)).body.objects as StixJson[];
    expect(back).toEqual(since.objects);
    expect(versionProblems([identity, ...back], { complete: true })).toEqual([]);
  });
});

type Json = Record<string, unknown>;

/**
 * The same objects in the same order, each Indicator under another id, the same new id for every
 * version of one, and the producer's objects unchanged.
 */
function expectSameButIds(before: StixJson[], after: StixJson[]) {
  expect(after).toHaveLength(before.length);
  const renamed = new Map<string, string>();
  for (const [k, object] of before.entries()) {
    const now = after[k];
    if (object.type !== 'indicator') {
      expect(now).toEqual(object);
      continue;
    }
    expect(now.id).toMatch(v4Id('indicator'));
    expect(now.id).not.toBe(object.id);
    expect(renamed.get(object.id) ?? now.id).toBe(now.id);
    renamed.set(object.id, now.id);
    expect({ ...now, id: object.id }).toEqual(object);
  }
  expect(new Set(renamed.values()).size).toBe(renamed.size);
}

/** The id of the identifier with this normalised key (of this type, when two share it). */
async function identifierIdOf(key: string, type?: string): Promise<string> {
  const found = await t.database.db.execute(sql`select id from identifiers
    where normalized_key = ${key} ${type ? sql`and type = ${type}` : sql``}`);
  const rows = (found as unknown as { rows: { id: string }[] }).rows;
  expect(rows).toHaveLength(1);
  return rows[0].id;
}

/** The identifier's current version as TAXII writes it: its updated_at, microseconds, UTC. */
async function versionOf(id: string): Promise<string> {
  const found = await t.database.db.execute(sql`select
      to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
    from identifiers where id = ${id}::uuid`);
  return (found as unknown as { rows: { at: string }[] }).rows[0].at;
}
