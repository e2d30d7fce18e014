import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { journalEntryIdentifiers } from '../../db/schema/index';
import { insertCase, insertGroup, insertJournalEntry } from '../identifiers/identifier-test-fixtures';
import { uuidv5 } from './stix';
import { referenceProblems, stixProblems, versionProblems } from './taxii.stix-rules';
import { rowsOf } from '../../db/sql/arrays';

/**
 * MISP events and STIX 2.1 bundles, out of Scamtrail and back in. The OASIS JSON schemas of STIX 2.1
 * cannot be fetched here, so `checkBundle` holds each object to the TAXII feed's STIX 2.1 check
 * (`taxii.stix-rules.ts`) instead, and the STIX export to the feed's objects.
 */

type Json = Record<string, unknown>;

let t: TestApp;
let admin: Client;
let investigator: Client;
let caseId: string;
let hiddenCaseId: string;

const IDENTIFIERS = [
  { type: 'email', data: { address: 'Mule@Example.com' } },
  { type: 'phone', data: { countryCode: '+44', number: '7700 900123' } },
  {
    type: 'bank_account',
    data: { bankName: 'West Bank', accountName: 'J Smith', accountNumber: 'GB82 WEST 1234 5698 7654 32' },
  },
  {
    type: 'bank_account',
    data: { bankName: 'Chase', accountName: 'A Mule', accountNumber: '12345678', routingNumber: '011000015' },
  },
  { type: 'crypto_wallet', data: { network: 'bitcoin', address: '1BoatSLRHtKNngkdXEeobR76b53LETtpyT' } },
  { type: 'social_media', data: { platform: 'telegram', username: '@ScamBoss' } },
  { type: 'other', data: { identifierType: 'Website', value: 'https://pay-now.example/login' } },
  { type: 'other', data: { identifierType: 'Domain', value: 'pay-now.example' } },
  { type: 'other', data: { identifierType: 'Payment card', value: '4111 1111 1111 1111' } },
];

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const signedAdmin = await signedIn(t, 'admin');
  admin = signedAdmin.client;
  investigator = (await signedIn(t, 'investigator')).client;
  const originatorId = signedAdmin.user.originatorId;
  const created = await admin.post('/api/identifiers/import', { items: IDENTIFIERS });
  expect(created.json().summary.created).toBe(IDENTIFIERS.length);
  const ids: string[] = created.json().data.map((row: { id: string }) => row.id);
  caseId = (await insertCase(db, originatorId)).id;
  hiddenCaseId = (await insertCase(db, originatorId, await insertGroup(db, [signedAdmin.user.id]))).id;
  for (const identifierId of ids) await insertJournalEntry(db, { identifierId, originatorId, caseId });
  await insertJournalEntry(db, { identifierId: ids[0], originatorId, caseId: hiddenCaseId });
});
afterAll(async () => {
  await t.close();
});

describe('UUIDv5', () => {
  it('gives the RFC 4122 name-based UUIDs (the example of Python’s uuid module)', () => {
    expect(uuidv5('python.org', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '886313e1-3b8a-5372-9b90-0c9aee199e5d',
    );
  });
});

describe('MISP', () => {
  it('exports a case as an event: the five object templates, financial attributes in "Financial fraud"', async () => {
    const res = await investigator.get(`/api/cases/${caseId}/misp`);
    expect(res.statusCode, res.body).toBe(200);
    const event = res.json().Event;
    expect(event.info).toMatch(/^Case #\d+: /);
    expect(event.Orgc.name).toBe('Scamtrail (localhost:3000)');
    const names = (event.Object as Json[]).map((o) => o.name).sort();
    expect(names).toEqual(
      ['bank-account', 'bank-account', 'coin-address', 'email', 'phone-number', 'url'].sort(),
    );
    const attributes = [
      ...(event.Attribute as Json[]),
      ...(event.Object as { Attribute: Json[] }[]).flatMap((o) => o.Attribute),
    ];
    const byType = (type: string) => attributes.filter((a) => a.type === type);
    expect(byType('iban')[0]).toMatchObject({
      value: 'GB82WEST12345698765432',
      category: 'Financial fraud',
      object_relation: 'iban',
    });
    expect(byType('bank-account-nr')[0]).toMatchObject({ value: '12345678', category: 'Financial fraud' });
    expect(byType('aba-rtn')[0]).toMatchObject({ value: '011000015', category: 'Financial fraud' });
    expect(byType('phone-number')[0]).toMatchObject({ value: '+447700900123', category: 'Financial fraud' });
    expect(byType('btc')[0]).toMatchObject({ category: 'Financial fraud', object_relation: 'address' });
    expect(byType('cc-number')[0]).toMatchObject({
      value: '4111 1111 1111 1111',
      category: 'Financial fraud',
    });
    expect(byType('email-src')[0]).toMatchObject({ value: 'mule@example.com', category: 'Payload delivery' });
    expect(byType('url')[0]).toMatchObject({ category: 'Network activity' });
    expect(byType('domain')[0]).toMatchObject({ value: 'pay-now.example', category: 'Network activity' });
    // The same case exports the same uuids.
    expect((await investigator.get(`/api/cases/${caseId}/misp`)).json().Event).toEqual(event);
  });

  it('a case the caller may not see is a 404, in MISP as in STIX', async () => {
    expect((await investigator.get(`/api/cases/${hiddenCaseId}/misp`)).statusCode).toBe(404);
    expect((await investigator.get(`/api/cases/${hiddenCaseId}/stix`)).statusCode).toBe(404);
    expect((await admin.get(`/api/cases/${hiddenCaseId}/misp`)).statusCode).toBe(200);
  });

  it('imports an event’s attributes and objects, deduplicated by normalised key', async () => {
    const event = {
      Event: {
        info: 'Shared by a partner',
        Attribute: [
          { type: 'email-src', category: 'Payload delivery', value: 'MULE@example.com' },
          { type: 'iban', category: 'Financial fraud', value: 'DE89 3704 0044 0532 0130 00' },
          { type: 'md5', category: 'Payload delivery', value: 'd41d8cd98f00b204e9800998ecf8427e' },
        ],
        Object: [
          {
            name: 'coin-address',
            Attribute: [
              {
                object_relation: 'address',
                type: 'btc',
                value: '0x52908400098527886E0F7030069857D2E4169EE7',
              },
              { object_relation: 'symbol', type: 'text', value: 'ETH' },
            ],
          },
          {
            name: 'phone-number',
            Attribute: [{ object_relation: 'phone-number', type: 'phone-number', value: '+1 202 555 0143' }],
          },
          {
            name: 'bank-account',
            Attribute: [
              { object_relation: 'account', type: 'bank-account-nr', value: '99887766' },
              { object_relation: 'aba-rtn', type: 'aba-rtn', value: '021000021' },
              { object_relation: 'institution-name', type: 'text', value: 'First Bank' },
            ],
          },
        ],
      },
    };
    const res = await admin.post('/api/identifiers/import/misp', event);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.summary).toEqual({ created: 4, duplicates: 1, invalid: 0, skipped: 1 });
    expect(body.skipped[0].reason).toContain('md5');
    const duplicate = body.data.find((row: Json) => row.status === 'duplicate');
    expect(duplicate.ref).toContain('MULE@example.com');
    // Again: everything is already there.
    const again = (await admin.post('/api/identifiers/import/misp', event)).json();
    expect(again.summary).toMatchObject({ created: 0, duplicates: 5 });
    // The exported case comes back as duplicates of what it names.
    const exported = (await admin.get(`/api/cases/${caseId}/misp`)).json();
    const back = (await admin.post('/api/identifiers/import/misp', exported)).json();
    expect(back.data.filter((row: Json) => row.status === 'created')).toEqual([]);
    expect(back.summary.duplicates).toBeGreaterThanOrEqual(7);
  });

  it('an investigator without identifier.create is refused before the body is read', async () => {
    const viewer = (await signedIn(t, 'viewer')).client;
    expect((await viewer.post('/api/identifiers/import/misp', { Event: {} })).statusCode).toBe(403);
    expect((await viewer.post('/api/identifiers/import/stix', {})).statusCode).toBe(403);
  });
});

const TAXII = 'application/taxii+json;version=2.1';

/**
 * A bundle's objects, each checked by the TAXII feed's STIX 2.1 check (`taxii.stix-rules.ts`: what the
 * specification requires and the OASIS validator warns of), and their references (each
 * `created_by_ref`, extension and grouping member among them) and versions (§3.6).
 */
function checkBundle(bundle: Json) {
  // §8: type bundle, id bundle--UUID, objects.
  expect(bundle.type).toBe('bundle');
  expect(bundle.id).toMatch(/^bundle--[0-9a-f-]{36}$/);
  const objects = bundle.objects as Json[];
  expect(new Set(objects.map((object) => object.id)).size).toBe(objects.length);
  for (const object of objects) expect(stixProblems(object), JSON.stringify(object)).toEqual([]);
  expect(referenceProblems(objects)).toEqual([]);
  expect(versionProblems(objects, { complete: false })).toEqual([]);
  return objects;
}

/** Everything the TAXII collection serves now, by id (each Indicator in its latest version). */
async function feedObjects(): Promise<Map<string, Json>> {
  const stream = await admin.post('/api/export-streams', {
    name: `Feed ${randomUUID()}`,
    topics: ['identifiers'],
  });
  expect(stream.statusCode, stream.body).toBe(201);
  const res = await admin.request({
    method: 'GET',
    url: `/taxii2/root/collections/${stream.json().id}/objects/?limit=1000`,
    headers: { accept: TAXII },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().more).toBe(false);
  const byId = new Map<string, Json>();
  for (const object of res.json().objects as Json[]) byId.set(String(object.id), object);
  return byId;
}

const ofType = (objects: Json[], type: string) => objects.filter((object) => object.type === type);

/**
 * What an Indicator says of its identifier, whoever made it: its pattern, notes and details (its name
 * shows the value as written, which the pattern has normalised).
 */
const content = (indicator: Json) => ({
  pattern: indicator.pattern,
  description: indicator.description,
  details: Object.values(indicator.extensions as Record<string, Json>)[0],
});

describe('STIX 2.1', () => {
  it("exports a case as the feed's objects (the same Indicators, identity and extension) and a grouping", async () => {
    const res = await investigator.get(`/api/cases/${caseId}/stix`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/stix\+json; ?version="?2\.1"?/);
    const objects = checkBundle(res.json());
    expect(objects.map((o) => o.type)).toEqual([
      'identity',
      'extension-definition',
      ...IDENTIFIERS.map(() => 'indicator'),
      'grouping',
    ]);
    // No observable, no top-level custom property (the check above refuses those without an extension).
    expect(objects.flatMap((o) => Object.keys(o).filter((name) => name.startsWith('x_')))).toEqual([]);
    const feed = await feedObjects();
    // The same objects as the feed serves for the same records: ids, content, creator and extension.
    for (const object of objects.filter((o) => o.type !== 'grouping')) {
      expect(feed.get(String(object.id)), String(object.id)).toEqual(object);
    }
    const [identity] = ofType(objects, 'identity');
    const indicators = ofType(objects, 'indicator');
    expect(identity.name).toBe('Scamtrail (localhost:3000)');
    expect(indicators.map((o) => o.pattern)).toContain("[email-addr:value = 'mule@example.com']");
    expect(indicators.find((o) => String(o.pattern).startsWith('[bank-account:iban'))).toMatchObject({
      pattern: "[bank-account:iban = 'GB82WEST12345698765432']",
      created_by_ref: identity.id,
    });
    const [grouping] = ofType(objects, 'grouping');
    expect(grouping).toMatchObject({
      id: `grouping--${caseId}`,
      created_by_ref: identity.id,
      context: 'suspicious-activity',
      // In id order: the same Indicators are the same content whatever order the case lists them in.
      object_refs: indicators.map((o) => o.id).sort(),
    });
    expect(String(grouping.name)).toMatch(/^Case #\d+: /);
    // Exported again: the same objects (the bundle's id aside).
    expect(checkBundle((await investigator.get(`/api/cases/${caseId}/stix`)).json())).toEqual(objects);
  });

  it("gives the case's grouping a later version at each change of its content: an identifier unlinked, linked", async () => {
    const db = t.database.db;
    const originatorId = (await signedIn(t, 'admin')).user.originatorId;
    const listed = (await admin.get('/api/identifiers?type=other&pageSize=100')).json().data as Json[];
    const [kept, moved] = listed.slice(0, 2).map((row) => String(row.id));
    const groupingCaseId = (await insertCase(db, originatorId)).id;
    await insertJournalEntry(db, { identifierId: kept, originatorId, caseId: groupingCaseId });
    const entryId = await insertJournalEntry(db, {
      identifierId: moved,
      originatorId,
      caseId: groupingCaseId,
    });
    const caseTimes = async () =>
      rowsOf<{ u: string; a: string }>(
        await db.execute(
          sql`select updated_at::text as u, last_activity_at::text as a from cases where id = ${groupingCaseId}`,
        ),
      );
    const groupingOfExport = async () => {
      const objects = checkBundle((await investigator.get(`/api/cases/${groupingCaseId}/stix`)).json());
      return { grouping: ofType(objects, 'grouping')[0], indicators: ofType(objects, 'indicator') };
    };
    const first = await groupingOfExport();
    expect(first.indicators).toHaveLength(2);
    expect(first.grouping.object_refs).toEqual(first.indicators.map((o) => o.id).sort());
    // The same content: the same version.
    expect((await groupingOfExport()).grouping).toEqual(first.grouping);
    // Unlinked (the entry no longer names it): no time of the case or of its Indicators moves, the
    // content does, and so does modified.
    const times = await caseTimes();
    await db.execute(sql`delete from journal_entry_identifiers
      where journal_entry_id = ${entryId} and identifier_id = ${moved}`);
    expect(await caseTimes()).toEqual(times);
    const unlinked = await groupingOfExport();
    expect(unlinked.grouping.object_refs).toEqual([unlinked.indicators[0].id]);
    expect(String(unlinked.grouping.modified) > String(first.grouping.modified)).toBe(true);
    expect(versionProblems([first.grouping, unlinked.grouping])).toEqual([]);
    expect((await groupingOfExport()).grouping).toEqual(unlinked.grouping);
    // Linked again: its first content, as a version later still (a version's content is its own).
    await db.insert(journalEntryIdentifiers).values({ journalEntryId: entryId, identifierId: moved });
    const linked = await groupingOfExport();
    expect(linked.grouping.object_refs).toEqual(first.grouping.object_refs);
    expect(String(linked.grouping.modified) > String(unlinked.grouping.modified)).toBe(true);
    expect(versionProblems([first.grouping, unlinked.grouping, linked.grouping])).toEqual([]);
    // The Indicators are the feed's, as before.
    const feed = await feedObjects();
    for (const indicator of linked.indicators) expect(feed.get(String(indicator.id))).toEqual(indicator);
  });

  it('answers exports made at once with the same objects and no error, on a database none has written to', async () => {
    // A fresh instance: the first exports draw the producer's ids, the Indicators' ids and the
    // grouping's first version, each once whoever comes first (on PostgreSQL, on connections of
    // their own).
    const fresh = await buildTestApp();
    try {
      const signed = await signedIn(fresh, 'admin');
      const created = await signed.client.post('/api/identifiers/import', { items: IDENTIFIERS });
      expect(created.statusCode, created.body).toBe(200);
      const originatorId = signed.user.originatorId;
      const freshCaseId = (await insertCase(fresh.database.db, originatorId)).id;
      for (const row of created.json().data as { id: string }[]) {
        await insertJournalEntry(fresh.database.db, {
          identifierId: row.id,
          originatorId,
          caseId: freshCaseId,
        });
      }
      const urls = [
        ...Array.from({ length: 4 }, () => `/api/cases/${freshCaseId}/stix`),
        '/api/identifiers/stix',
        '/api/identifiers/stix',
      ];
      const answers = await Promise.all(urls.map((url) => signed.client.get(url)));
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      const [first, ...others] = answers.map((res) => checkBundle(res.json()));
      expect(ofType(first, 'indicator')).toHaveLength(IDENTIFIERS.length);
      for (const objects of others.slice(0, 3)) expect(objects).toEqual(first);
      // The lists: the same identity, extension definition and Indicators (in the list's order).
      const byId = (objects: Json[]) => new Map(objects.map((o) => [String(o.id), o]));
      for (const objects of others.slice(3)) {
        expect(byId(objects)).toEqual(byId(first.filter((o) => o.type !== 'grouping')));
      }
      const counted = await fresh.database.db.execute(sql`select
        (select count(*)::int from stix_producer) as producers,
        (select count(distinct stix_id)::int from identifier_versions where stix_id <> '') as indicators,
        (select count(*)::int from stix_groupings) as groupings`);
      expect(rowsOf(counted)[0]).toEqual({ producers: 1, indicators: IDENTIFIERS.length, groupings: 1 });
    } finally {
      await fresh.close();
    }
  });

  it('exports the list under its filter; an edit is the same Indicator in a later version, as the feed has it', async () => {
    const emails = checkBundle((await investigator.get('/api/identifiers/stix?type=email')).json());
    expect(ofType(emails, 'indicator').map((o) => o.pattern)).toEqual([
      "[email-addr:value = 'mule@example.com']",
    ]);
    expect(ofType(emails, 'grouping')).toEqual([]);
    const all = checkBundle((await investigator.get('/api/identifiers/stix')).json());
    const fromCase = checkBundle((await investigator.get(`/api/cases/${caseId}/stix`)).json());
    const ids = (objects: Json[]) => new Set(objects.filter((o) => o.type !== 'grouping').map((o) => o.id));
    for (const id of ids(fromCase)) expect(ids(all).has(id)).toBe(true);
    expect((await admin.get('/api/identifiers/stix?type=nope')).statusCode).toBe(400);

    const [before] = ofType(emails, 'indicator');
    const list = (await admin.get('/api/identifiers?type=email&pageSize=100')).json().data as Json[];
    const email = list.find((row) => String(row.displayValue).toLowerCase() === 'mule@example.com')!;
    const edited = await admin.put(`/api/identifiers/${String(email.id)}`, {
      data: { address: 'Mule@Example.com', notes: 'Seen in two cases' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = checkBundle((await investigator.get('/api/identifiers/stix?type=email')).json());
    const [indicator] = ofType(after, 'indicator');
    expect(indicator).toMatchObject({
      id: before.id,
      created: before.created,
      description: 'Seen in two cases',
    });
    expect(String(indicator.modified) > String(before.modified)).toBe(true);
    expect(versionProblems([before, indicator])).toEqual([]);
    expect((await feedObjects()).get(String(indicator.id))).toEqual(indicator);
  });

  it('a round trip STIX -> import -> export gives the same identifiers, as Indicators of the other instance', async () => {
    const exported = checkBundle((await admin.get(`/api/cases/${caseId}/stix`)).json());
    const fresh = await buildTestApp();
    try {
      const other = (await signedIn(fresh, 'admin')).client;
      const imported = await other.post('/api/identifiers/import/stix', {
        type: 'bundle',
        id: `bundle--${randomUUID()}`,
        objects: exported,
      });
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json().summary).toMatchObject({ created: IDENTIFIERS.length, invalid: 0, skipped: 0 });
      const again = checkBundle((await other.get('/api/identifiers/stix')).json());
      const contents = (objects: Json[]) =>
        ofType(objects, 'indicator')
          .map((o) => JSON.stringify(content(o)))
          .sort();
      expect(contents(again)).toEqual(contents(exported));
      // The other instance's Indicators are its own: its identity, its ids.
      expect(ofType(again, 'identity')[0].id).not.toBe(ofType(exported, 'identity')[0].id);
      // Imported twice: duplicates, nothing new.
      const twice = await other.request({
        method: 'POST',
        url: '/api/identifiers/import/stix',
        headers: { 'content-type': 'application/stix+json;version=2.1' },
        payload: JSON.stringify({ type: 'bundle', id: `bundle--${randomUUID()}`, objects: exported }),
      });
      expect(twice.json().summary).toMatchObject({ created: 0, duplicates: IDENTIFIERS.length });
    } finally {
      await fresh.close();
    }
  });

  it('imports what it records, lists the rest as skipped, and refuses what is not a bundle', async () => {
    const indicator = (pattern: string, extra: Json = {}) => ({
      type: 'indicator',
      spec_version: '2.1',
      id: `indicator--${randomUUID()}`,
      created: '2026-11-01T00:00:00.000Z',
      modified: '2026-11-01T00:00:00.000Z',
      pattern,
      pattern_type: 'stix',
      valid_from: '2026-11-01T00:00:00.000Z',
      ...extra,
    });
    const res = await admin.post('/api/identifiers/import/stix', {
      type: 'bundle',
      id: `bundle--${randomUUID()}`,
      objects: [
        {
          type: 'email-addr',
          spec_version: '2.1',
          id: `email-addr--${randomUUID()}`,
          value: 'new@example.org',
        },
        { type: 'ipv4-addr', spec_version: '2.1', id: `ipv4-addr--${randomUUID()}`, value: '192.0.2.1' },
        {
          type: 'email-addr',
          spec_version: '2.1',
          id: `email-addr--${randomUUID()}`,
          value: 'not an address',
        },
        // Another producer's Indicator of an observable Scamtrail records, an apostrophe escaped.
        indicator("[email-addr:value = 'o\\'brien@example.org']", { description: 'From a partner' }),
        indicator("[ipv4-addr:value = '192.0.2.1'] FOLLOWEDBY [email-addr:value = 'x@example.org']"),
        indicator("[email-addr:value = 'gone@example.org']", { revoked: true }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toEqual({ created: 2, duplicates: 0, invalid: 1, skipped: 3 });
    expect(res.json().skipped.map((skip: Json) => String(skip.ref).split('--')[0])).toEqual([
      'ipv4-addr',
      'indicator',
      'indicator',
    ]);
    const found = (await admin.get('/api/identifiers?search=brien')).json().data as Json[];
    expect(found.map((row) => row.displayValue)).toEqual(["o'brien@example.org"]);
    const notBundle = await admin.post('/api/identifiers/import/stix', {
      type: 'report',
      id: 'x',
      objects: [],
    });
    expect(notBundle.statusCode).toBe(400);
    expect(notBundle.body).toContain('type');
  });
});
