import { buildNormalisedKey } from '@scamtrail/domain/identifiers/normalise';
import type { ExportStream } from '@scamtrail/domain/export-streams';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { getExportStream, listExportStreams } from '../export-streams/export-streams.service';
import { identifierToSco, STIX_SPEC_VERSION, type StixObject } from './stix';
import { findTaxiiIdentifiers, type TaxiiPosition } from './taxii.repository';

/**
 * TAXII 2.1 (OASIS, 2021), read-only: each active export stream carrying the identifiers topic is a
 * collection whose objects are the identifiers as STIX observables, in the order they were added.
 * Paging is keyset: `next` names the last object's time added and id.
 */

export const TAXII_MEDIA_TYPE = 'application/taxii+json;version=2.1';
export const STIX_OBJECT_MEDIA_TYPE = `application/stix+json;version=${STIX_SPEC_VERSION}`;
export const TAXII_PAGE_DEFAULT = 100;
export const TAXII_PAGE_MAX = 1000;

/** The identifier types whose observables may be of each STIX type (`match[type]`). */
const IDENTIFIER_TYPES_OF: Record<string, readonly string[]> = {
  'email-addr': ['email', 'zelle'],
  'phone-number': ['phone', 'zelle'],
  'bank-account': ['bank_account'],
  'cryptocurrency-wallet': ['crypto_wallet'],
  'user-account': ['social_media'],
  url: ['other'],
  'domain-name': ['other'],
  'payment-card': ['other'],
};

export interface TaxiiCollection {
  id: string;
  title: string;
  description: string;
  can_read: boolean;
  can_write: boolean;
  media_types: string[];
}

const carriesIdentifiers = (stream: ExportStream) =>
  stream.status === 'active' && stream.topics.includes('identifiers');

function toCollection(stream: ExportStream): TaxiiCollection {
  return {
    id: stream.id,
    title: stream.name,
    description: stream.description || 'Identifiers as STIX 2.1 observables',
    can_read: true,
    can_write: false,
    media_types: [STIX_OBJECT_MEDIA_TYPE],
  };
}

/** The collections: the active export streams that carry identifiers. */
export async function listTaxiiCollections(db: Db): Promise<TaxiiCollection[]> {
  const collections: TaxiiCollection[] = [];
  for (let page = 1; ; page += 1) {
    const { data } = await listExportStreams(db, { page, pageSize: 100 });
    collections.push(...data.filter(carriesIdentifiers).map(toCollection));
    if (data.length < 100) return collections;
  }
}

/** The collection, or a 404 when no active stream carrying identifiers has that id. */
export async function getTaxiiCollection(db: Db, id: string): Promise<TaxiiCollection> {
  let stream: ExportStream;
  try {
    stream = await getExportStream(db, id);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw AppError.notFound('Collection');
    throw err;
  }
  if (!carriesIdentifiers(stream)) throw AppError.notFound('Collection');
  return toCollection(stream);
}

function encodeNext(position: TaxiiPosition): string {
  return Buffer.from(JSON.stringify([position.addedAt, position.id])).toString('base64url');
}

function decodeNext(next: string): TaxiiPosition {
  try {
    const [addedAt, id] = JSON.parse(Buffer.from(next, 'base64url').toString('utf8')) as [unknown, unknown];
    if (
      typeof addedAt === 'string' &&
      typeof id === 'string' &&
      !Number.isNaN(Date.parse(addedAt)) &&
      /^[0-9a-f-]{36}$/i.test(id)
    ) {
      return { addedAt, id };
    }
  } catch {
    // Reported below.
  }
  throw AppError.validation([{ field: 'next', message: 'next must be the next value of an earlier answer' }]);
}

export interface TaxiiQuery {
  added_after?: string;
  limit?: number;
  next?: string;
  'match[type]'?: string;
}

export interface TaxiiPage {
  more: boolean;
  next?: string;
  entries: { object: StixObject; dateAdded: string }[];
}

/** One page of the collection's objects, each with when it was added. */
export async function readTaxiiObjects(db: Db, collectionId: string, query: TaxiiQuery): Promise<TaxiiPage> {
  await getTaxiiCollection(db, collectionId);
  const limit = query.limit ?? TAXII_PAGE_DEFAULT;
  const stixTypes = query['match[type]']
    ?.split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  const identifierTypes = stixTypes
    ? [...new Set(stixTypes.flatMap((type) => IDENTIFIER_TYPES_OF[type] ?? []))]
    : undefined;
  if (identifierTypes?.length === 0) return { more: false, entries: [] };
  const rows = await findTaxiiIdentifiers(db, {
    after: query.next ? decodeNext(query.next) : undefined,
    addedAfter: query.added_after,
    types: identifierTypes,
    limit: limit + 1,
  });
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const entries = page.flatMap((row) => {
    const object = identifierToSco({
      type: row.type,
      data: row.data,
      normalizedKey: buildNormalisedKey(row.type, row.data),
      confidence: row.confidence,
    });
    if (!object || (stixTypes && !stixTypes.includes(object.type))) return [];
    return [{ object, dateAdded: row.dateAdded }];
  });
  const last = page.at(-1);
  return {
    more,
    ...(more && last ? { next: encodeNext({ addedAt: last.dateAdded, id: last.id }) } : {}),
    entries,
  };
}
