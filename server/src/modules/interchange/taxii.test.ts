import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, clientWithHeaders, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { insertAutomationKey } from '../identifiers/identifier-test-fixtures';

/**
 * TAXII 2.1 read-only, polled by a client written here from the specification (OASIS TAXII 2.1:
 * §4.1 discovery, §4.2 API root, §5.1-5.4 collections, manifest and objects with added_after, limit,
 * next and match[type], §3.3 the media type, §3.4 pagination with `more` and `next`).
 */

const TAXII = 'application/taxii+json;version=2.1';
const ROWS = 1000;

let t: TestApp;
let reader: Client;
let collectionId: string;

type StixJson = { id: string; type: string } & Record<string, unknown>;

/** A TAXII client: sends TAXII's Accept, checks the media type of every answer, follows `next`. */
class TaxiiClient {
  constructor(private readonly client: Client) {}

  async get(url: string) {
    const path = url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url;
    const res = await this.client.request({ method: 'GET', url: path, headers: { accept: TAXII } });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/taxii\+json; ?version="?2\.1"?/);
    return { body: res.json() as Record<string, unknown>, headers: res.headers };
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
      const { body, headers } = await this.get(`${objectsUrl}?${params}`);
      pages += 1;
      const page = (body.objects as StixJson[] | undefined) ?? [];
      expect(page.length).toBeLessThanOrEqual(options.limit);
      objects.push(...page);
      if (headers['x-taxii-date-added-last']) lastAdded = String(headers['x-taxii-date-added-last']);
      if (!body.more) return { objects, pages, lastAdded };
      expect(typeof body.next).toBe('string');
      next = body.next as string;
    }
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const admin = await signedIn(t, 'admin');
  const stream = await admin.client.post('/api/export-streams', {
    name: 'Partner bank',
    topics: ['identifiers'],
  });
  expect(stream.statusCode, stream.body).toBe(201);
  collectionId = stream.json().id;
  // A stream without identifiers is no collection.
  await admin.client.post('/api/export-streams', { name: 'Cases only', topics: ['cases'] });
  // 1,000 e-mails added a second apart, and every tenth also a phone number.
  await db.execute(sql`insert into identifiers (type, data, display_value, normalized_key, originator_id, created_at, updated_at)
    select 'email', jsonb_build_object('address', 'taxii' || g || '@example.com'), 'taxii' || g || '@example.com',
      'taxii' || g || '@example.com', ${admin.user.originatorId}::uuid, timestamptz '2025-01-01' + g * interval '1 second',
      timestamptz '2025-01-01' + g * interval '1 second'
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`insert into identifiers (type, data, display_value, normalized_key, originator_id, created_at, updated_at)
    select 'phone', jsonb_build_object('countryCode', '+1', 'number', '20255' || lpad(g::text, 5, '0')),
      '+1 20255' || lpad(g::text, 5, '0'), '+120255' || lpad(g::text, 5, '0'), ${admin.user.originatorId}::uuid,
      timestamptz '2025-01-01' + g * interval '10 second' + interval '1 millisecond',
      timestamptz '2025-01-01' + g * interval '10 second' + interval '1 millisecond'
    from generate_series(1, ${ROWS / 10}) g`);
  const { key } = await insertAutomationKey(db, ['export.view']);
  reader = clientWithHeaders(t.app, { authorization: `Bearer ${key}` });
}, 120_000);
afterAll(async () => {
  await t.close();
});

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
    expect(all.pages).toBe(11);
    expect(all.objects).toHaveLength(ROWS + ROWS / 10);
    expect(new Set(all.objects.map((o) => o.id)).size).toBe(ROWS + ROWS / 10);
    // The last phone, a millisecond after the last e-mail.
    expect(all.lastAdded).toBe('2025-01-01T00:16:40.001000Z');

    // Nothing new since the last poll.
    expect((await taxii.poll(objectsUrl, { limit: 100, addedAfter: all.lastAdded })).objects).toEqual([]);
    // A poll from halfway: the 500 e-mails and 51 phones (the 50th a millisecond after) added since.
    const half = await taxii.poll(objectsUrl, { limit: 250, addedAfter: '2025-01-01T00:08:20.000Z' });
    expect(half.objects).toHaveLength(551);
    expect(half.pages).toBe(3);

    const phones = await taxii.poll(objectsUrl, { limit: 1000, type: 'phone-number' });
    expect(phones.objects).toHaveLength(ROWS / 10);
    expect(new Set(phones.objects.map((o) => o.type))).toEqual(new Set(['phone-number']));
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
    expect(String(entries[0].id)).toMatch(/^email-addr--/);
  });

  it('refuses the anonymous, a key without export.view, bad parameters, and unknown collections', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/taxii2/' })).statusCode).toBe(401);
    const { key } = await insertAutomationKey(t.database.db, ['identifier.view']);
    const other = clientWithHeaders(t.app, { authorization: `Bearer ${key}` });
    expect((await other.get('/taxii2/root/collections/')).statusCode).toBe(403);
    const objects = `/taxii2/root/collections/${collectionId}/objects/`;
    expect((await reader.get(`${objects}?limit=0`)).statusCode).toBe(400);
    expect((await reader.get(`${objects}?added_after=yesterday`)).statusCode).toBe(400);
    expect((await reader.get(`${objects}?next=garbage`)).statusCode).toBe(400);
    expect((await reader.get(`/taxii2/root/collections/${crypto.randomUUID()}/objects/`)).statusCode).toBe(
      404,
    );
    // Not the web app's HTML: an unknown TAXII path is a JSON 404.
    const unknown = await reader.get('/taxii2/nowhere/');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/json/);
  });

  it('adds an identifier changed after a poll again, as a new version of the same object', async () => {
    const taxii = new TaxiiClient(reader);
    const objectsUrl = `/taxii2/root/collections/${collectionId}/objects/`;
    const before = await taxii.poll(objectsUrl, { limit: 1000 });
    const old = before.objects.find((o) => o.value === 'taxii5@example.com')!;
    // An edit, as the identifier service makes it: the data and updated_at change.
    await t.database.db.execute(sql`update identifiers
      set data = data || '{"notes": "seen again in a second case"}'::jsonb, updated_at = timestamptz '2025-02-01'
      where normalized_key = 'taxii5@example.com'`);
    const since = await taxii.poll(objectsUrl, { limit: 100, addedAfter: before.lastAdded });
    expect(since.objects.map((o) => o.id)).toEqual([old.id]);
    expect(since.objects[0].x_opencti_description).toBe('seen again in a second case');
    const manifest = (
      await taxii.get(`/taxii2/root/collections/${collectionId}/manifest/?added_after=${before.lastAdded}`)
    ).body.objects as Json[];
    expect(manifest).toEqual([
      expect.objectContaining({
        id: old.id,
        date_added: '2025-02-01T00:00:00.000000Z',
        version: '2025-02-01T00:00:00.000000Z',
      }),
    ]);
    // A full poll still has it once, in its new place.
    const after = await taxii.poll(objectsUrl, { limit: 1000 });
    expect(after.objects).toHaveLength(before.objects.length);
    expect(after.objects.at(-1)!.id).toBe(old.id);
  });
});

type Json = Record<string, unknown>;
