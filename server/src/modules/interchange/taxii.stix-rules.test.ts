import { describe, expect, it } from 'vitest';
import { groupingContent, groupingFirstModified, groupingOf } from './stix-bundle';
import { indicatorOf, patternString } from './taxii.indicators';
import { extensionKeyOf, producerExtension, producerIdentity, type StixProducer } from './taxii.producer';
import { patternProblems, referenceProblems, stixProblems, versionProblems } from './taxii.stix-rules';

/**
 * The STIX 2.1 check the TAXII tests run (`taxii.stix-rules.ts`), and the Indicator a version of
 * each identifier type is, checked by it: what the check refuses is what the specification forbids.
 */

const CREATED = '2026-11-01T10:00:00.000000Z';

const PRODUCER: StixProducer = {
  identityId: '0b7a3c1e-5d2f-4a8b-9c6d-1e2f3a4b5c6d',
  extensionId: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  name: 'Scamtrail (scamtrail.example)',
  created: CREATED,
  modified: CREATED,
};
const EXTENSION = extensionKeyOf(PRODUCER);

const version = (type: string, data: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type,
  data,
  confidence: 0.8,
  id: 'indicator--8e2e2d2b-17d4-4e7a-9c3c-3a4d1b3c2f10',
  created: CREATED,
  modified: CREATED,
  revoked: false,
  producer: PRODUCER,
  ...extra,
});

describe('the STIX 2.1 check', () => {
  it('refuses an observable (SCO) carrying versioning properties, as the old feed served a deletion', () => {
    const sco = {
      type: 'email-addr',
      spec_version: '2.1',
      id: 'email-addr--3be21e51-8e69-5206-b9d0-43f92be70f31',
      value: 'mule@example.com',
    };
    expect(stixProblems(sco)).toEqual([]);
    expect(stixProblems({ ...sco, revoked: true, modified: '2026-11-01T10:00:00.000Z' })).toEqual([
      'modified is not a property of a cyber-observable (SCO)',
      'revoked is not a property of a cyber-observable (SCO)',
    ]);
  });

  it('requires what §3.2 and §4.7 require of an Indicator', () => {
    const indicator = indicatorOf(version('email', { address: 'mule@example.com' }))!;
    expect(stixProblems(indicator)).toEqual([]);
    const without = (name: string) =>
      Object.fromEntries(Object.entries(indicator).filter(([k]) => k !== name));
    for (const name of ['pattern', 'pattern_type', 'valid_from']) {
      expect(stixProblems(without(name))).toContain(`indicator: ${name} is required`);
    }
    expect(stixProblems(without('created')).join()).toMatch(/created must be a timestamp/);
    expect(stixProblems(without('spec_version'))).toContain('spec_version must be 2.1');
    expect(stixProblems({ ...indicator, modified: '2026-11-01T10:00:00Z' })).toContain(
      'modified must be precise to the millisecond',
    );
    expect(stixProblems({ ...indicator, modified: '2026-10-01T10:00:00.000Z' })).toContain(
      'modified must not be earlier than created',
    );
    expect(
      stixProblems({ ...indicator, id: 'email-addr--3be21e51-8e69-5206-b9d0-43f92be70f31' }).join(),
    ).toMatch(/id .* must be indicator--/);
    expect(stixProblems({ ...indicator, scamtrail_type: 'email' })).toContain(
      'indicator: scamtrail_type is no Indicator property and no custom property (x_)',
    );
    expect(stixProblems({ ...indicator, confidence: 0.8 })).toContain(
      'confidence must be an integer from 0 to 100',
    );
  });

  it('reports what the OASIS validator warns of: UUIDv5 ids of SDOs, custom properties without an extension', () => {
    const indicator = indicatorOf(version('email', { address: 'mule@example.com' }))!;
    // §2.9: an SDO's id SHOULD be a UUIDv4 (the feed's were UUIDv5s until migration 0041).
    expect(stixProblems({ ...indicator, id: 'indicator--8e2e2d2b-17d4-5e7a-9c3c-3a4d1b3c2f10' })).toEqual([
      'id indicator--8e2e2d2b-17d4-5e7a-9c3c-3a4d1b3c2f10 should be a UUIDv4 (§2.9)',
    ]);
    // An SCO's, a UUIDv5.
    expect(
      stixProblems({
        type: 'email-addr',
        spec_version: '2.1',
        id: 'email-addr--3be21e51-8e69-4206-b9d0-43f92be70f31',
        value: 'x@example.com',
      }),
    ).toEqual([
      'id email-addr--3be21e51-8e69-4206-b9d0-43f92be70f31 of a cyber-observable should be a UUIDv5 (§2.9)',
    ]);
    // §7.3, §11.1: a top-level custom property, as the feed had x_scamtrail_identifier_type.
    expect(stixProblems({ ...indicator, x_scamtrail_identifier_type: 'email' })).toEqual([
      'x_scamtrail_identifier_type is a custom property no extension definition defines (§7.3, §11.1)',
    ]);
    // Allowed where the object names a top-level property extension.
    const toplevel = {
      ...indicator,
      x_scamtrail_identifier_type: 'email',
      extensions: { [EXTENSION]: { extension_type: 'toplevel-property-extension' } },
    };
    expect(stixProblems(toplevel)).toEqual([]);
    expect(
      stixProblems({ ...indicator, extensions: { [EXTENSION]: { extension_type: 'property-extension' } } }),
    ).toEqual([`extensions: ${EXTENSION} holds no property`]);
    expect(stixProblems({ ...indicator, extensions: { [EXTENSION]: { identifier_type: 'email' } } })).toEqual(
      [`extensions: ${EXTENSION} needs an extension_type of the enumeration`],
    );
    expect(stixProblems({ ...indicator, extensions: { nonsense: {} } })).toContain(
      'extensions: nonsense is no extension definition id',
    );
    expect(
      stixProblems({ ...indicator, created_by_ref: 'indicator--8e2e2d2b-17d4-4e7a-9c3c-3a4d1b3c2f10' }),
    ).toEqual(['created_by_ref must be an identity id']);
  });

  it('checks the producer: its identity, its extension definition, and what refers to them', () => {
    const identity = producerIdentity(PRODUCER);
    const extension = producerExtension(PRODUCER);
    const indicator = indicatorOf(
      version('bank_account', {
        bankName: 'First',
        accountName: 'J Doe',
        accountNumber: '12345678',
        routingNumber: '021000021',
      }),
    )!;
    expect(stixProblems(identity)).toEqual([]);
    expect(stixProblems(extension)).toEqual([]);
    expect(indicator.created_by_ref).toBe(identity.id);
    expect(extension.created_by_ref).toBe(identity.id);
    expect((indicator.extensions as Record<string, unknown>)[extension.id]).toEqual({
      extension_type: 'property-extension',
      identifier_type: 'bank_account',
      bank_name: 'First',
      account_name: 'J Doe',
      routing_number: '021000021',
    });
    expect(referenceProblems([identity, extension, indicator])).toEqual([]);
    expect(referenceProblems([extension, indicator])).toEqual([
      `${extension.id}: created_by_ref ${identity.id} is no identity served`,
      `${indicator.id}: created_by_ref ${identity.id} is no identity served`,
    ]);
    expect(referenceProblems([identity, indicator])).toEqual([
      `${indicator.id}: extension ${extension.id} is no extension definition served`,
    ]);
    expect(
      referenceProblems([
        identity,
        { ...extension, extension_types: ['toplevel-property-extension'] },
        indicator,
      ]),
    ).toEqual([`${indicator.id}: ${extension.id} does not define property-extension`]);
    const without = (name: string) =>
      Object.fromEntries(Object.entries(extension).filter(([k]) => k !== name));
    for (const name of ['created_by_ref', 'name', 'schema', 'version', 'extension_types']) {
      expect(stixProblems(without(name))).toContain(`extension-definition: ${name} is required`);
    }
    expect(stixProblems(without('description'))).toEqual([
      'extension-definition: description should be given',
    ]);
    expect(stixProblems({ ...identity, identity_class: 'company' })).toEqual([
      'identity_class: company is not in identity-class-ov',
    ]);
    expect(stixProblems({ ...identity, id: 'identity--0b7a3c1e-5d2f-5a8b-9c6d-1e2f3a4b5c6d' })).toEqual([
      'id identity--0b7a3c1e-5d2f-5a8b-9c6d-1e2f3a4b5c6d should be a UUIDv4 (§2.9)',
    ]);
  });

  it('escapes apostrophes and backslashes in a pattern string, and refuses other escapes', () => {
    expect(patternString(`o'brien\\x`)).toBe(`'o\\'brien\\\\x'`);
    expect(patternProblems(`[email-addr:value = ${patternString(`o'brien\\x@example.com`)}]`)).toEqual([]);
    expect(patternProblems(`[email-addr:value = 'o'brien@example.com']`)).not.toEqual([]);
    expect(patternProblems(`[email-addr:value = 'a\\nb']`)).toEqual([
      "pattern: a backslash must escape ' or \\ (at 22)",
    ]);
    expect(patternProblems(`[user-account:account_type = 'x' AND user-account:account_login = 'y']`)).toEqual(
      [],
    );
    expect(patternProblems(`[Email:value = 'x']`)).not.toEqual([]);
  });

  it('turns every identifier type into a conformant Indicator, types without an SCO included', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['email', { address: "o'brien@example.com" }, `[email-addr:value = 'o\\'brien@example.com']`],
      ['phone', { countryCode: '+1', number: '2025550100' }, `[phone-number:value = '+12025550100']`],
      [
        'bank_account',
        { bankName: 'First', accountName: 'J Doe', accountNumber: '12345678', routingNumber: '021000021' },
        `[bank-account:account_number = '021000021:12345678']`,
      ],
      [
        'zelle',
        { identifierType: 'email', identifier: 'Pay@Example.com' },
        `[email-addr:value = 'pay@example.com']`,
      ],
      [
        'zelle',
        { identifierType: 'phone', identifier: '+1 202 555 0101' },
        `[phone-number:value = '+12025550101']`,
      ],
      [
        'crypto_wallet',
        { network: 'bitcoin', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
        `[cryptocurrency-wallet:value = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq']`,
      ],
      [
        'social_media',
        { platform: 'instagram', username: '@Back\\Slash' },
        `[user-account:account_type = 'instagram' AND user-account:account_login = 'back\\\\slash']`,
      ],
      [
        'other',
        { identifierType: 'Website', value: 'https://scam.example/pay' },
        `[url:value = 'https://scam.example/pay']`,
      ],
    ];
    for (const [type, data, pattern] of cases) {
      const indicator = indicatorOf(version(type, data))!;
      expect(indicator, type).toBeDefined();
      expect(indicator.pattern, type).toBe(pattern);
      expect((indicator.extensions as Record<string, Record<string, unknown>>)[EXTENSION]).toMatchObject({
        extension_type: 'property-extension',
        identifier_type: type,
      });
      expect(Object.keys(indicator).filter((name) => name.startsWith('x_'))).toEqual([]);
      expect(stixProblems(indicator), `${type}: ${JSON.stringify(indicator)}`).toEqual([]);
    }
    // An "other" of a kind STIX has no observable for: no Indicator.
    expect(
      indicatorOf(version('other', { identifierType: 'License plate', value: 'ABC 123' })),
    ).toBeUndefined();
  });

  it('checks versions: one created, the first modified at it, nothing after a revocation', () => {
    const first = indicatorOf(version('email', { address: 'mule@example.com' }))!;
    const later = indicatorOf(
      version(
        'email',
        { address: 'mule@example.com', notes: 'again' },
        { modified: '2026-11-02T10:00:00.000001Z' },
      ),
    )!;
    const revoked = { ...later, modified: '2026-11-03T10:00:00.000000Z', revoked: true };
    expect(versionProblems([first, later, revoked])).toEqual([]);
    expect(versionProblems([later])).toEqual([
      `${first.id}: the first version's modified is not its created`,
    ]);
    expect(versionProblems([first, revoked, { ...later, modified: '2026-11-04T10:00:00.000000Z' }])).toEqual([
      `${first.id}: a version after its revocation`,
    ]);
    expect(versionProblems([first, { ...later, created: '2026-11-01T10:00:00.001Z' }])).toEqual([
      `${first.id}: versions with different created`,
    ]);
  });
});

describe("the STIX export's grouping", () => {
  it("is a conformant grouping of the case's Indicators, by the instance, under the case's UUIDv4", () => {
    const indicator = indicatorOf(version('email', { address: 'mule@example.com' }))!;
    const caseId = '5f0c9a7e-3b1d-4c2e-8f6a-7d9e0b1c2a3f';
    const groupingCase = {
      id: caseId,
      number: 12,
      title: 'Romance scam',
      description: '',
      scamType: 'romance',
      createdAt: '2026-10-30T08:00:00.000Z',
      updatedAt: '2026-10-31T08:00:00.000Z',
      lastActivityAt: '2026-10-31T09:00:00.000Z',
    };
    const content = groupingContent(groupingCase, [indicator], PRODUCER);
    const grouping = groupingOf(content, groupingFirstModified(groupingCase, [indicator]));
    expect(grouping).toMatchObject({
      id: `grouping--${caseId}`,
      created: '2026-10-30T08:00:00.000000Z',
      // The latest of the case's times and its Indicators' versions.
      modified: CREATED,
      object_refs: [indicator.id],
      confidence: 80,
    });
    const objects = [producerIdentity(PRODUCER), producerExtension(PRODUCER), indicator, grouping];
    for (const object of objects) expect(stixProblems(object), String(object.id)).toEqual([]);
    expect(referenceProblems(objects)).toEqual([]);
    expect(stixProblems({ ...grouping, context: undefined })).toContain('grouping: context is required');
    expect(stixProblems({ ...grouping, object_refs: [] })).toContain(
      'grouping: object_refs must be a non-empty list',
    );
    expect(referenceProblems(objects.filter((object) => object !== indicator))).toContain(
      `${String(grouping.id)}: object_refs ${indicator.id} is not among them`,
    );
  });
});
