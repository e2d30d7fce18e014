import { createHash } from 'node:crypto';
import { detectIdentifierType } from '@scamtrail/domain/identifiers/detection';
import { splitPhoneNumber } from '@scamtrail/domain/identifiers/phone';
import { SOCIAL_PLATFORMS, CRYPTO_NETWORKS } from '@scamtrail/domain/identifiers/types';

/**
 * STIX 2.1 (OASIS, 2021) for identifiers: the observable (SCO) each identifier names, standard ones
 * (`email-addr`, `url`, `domain-name`, `user-account`) and the fraud observables as OpenCTI defines
 * them (`phone-number`, `bank-account`, `cryptocurrency-wallet`, `payment-card`). The TAXII feed and
 * the STIX export serve Indicators whose patterns name these observables (`taxii.indicators.ts`,
 * `stix-bundle.ts`); the import reads both the observables and such Indicators back. Pure functions.
 */

export const STIX_SPEC_VERSION = '2.1';
/** The namespace STIX 2.1 §2.9 gives for the UUIDv5 of deterministic SCO ids. */
export const STIX_SCO_NAMESPACE = '00abedb4-aa42-466c-9c01-fed23315a9b7';

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
  const object = {
    type,
    spec_version: STIX_SPEC_VERSION,
    id: scoId(type, contributing),
    ...contributing,
    ...rest,
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
 * The SCO of an identifier and its ID-contributing properties (an Indicator's pattern names them), or
 * undefined for what STIX has no observable for (an `other` of a kind it does not know). Values are
 * the normalised ones, so the same identifier is the same observable (the same id). Not served as
 * such: what the pattern does not carry (`x_scamtrail_*` here) travels in the Indicator's property
 * extension, the notes and score as its description and confidence.
 */
export function identifierObservable(identifier: ExportedIdentifier): Observable | undefined {
  const { data, normalizedKey } = identifier;
  switch (identifier.type) {
    case 'email':
      return sco('email-addr', { value: normalizedKey }, {});
    case 'zelle':
      return normalizedKey.includes('@')
        ? sco('email-addr', { value: normalizedKey }, { x_scamtrail_zelle: true })
        : sco('phone-number', { value: normalizedKey }, { x_scamtrail_zelle: true });
    case 'phone':
      return sco('phone-number', { value: normalizedKey }, {});
    case 'bank_account': {
      const account = text(data, 'accountNumber').replace(/[\s-]/g, '').toUpperCase();
      const routing = text(data, 'routingNumber');
      const named = {
        value: identifier.normalizedKey,
        ...(text(data, 'bankName') ? { x_scamtrail_bank_name: text(data, 'bankName') } : {}),
        ...(text(data, 'accountName') ? { x_scamtrail_account_name: text(data, 'accountName') } : {}),
        ...(routing ? { x_scamtrail_routing_number: routing } : {}),
      };
      if (IBAN_SHAPE.test(account) && !routing) return sco('bank-account', { iban: account }, named);
      return sco('bank-account', { account_number: normalizedKey }, named);
    }
    case 'crypto_wallet':
      return sco(
        'cryptocurrency-wallet',
        { value: normalizedKey.slice(normalizedKey.indexOf(':') + 1) },
        { x_scamtrail_network: text(data, 'network') },
      );
    case 'social_media': {
      const username = text(data, 'username').replace(/^@/, '');
      const profile = text(data, 'profileUrl');
      return sco(
        'user-account',
        { account_type: text(data, 'platform').toLowerCase(), account_login: username.toLowerCase() },
        { display_name: username, ...(profile ? { x_scamtrail_profile_url: profile } : {}) },
      );
    }
    case 'other': {
      const value = text(data, 'value');
      const kind = otherKind(text(data, 'identifierType'), value);
      if (kind === 'url') return sco('url', { value }, {});
      if (kind === 'domain-name') return sco('domain-name', { value: value.toLowerCase() }, {});
      if (kind === 'payment-card') {
        // As recorded: an "other" identifier's key keeps its spacing, so an import finds it again.
        return sco('payment-card', { card_number: value }, { value });
      }
      return undefined;
    }
    default:
      return undefined;
  }
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

/**
 * The observable a STIX pattern names, when it is one the feed writes: one observation expression of
 * `<type>:<property> = '<string>'` comparisons of one object type joined by AND (§9), e.g.
 * `[bank-account:account_number = '011000015:12345678']`; undefined for any other pattern.
 */
export function patternObservable(pattern: string): Record<string, string> | undefined {
  const body = /^\[(.*)\]$/s.exec(pattern.trim())?.[1];
  const comparison = /^\s*([a-z0-9-]+):([a-z0-9_]+)\s*=\s*'((?:[^'\\]|\\['\\])*)'\s*(?:AND\s|$)/;
  const observable: Record<string, string> = {};
  for (let rest = body ?? ''; rest.trim() !== '';) {
    const found = comparison.exec(rest);
    if (!found || (observable.type !== undefined && observable.type !== found[1])) return undefined;
    observable.type = found[1];
    observable[found[2]] = found[3].replace(/\\(['\\])/g, '$1');
    rest = rest.slice(found[0].length);
  }
  return observable.type === undefined ? undefined : observable;
}

/** What an Indicator's description is without notes (`indicatorOf`). */
const NO_NOTES = / identifier recorded in a Scamtrail fraud case\.$/;

/**
 * The identifier an Indicator names (the STIX export's and the feed's objects, or another producer's
 * of the same patterns), or the reason it names none: the observable of its pattern, with Scamtrail's
 * details from the property extension that carries `identifier_type` (`taxii.producer.ts`), its
 * description as the notes.
 */
export function indicatorToItem(object: Record<string, unknown>): ImportItem | string {
  if (object.revoked === true) return 'a revoked indicator';
  const observable =
    object.pattern_type === 'stix' && typeof object.pattern === 'string'
      ? patternObservable(object.pattern)
      : undefined;
  if (!observable) return "the indicator's pattern is no comparison of one observable's properties";
  const extensions = Object.values((object.extensions ?? {}) as Record<string, Record<string, unknown>>);
  const details = extensions.find((extension) => typeof extension?.identifier_type === 'string') ?? {};
  const description = str(object.description);
  const notes = NO_NOTES.test(description) ? '' : description;
  if (details.identifier_type === 'zelle' && ['email-addr', 'phone-number'].includes(observable.type)) {
    const identifierType = observable.type === 'email-addr' ? 'email' : 'phone';
    const data = { identifierType, identifier: observable.value };
    return { type: 'zelle', data: notes ? { ...data, notes } : data };
  }
  const named: Record<string, unknown> = {
    ...observable,
    ...(notes ? { x_opencti_description: notes } : {}),
  };
  for (const name of ['bank_name', 'account_name', 'routing_number', 'network', 'profile_url']) {
    if (typeof details[name] === 'string') named[`x_scamtrail_${name}`] = details[name];
  }
  if (typeof details.display_name === 'string') named.display_name = details.display_name;
  return scoToItem(named);
}

/**
 * The observables (SCOs) and Indicators of a bundle as import rows, and the objects passed over with
 * why (other SDOs are not read).
 */
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
    const item = object.type === 'indicator' ? indicatorToItem(object) : scoToItem(object);
    if (typeof item === 'string') skipped.push({ ref, reason: item });
    else {
      items.push(item);
      refs.push(ref);
    }
  }
  return { items, refs, skipped };
}
