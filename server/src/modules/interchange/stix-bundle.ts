import { createHash, randomUUID } from 'node:crypto';
import { STIX_SPEC_VERSION, type StixBundle, type StixObject } from './stix';
import { identityIdOf, producerExtension, producerIdentity, type StixProducer } from './taxii.producer';

/**
 * The STIX export's bundle (docs/interchange.md, "STIX 2.1"): the objects the TAXII feed serves for
 * the same identifiers (their Indicators in their current versions, the instance's identity and the
 * extension definition of the Indicators' property extension) and, for a case, a `grouping` of the
 * Indicators. Pure functions.
 */

export interface GroupingCase {
  id: string;
  number: number;
  title: string;
  description: string;
  scamType: string | null;
  createdAt: string;
  updatedAt: string;
  lastActivityAt: string;
}

/** A time as RFC 3339 in UTC with microseconds, as the feed writes them (so they compare as text). */
const micros = (value: string) => new Date(value).toISOString().replace(/Z$/, '000Z');

/**
 * A case as a `grouping` (STIX 2.1 Grouping) of its Indicators, created by the instance, without its
 * `modified` (`groupingOf`): its content, whose digest tells one version from the next. Its id is the
 * case's (a random UUIDv4, §2.9), so every export of the case is a version of one grouping.
 * `object_refs` are in id order, so the same Indicators are the same content whatever order the
 * case lists them in.
 */
export function groupingContent(
  groupingCase: GroupingCase,
  indicators: readonly StixObject[],
  producer: Pick<StixProducer, 'identityId'>,
): StixObject {
  const scores = indicators.flatMap((indicator) =>
    typeof indicator.confidence === 'number' ? [indicator.confidence] : [],
  );
  return {
    type: 'grouping',
    spec_version: STIX_SPEC_VERSION,
    id: `grouping--${groupingCase.id}`,
    created_by_ref: identityIdOf(producer),
    created: micros(groupingCase.createdAt),
    name: `Case #${groupingCase.number}: ${groupingCase.title}`,
    ...(groupingCase.description ? { description: groupingCase.description } : {}),
    context: 'suspicious-activity',
    ...(groupingCase.scamType ? { labels: [groupingCase.scamType] } : {}),
    ...(scores.length > 0 ? { confidence: Math.max(...scores) } : {}),
    // A grouping must refer to something (object_refs: one or more): the instance's identity when it has no Indicator.
    object_refs:
      indicators.length > 0 ? indicators.map((indicator) => indicator.id).sort() : [identityIdOf(producer)],
  };
}

/** SHA-256 (hex) of a grouping's content (`groupingContent`): its properties in the order written. */
export const groupingDigest = (content: StixObject) =>
  createHash('sha256').update(JSON.stringify(content)).digest('hex');

/**
 * The `modified` a grouping's first recorded version is given: the latest of the case's creation, its
 * change, its last activity and its Indicators' versions. Later versions are the export's
 * (`groupingModified`): the same content keeps its `modified`, another gets a later one.
 */
export function groupingFirstModified(groupingCase: GroupingCase, indicators: readonly StixObject[]): string {
  return [
    micros(groupingCase.createdAt),
    micros(groupingCase.updatedAt),
    micros(groupingCase.lastActivityAt),
    ...indicators.map((indicator) => String(indicator.modified)),
  ].reduce((latest, time) => (time > latest ? time : latest));
}

/** The grouping as exported: its content and `modified` (after `created`, as STIX writes them). */
export function groupingOf(content: StixObject, modified: string): StixObject {
  const { type, spec_version, id, created_by_ref, created, ...rest } = content;
  return { type, spec_version, id, created_by_ref, created, modified, ...rest };
}

/** The bundle: the identity, the extension definition, the Indicators, the case's grouping. */
export function buildBundle(
  producer: StixProducer,
  indicators: readonly StixObject[],
  grouping?: StixObject,
): StixBundle {
  return {
    type: 'bundle',
    id: `bundle--${randomUUID()}`,
    objects: [
      producerIdentity(producer),
      producerExtension(producer),
      ...indicators,
      ...(grouping ? [grouping] : []),
    ],
  };
}
