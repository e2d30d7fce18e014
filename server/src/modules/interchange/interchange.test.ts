import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { insertCase, insertGroup, insertJournalEntry } from '../identifiers/identifier-test-fixtures';
import { uuidv5 } from './stix';

/**
 * MISP events and STIX 2.1 bundles, out of Scamtrail and back in. The OASIS JSON schemas of STIX 2.1
 * cannot be fetched here, so `checkStixObject` holds each object to the properties the specification
 * requires of it (STIX 2.1 §2, §3.2, §4, §6, §7.3, §8) instead.
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

/** STIX 2.1 required properties, by the specification's sections; fails the test with the object's id. */
function checkStixObject(object: Json, all: Map<string, Json>) {
  const where = String(object.id);
  expect(object.type, where).toMatch(/^[a-z0-9][a-z0-9-]{1,248}[a-z0-9]$/);
  expect(object.id, where).toMatch(
    new RegExp(
      `^${String(object.type)}--[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`,
    ),
  );
  expect(object.spec_version, where).toBe('2.1');
  const timestamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
  const isSdo = ['identity', 'grouping', 'extension-definition'].includes(String(object.type));
  if (isSdo) {
    // §3.2: created and modified, modified not before created; created_by_ref an identity.
    expect(object.created, where).toMatch(timestamp);
    expect(object.modified, where).toMatch(timestamp);
    expect(String(object.modified) >= String(object.created), where).toBe(true);
    if (object.created_by_ref !== undefined) {
      expect(all.get(String(object.created_by_ref))?.type, where).toBe('identity');
    }
    if (object.confidence !== undefined) {
      expect(Number.isInteger(object.confidence) && Number(object.confidence) <= 100, where).toBe(true);
    }
  } else {
    // §3.1, §6: SCOs have no created/modified/created_by_ref/confidence.
    for (const sdoOnly of ['created', 'modified', 'created_by_ref', 'confidence']) {
      expect(object[sdoOnly], `${where} ${sdoOnly}`).toBeUndefined();
    }
  }
  switch (object.type) {
    case 'identity':
      expect(typeof object.name, where).toBe('string');
      break;
    case 'grouping':
      // §4.7: context and a non-empty object_refs, each naming an object of the bundle here.
      expect(typeof object.context, where).toBe('string');
      expect((object.object_refs as string[]).length, where).toBeGreaterThan(0);
      for (const ref of object.object_refs as string[]) expect(all.has(ref), `${where} -> ${ref}`).toBe(true);
      break;
    case 'extension-definition':
      // §7.3: created_by_ref, name, schema, version, extension_types.
      expect(all.get(String(object.created_by_ref))?.type, where).toBe('identity');
      expect(typeof object.name, where).toBe('string');
      expect(typeof object.schema, where).toBe('string');
      expect(object.version, where).toMatch(/^\d+\.\d+\.\d+$/);
      expect(object.extension_types, where).toEqual(['new-sco']);
      break;
    case 'email-addr':
    case 'url':
    case 'domain-name':
      // §6.5, §6.14, §6.3: value is required.
      expect(typeof object.value, where).toBe('string');
      break;
    case 'user-account':
      expect(typeof object.account_login, where).toBe('string');
      break;
    default: {
      // A custom SCO (§7.3): announced by an extension definition of this bundle of type new-sco.
      const extensions = Object.entries(object.extensions as Record<string, Json>);
      expect(extensions, where).toHaveLength(1);
      const [definitionId, extension] = extensions[0];
      expect(extension.extension_type, where).toBe('new-sco');
      expect(all.get(definitionId)?.name, where).toBe(object.type);
      // OpenCTI's required properties of each.
      if (object.type === 'bank-account') expect(object.iban ?? object.account_number, where).toBeTruthy();
      else if (object.type === 'payment-card') expect(typeof object.card_number, where).toBe('string');
      else expect(typeof object.value, where).toBe('string');
    }
  }
}

function checkBundle(bundle: Json) {
  // §8: type bundle, id bundle--UUID, objects.
  expect(bundle.type).toBe('bundle');
  expect(bundle.id).toMatch(/^bundle--[0-9a-f-]{36}$/);
  const objects = bundle.objects as Json[];
  const all = new Map(objects.map((object) => [String(object.id), object]));
  expect(all.size).toBe(objects.length);
  for (const object of objects) checkStixObject(object, all);
  return objects;
}

describe('STIX 2.1', () => {
  it('exports a case as observables and a grouping, every object as the specification requires', async () => {
    const res = await investigator.get(`/api/cases/${caseId}/stix`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/stix\+json; ?version="?2\.1"?/);
    const objects = checkBundle(res.json());
    const types = objects.map((o) => o.type);
    for (const type of [
      'identity',
      'grouping',
      'email-addr',
      'url',
      'domain-name',
      'user-account',
      'phone-number',
      'bank-account',
      'cryptocurrency-wallet',
      'payment-card',
    ]) {
      expect(types).toContain(type);
    }
    const grouping = objects.find((o) => o.type === 'grouping')!;
    expect(grouping.created_by_ref).toBe(objects.find((o) => o.type === 'identity')!.id);
    expect((grouping.object_refs as string[]).length).toBe(IDENTIFIERS.length);
    // Deterministic ids (§2.9): UUIDv5 of the ID-contributing properties, in the STIX namespace.
    const email = objects.find((o) => o.type === 'email-addr')!;
    expect(email).toMatchObject({
      id: 'email-addr--3be21e51-8e69-5206-b9d0-43f92be70f31',
      value: 'mule@example.com',
    });
    expect(objects.find((o) => o.type === 'bank-account' && o.iban)!.id).toBe(
      'bank-account--c88c2c9d-872d-56bc-b608-6a6b82b10e8a',
    );
  });

  it('exports the list under its filter; the same identifiers are the same objects', async () => {
    const emails = checkBundle((await investigator.get('/api/identifiers/stix?type=email')).json());
    expect(emails.filter((o) => o.type === 'email-addr').map((o) => o.value)).toEqual(['mule@example.com']);
    expect(emails.some((o) => o.type === 'grouping')).toBe(false);
    const all = checkBundle((await investigator.get('/api/identifiers/stix')).json());
    const fromCase = checkBundle((await investigator.get(`/api/cases/${caseId}/stix`)).json());
    const scoIds = (objects: Json[]) =>
      new Set(
        objects
          .filter((o) => !['identity', 'grouping', 'extension-definition'].includes(String(o.type)))
          .map((o) => o.id),
      );
    for (const id of scoIds(fromCase)) expect(scoIds(all).has(id)).toBe(true);
    expect((await admin.get('/api/identifiers/stix?type=nope')).statusCode).toBe(400);
  });

  it('a round trip STIX -> import -> export keeps the ids', async () => {
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
      const ids = (objects: Json[]) =>
        objects
          .filter((o) => !['identity', 'grouping'].includes(String(o.type)))
          .map((o) => o.id)
          .sort();
      expect(ids(again)).toEqual(ids(exported));
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
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toEqual({ created: 1, duplicates: 0, invalid: 1, skipped: 1 });
    expect(res.json().skipped[0].ref).toMatch(/^ipv4-addr--/);
    const notBundle = await admin.post('/api/identifiers/import/stix', {
      type: 'report',
      id: 'x',
      objects: [],
    });
    expect(notBundle.statusCode).toBe(400);
    expect(notBundle.body).toContain('type');
  });
});
