import { getIdentifierTypeLabel } from '@scamtrail/domain/identifiers/catalogue';
import { buildDisplayValue } from '@scamtrail/domain/identifiers/display';
import { buildNormalisedKey } from '@scamtrail/domain/identifiers/normalise';
import { randomUUID } from 'node:crypto';
import { identifierObservable, STIX_SPEC_VERSION, type Observable, type StixObject } from './stix';
import { extensionKeyOf, identityIdOf, type StixProducer } from './taxii.producer';

/**
 * What a TAXII collection serves of an identifier (docs/interchange.md, "TAXII"): an Indicator SDO
 * (STIX 2.1 §4.7) whose STIX pattern (§9) names the identifier's observable. Not the observable (SCO)
 * itself: SCOs are not versioned and have no `created`, `modified` or `revoked` (§3.2, §3.6), so an
 * SCO cannot tell a poller that an identifier was edited or deleted; an Indicator can. Pure functions.
 *
 * One Indicator per identifier and observable: its versions are the identifier's versions while its
 * value stays the same observable; the deletion of the identifier, or a change of its value to
 * another observable, is the Indicator's last version, `revoked: true`. Revocation is final (§3.6),
 * so the identifier's value coming back (changed back, or recorded again) is a new Indicator.
 */

/**
 * A new Indicator's id: `indicator--` and a random UUIDv4 (STIX 2.1 §2.9: SDOs SHOULD use UUIDv4),
 * drawn when the first version of an identifier's run of versions of one observable is mapped
 * (`syncStixIds`) and kept for every later version of that run.
 */
export function newIndicatorId(): string {
  return `indicator--${randomUUID()}`;
}

/** A STIX pattern string constant (§9.2): in apostrophes, an apostrophe or a backslash escaped. */
export function patternString(value: string): string {
  return `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}

export interface IdentifierVersion {
  type: string;
  data: Record<string, unknown>;
  confidence: number | null;
}

/** The observable (SCO) an identifier's version names, or undefined when STIX has none for it. */
export function observableOf(version: Pick<IdentifierVersion, 'type' | 'data'>): Observable | undefined {
  let normalizedKey: string;
  try {
    normalizedKey = buildNormalisedKey(version.type, version.data);
  } catch {
    return undefined;
  }
  return identifierObservable({ type: version.type, data: version.data, normalizedKey, confidence: null });
}

/**
 * The STIX pattern matching the observable: its ID-contributing properties (§2.9, those its id is made
 * of), ANDed in one observation expression, e.g. `[email-addr:value = 'mule@example.com']`; undefined
 * when it has none.
 */
export function patternOf({ object, contributing }: Observable): string | undefined {
  const comparisons = Object.entries(contributing)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${object.type}:${name} = ${patternString(value)}`);
  return comparisons.length > 0 ? `[${comparisons.join(' AND ')}]` : undefined;
}

/** The observable's id (a UUIDv5 of its value), what tells whether a change kept the Indicator. */
export const observableIdOf = (version: Pick<IdentifierVersion, 'type' | 'data'>): string | undefined => {
  const observable = observableOf(version);
  return observable && patternOf(observable) ? observable.object.id : undefined;
};

const text = (data: Record<string, unknown>, name: string) => {
  const value = data[name];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * Scamtrail's details that STIX has no Indicator property for, as the properties of its property
 * extension (`taxii.producer.ts`, §7.3): the identifier's type, and the observable's own custom
 * properties the pattern does not carry (a bank's name, a wallet's network, a profile URL), named
 * without the observable's `x_scamtrail_` prefix.
 */
function extensionPropertiesOf(version: IdentifierVersion, observable: StixObject) {
  const properties: Record<string, unknown> = { identifier_type: version.type };
  for (const [name, value] of Object.entries(observable)) {
    if (name.startsWith('x_scamtrail_') && name !== 'x_scamtrail_zelle' && value !== '') {
      properties[name.slice('x_scamtrail_'.length)] = value;
    }
  }
  const displayName = observable.type === 'user-account' ? observable.display_name : undefined;
  if (typeof displayName === 'string' && displayName) properties.display_name = displayName;
  return properties;
}

export interface IndicatorVersion extends IdentifierVersion {
  /** The Indicator's id (`newIndicatorId`). */
  id: string;
  /** When its first version was made: `created` and `valid_from` (RFC 3339, UTC, microseconds). */
  created: string;
  /** When this version was made: `modified` (the identifier's change, or its deletion). */
  modified: string;
  /** The last version: the identifier was deleted, or its value became another observable. */
  revoked: boolean;
  /** Its creator (`created_by_ref`) and the extension its details are in. */
  producer: Pick<StixProducer, 'identityId' | 'extensionId'>;
}

/**
 * One version of an identifier's Indicator, or undefined when STIX has no observable for the
 * identifier (an "other" of a kind it does not know). Every property is a function of the version,
 * so each time a version is served it is the same (§3.6).
 */
export function indicatorOf(version: IndicatorVersion): StixObject | undefined {
  const observable = observableOf(version);
  const pattern = observable && patternOf(observable);
  if (!observable || !pattern) return undefined;
  const label = getIdentifierTypeLabel(version.type);
  const display = buildDisplayValue(version.type, version.data) || pattern;
  const notes = text(version.data, 'notes');
  return {
    type: 'indicator',
    spec_version: STIX_SPEC_VERSION,
    id: version.id,
    created_by_ref: identityIdOf(version.producer),
    created: version.created,
    modified: version.modified,
    name: `${label}: ${display}`,
    description: notes || `${label} identifier recorded in a Scamtrail fraud case.`,
    indicator_types: ['malicious-activity'],
    pattern,
    pattern_type: 'stix',
    pattern_version: STIX_SPEC_VERSION,
    valid_from: version.created,
    ...(version.confidence === null
      ? {}
      : { confidence: Math.min(100, Math.max(0, Math.round(version.confidence * 100))) }),
    ...(version.revoked ? { revoked: true } : {}),
    extensions: {
      [extensionKeyOf(version.producer)]: {
        extension_type: 'property-extension',
        ...extensionPropertiesOf(version, observable.object),
      },
    },
  };
}
