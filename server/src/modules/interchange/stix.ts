import { createHash, randomUUID } from 'node:crypto';
import { detectIdentifierType } from '@scamtrail/domain/identifiers/detection';
import { splitPhoneNumber } from '@scamtrail/domain/identifiers/phone';
import { SOCIAL_PLATFORMS, CRYPTO_NETWORKS } from '@scamtrail/domain/identifiers/types';

/**
 * STIX 2.1 (OASIS, 2021) for identifiers: each identifier is a STIX Cyber-observable Object (SCO),
 * standard ones (`email-addr`, `url`, `domain-name`, `user-account`) and the fraud observables as
 * OpenCTI defines them (`phone-number`, `bank-account`, `cryptocurrency-wallet`, `payment-card`), the
 * latter as custom SCOs announced by an `extension-definition` (extension type `new-sco`, §7.3). A case
 * is a `grouping` (§4.7) of its identifiers. Pure functions: no database, no clock except where given.
 */

export const STIX_SPEC_VERSION = '2.1';
/** The namespace STIX 2.1 §2.9 gives for the UUIDv5 of deterministic SCO ids. */
export const STIX_SCO_NAMESPACE = '00abedb4-aa42-466c-9c01-fed23315a9b7';
/** Ours, for the ids of the objects Scamtrail itself defines (identity, groupings, extensions). */
const SCAMTRAIL_NAMESPACE = '6f1f3c8e-52c4-5d2a-9a43-2b7d0c1e8a61';
/** When our extension definitions were written: fixed, so every export names the same objects. */
const EXTENSIONS_CREATED = '2026-11-01T00:00:00.000Z';

/** RFC 4122 §4.3 name-based UUID with SHA-1 (version 5). */
export function uuidv5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id of an SCO as §2.9 says: UUIDv5 in the STIX namespace of the canonical JSON (RFC 8785) of its
 * ID-contributing properties. Ours are flat objects of strings: keys sorted, JSON strings.
 */
export function scoId(type: string, contributing: Record<string, string>): string {
  const canonical = `{${Object.keys(contributing)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${JSON.stringify(contributing[key])}`)
    .join(',')}}`;
  return `${type}--${uuidv5(canonical, STIX_SCO_NAMESPACE)}`;
}

export type StixObject = Record<string, unknown> & { type: string; id: string };

export interface StixBundle {
  type: 'bundle';
  id: string;
  objects: StixObject[];
}

/** The custom observables, as OpenCTI names them, each announced by an extension definition. */
export const CUSTOM_SCO_TYPES = [
  'phone-number',
  'bank-account',
  'cryptocurrency-wallet',
  'payment-card',
] as const;
type CustomScoType = (typeof CUSTOM_SCO_TYPES)[number];

const CUSTOM_SCO_DESCRIPTIONS: Record<CustomScoType, string> = {
  'phone-number': "A telephone number in E.164 form (value); as OpenCTI's Phone-Number observable.",
  'bank-account':
    "A bank account: iban when it is one, account_number otherwise, with bic; as OpenCTI's Bank-Account observable.",
  'cryptocurrency-wallet': "A wallet address (value); as OpenCTI's Cryptocurrency-Wallet observable.",
  'payment-card': "A payment card number (card_number); as OpenCTI's Payment-Card observable.",
};

export interface StixContext {
  /** The organisation that publishes the bundle: created_by_ref of what it defines. */
  organisation: string;
}

export function identityOf(context: StixContext): StixObject {
  return {
    type: 'identity',
    spec_version: STIX_SPEC_VERSION,
    id: `identity--${uuidv5(`identity:${context.organisation}`, SCAMTRAIL_NAMESPACE)}`,
    created: EXTENSIONS_CREATED,
    modified: EXTENSIONS_CREATED,
    name: context.organisation,
    identity_class: 'organization',
  };
}

export function extensionDefinitionId(type: CustomScoType): string {
  return `extension-definition--${uuidv5(`new-sco:${type}`, SCAMTRAIL_NAMESPACE)}`;
}

function extensionDefinitionOf(type: CustomScoType, identityId: string): StixObject {
  return {
    type: 'extension-definition',
    spec_version: STIX_SPEC_VERSION,
    id: extensionDefinitionId(type),
    created_by_ref: identityId,
    created: EXTENSIONS_CREATED,
    modified: EXTENSIONS_CREATED,
    name: type,
    description: CUSTOM_SCO_DESCRIPTIONS[type],
    schema: 'https://docs.opencti.io/latest/usage/data-model/',
    version: '1.0.0',
    extension_types: ['new-sco'],
  };
}

/** What an export needs of an identifier. */
export interface ExportedIdentifier {
  type: string;
  data: Record<string, unknown>;
  normalizedKey: string;
  /** 0..1, null until validated. */
  confidence: number | null;
}

const text = (data: Record<string, unknown>, name: string) => {
  const value = data[name];
  return typeof value === 'string' ? value.trim() : '';
};

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** An SCO and its ID-contributing properties (§2.9), which also make the pattern that matches it. */
export interface Observable {
  object: StixObject;
  contributing: Record<string, string>;
}

function sco(type: string, contributing: Record<string, string>, rest: Record<string, unknown>): Observable {
  const custom = (CUSTOM_SCO_TYPES as readonly string[]).includes(type);
  const object = {
    type,
    spec_version: STIX_SPEC_VERSION,
    id: scoId(type, contributing),
    ...contributing,
    ...rest,
    ...(custom
      ? { extensions: { [extensionDefinitionId(type as CustomScoType)]: { extension_type: 'new-sco' } } }
      : {}),
  };
  return { object, contributing };
}

/** `other` identifiers whose kind names a web address, a domain or a payment card. */
function otherKind(kindText: string, value: string): 'url' | 'domain-name' | 'payment-card' | undefined {
  const kind = kindText.toLowerCase();
  if (/card/.test(kind)) return 'payment-card';
  if (/^https?:\/\//i.test(value)) return 'url';
  if (/(url|link|website|web site|site)/.test(kind)) return 'url';
  if (/domain/.test(kind)) return 'domain-name';
  return undefined;
}

/**
 * The SCO of an identifier, or undefined for what STIX has no observable for (an `other` of a kind
 * it does not know). Values are the normalised ones, so the same identifier is the same object (the
 * same id) in every export. The score travels as OpenCTI's `x_opencti_score` (0-100): STIX gives
 * SCOs no `confidence` property (§3.2 lists it for SDOs and SROs only).
 */
export function identifierToSco(identifier: ExportedIdentifier): StixObject | undefined {
  return identifierObservable(identifier)?.object;
}

/** `identifierToSco`'s SCO with its ID-contributing properties (a TAXII Indicator's pattern names them). */
export function identifierObservable(identifier: ExportedIdentifier): Observable | undefined {
  const { data, normalizedKey } = identifier;
  const score =
    identifier.confidence === null ? {} : { x_opencti_score: Math.round(identifier.confidence * 100) };
  const notes = text(data, 'notes') ? { x_opencti_description: text(data, 'notes') } : {};
  const extra = { ...score, ...notes };
  switch (identifier.type) {
    case 'email':
      return sco('email-addr', { value: normalizedKey }, extra);
    case 'zelle':
      return normalizedKey.includes('@')
        ? sco('email-addr', { value: normalizedKey }, { ...extra, x_scamtrail_zelle: true })
        : sco('phone-number', { value: normalizedKey }, { ...extra, x_scamtrail_zelle: true });
    case 'phone':
      return sco('phone-number', { value: normalizedKey }, extra);
    case 'bank_account': {
      const account = text(data, 'accountNumber').replace(/[\s-]/g, '').toUpperCase();
      const routing = text(data, 'routingNumber');
      const named = {
        value: identifier.normalizedKey,
        ...(text(data, 'bankName') ? { x_scamtrail_bank_name: text(data, 'bankName') } : {}),
        ...(text(data, 'accountName') ? { x_scamtrail_account_name: text(data, 'accountName') } : {}),
        ...(routing ? { x_scamtrail_routing_number: routing } : {}),
        ...extra,
      };
      if (IBAN_SHAPE.test(account) && !routing) return sco('bank-account', { iban: account }, named);
      return sco('bank-account', { account_number: normalizedKey }, named);
    }
    case 'crypto_wallet':
      return sco(
        'cryptocurrency-wallet',
        { value: normalizedKey.slice(normalizedKey.indexOf(':') + 1) },
        { ...extra, x_scamtrail_network: text(data, 'network') },
      );
    case 'social_media': {
      const username = text(data, 'username').replace(/^@/, '');
      const profile = text(data, 'profileUrl');
      return sco(
        'user-account',
        { account_type: text(data, 'platform').toLowerCase(), account_login: username.toLowerCase() },
        { display_name: username, ...(profile ? { x_scamtrail_profile_url: profile } : {}), ...extra },
      );
    }
    case 'other': {
      const value = text(data, 'value');
      const kind = otherKind(text(data, 'identifierType'), value);
      if (kind === 'url') return sco('url', { value }, extra);
      if (kind === 'domain-name') return sco('domain-name', { value: value.toLowerCase() }, extra);
      if (kind === 'payment-card') {
        // As recorded: an "other" identifier's key keeps its spacing, so an import finds it again.
        return sco('payment-card', { card_number: value }, { value, ...extra });
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

export interface GroupingCase {
  id: string;
  number: number;
  title: string;
  description: string;
  scamType: string | null;
  createdAt: string;
  updatedAt: string;
}

function timestamp(value: string): string {
  return new Date(value).toISOString();
}

/**
 * A bundle of the identifiers (and, given a case, a `grouping` of them): the organisation's identity,
 * the extension definitions of the custom observables it holds, the observables, the grouping.
 */
export function buildBundle(
  identifiers: readonly ExportedIdentifier[],
  context: StixContext,
  groupingCase?: GroupingCase,
): StixBundle {
  const identity = identityOf(context);
  const observables = new Map<string, StixObject>();
  for (const identifier of identifiers) {
    const object = identifierToSco(identifier);
    // Two identifiers may be one observable (a Zelle e-mail and the e-mail): once is enough.
    if (object && !observables.has(object.id)) observables.set(object.id, object);
  }
  const used = CUSTOM_SCO_TYPES.filter((type) => [...observables.values()].some((o) => o.type === type));
  const objects: StixObject[] = [
    identity,
    ...used.map((type) => extensionDefinitionOf(type, identity.id as string)),
    ...observables.values(),
  ];
  if (groupingCase) {
    const scores = identifiers.flatMap((i) => (i.confidence === null ? [] : [i.confidence]));
    objects.push({
      type: 'grouping',
      spec_version: STIX_SPEC_VERSION,
      id: `grouping--${uuidv5(`case:${groupingCase.id}`, SCAMTRAIL_NAMESPACE)}`,
      created_by_ref: identity.id,
      created: timestamp(groupingCase.createdAt),
      modified: timestamp(groupingCase.updatedAt),
      name: `Case #${groupingCase.number}: ${groupingCase.title}`,
      ...(groupingCase.description ? { description: groupingCase.description } : {}),
      context: 'suspicious-activity',
      ...(groupingCase.scamType ? { labels: [groupingCase.scamType] } : {}),
      ...(scores.length > 0 ? { confidence: Math.round(Math.max(...scores) * 100) } : {}),
      // A grouping must refer to something (§4.7): the case's identity when it names no observable.
      object_refs: observables.size > 0 ? [...observables.keys()] : [identity.id],
    });
  }
  return { type: 'bundle', id: `bundle--${randomUUID()}`, objects };
}

/** An identifier as the import reads it: `{ type, data }`, checked there by the domain's rules. */
export interface ImportItem {
  type: string;
  data: Record<string, string | undefined>;
}

export interface ImportSkip {
  ref: string;
  reason: string;
}

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function platformOf(accountType: string): string {
  const platform = accountType.toLowerCase();
  if (platform === 'x') return 'twitter';
  return (SOCIAL_PLATFORMS as readonly string[]).includes(platform) ? platform : 'other';
}

function networkOf(given: string, address: string): string {
  if ((CRYPTO_NETWORKS as readonly string[]).includes(given)) return given;
  const detected = detectIdentifierType(address);
  return detected.type === 'crypto_wallet' ? detected.data.network : 'other';
}

/** A phone number in international form as the phone identifier's two fields. */
export function phoneItem(value: string, notes?: string): ImportItem | undefined {
  const split = splitPhoneNumber(value);
  if (!split) return undefined;
  return { type: 'phone', data: { ...split, ...(notes ? { notes } : {}) } };
}

/** The identifier an SCO names, or the reason it names none. */
export function scoToItem(object: Record<string, unknown>): ImportItem | string {
  const notes = str(object.x_opencti_description) || str(object.description);
  const withNotes = (data: Record<string, string | undefined>) => (notes ? { ...data, notes } : data);
  switch (object.type) {
    case 'email-addr':
      return { type: 'email', data: withNotes({ address: str(object.value) }) };
    case 'phone-number':
      return phoneItem(str(object.value), notes) ?? 'not a phone number';
    case 'bank-account': {
      const account = str(object.iban) || str(object.account_number);
      if (!account) return 'a bank-account needs iban or account_number';
      const [routing, number] = account.includes(':') ? account.split(':', 2) : ['', account];
      return {
        type: 'bank_account',
        data: withNotes({
          bankName: str(object.x_scamtrail_bank_name) || str(object.bic) || 'Unknown',
          accountName: str(object.x_scamtrail_account_name) || 'Unknown',
          accountNumber: number,
          ...(str(object.x_scamtrail_routing_number) || routing
            ? { routingNumber: str(object.x_scamtrail_routing_number) || routing }
            : {}),
        }),
      };
    }
    case 'cryptocurrency-wallet': {
      const address = str(object.value);
      return {
        type: 'crypto_wallet',
        data: withNotes({ network: networkOf(str(object.x_scamtrail_network), address), address }),
      };
    }
    case 'payment-card':
      return {
        type: 'other',
        data: withNotes({
          identifierType: 'Payment card',
          value: str(object.card_number) || str(object.value),
        }),
      };
    case 'url':
      return { type: 'other', data: withNotes({ identifierType: 'Website', value: str(object.value) }) };
    case 'domain-name':
      return { type: 'other', data: withNotes({ identifierType: 'Domain', value: str(object.value) }) };
    case 'user-account': {
      const login = str(object.account_login) || str(object.user_id) || str(object.display_name);
      if (!login) return 'a user-account needs account_login or user_id';
      const profile = str(object.x_scamtrail_profile_url);
      return {
        type: 'social_media',
        data: withNotes({
          platform: platformOf(str(object.account_type)),
          username: str(object.display_name) || login,
          ...(profile ? { profileUrl: profile } : {}),
        }),
      };
    }
    default:
      return `${String(object.type)} is not an observable Scamtrail records`;
  }
}

/** The SCOs of a bundle as import rows, and the objects passed over with why (SDOs are not read). */
export function bundleToItems(bundle: { objects: readonly Record<string, unknown>[] }): {
  items: ImportItem[];
  refs: string[];
  skipped: ImportSkip[];
} {
  const items: ImportItem[] = [];
  const refs: string[] = [];
  const skipped: ImportSkip[] = [];
  const passedOver = new Set([
    'identity',
    'extension-definition',
    'marking-definition',
    'grouping',
    'report',
  ]);
  for (const object of bundle.objects) {
    const ref = str(object.id) || str(object.type);
    if (passedOver.has(str(object.type))) continue;
    const item = scoToItem(object);
    if (typeof item === 'string') skipped.push({ ref, reason: item });
    else {
      items.push(item);
      refs.push(ref);
    }
  }
  return { items, refs, skipped };
}
