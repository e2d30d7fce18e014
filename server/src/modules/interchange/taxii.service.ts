import { buildNormalisedKey } from '@scamtrail/domain/identifiers/normalise';
import type { ExportStream } from '@scamtrail/domain/export-streams';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { getExportStream, listExportStreams } from '../export-streams/export-streams.service';
import { identifierToSco, STIX_SPEC_VERSION, type StixObject } from './stix';
import {
  findLiveStixIds,
  findObjectVersions,
  findTaxiiIdentifiers,
  findUnmappedVersions,
  saveStixIds,
  type TaxiiIdentifierRow,
  type TaxiiPosition,
} from './taxii.repository';

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

/** `next`: the last row's time added and id, and a third element when it was a tombstone. */
function encodeNext(position: TaxiiPosition): string {
  const values = [position.addedAt, position.id, ...(position.revoked ? [1] : [])];
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

function decodeNext(next: string): TaxiiPosition {
  try {
    const values = JSON.parse(Buffer.from(next, 'base64url').toString('utf8')) as unknown[];
    const [addedAt, id, revoked] = values;
    if (
      Array.isArray(values) &&
      values.length <= 3 &&
      typeof addedAt === 'string' &&
      typeof id === 'string' &&
      !Number.isNaN(Date.parse(addedAt)) &&
      /^[0-9a-f-]{36}$/i.test(id) &&
      (revoked === undefined || revoked === 1)
    ) {
      return { addedAt, id, ...(revoked === 1 ? { revoked: true } : {}) };
    }
  } catch {
    // Reported below.
  }
  throw AppError.validation([{ field: 'next', message: 'next must be the next value of an earlier answer' }]);
}

/**
 * The STIX object of one version of an identifier, or undefined when STIX has no observable for it.
 * A tombstone (the identifier deleted, or its value changed) is the object once more, `revoked`,
 * `modified` at the deletion or the change: what tells a poller to withdraw it.
 */
export function stixObjectOf(row: TaxiiIdentifierRow): StixObject | undefined {
  let normalizedKey: string;
  try {
    normalizedKey = buildNormalisedKey(row.type, row.data);
  } catch {
    return undefined;
  }
  const object = identifierToSco({
    type: row.type,
    data: row.data,
    normalizedKey,
    confidence: row.confidence,
  });
  if (!object || !row.deleted) return object;
  return { ...object, modified: row.dateAdded, revoked: true };
}

/** How many versions' STIX ids are computed per statement (`syncStixIds`). */
const STIX_ID_BATCH = 1000;

const stixIdOf = (type: string, data: Record<string, unknown>) =>
  stixObjectOf({ id: '', type, data, confidence: null, dateAdded: '', deleted: false })?.id ?? '';

/**
 * Computes the STIX ids of the versions written since the last call (a UUIDv5 of the normalised
 * value, which SQL does not compute), so an object is found by its id. A change's tombstone whose
 * object the new version still is (a change of the bank's name, of an e-mail's type to a Zelle
 * e-mail) withdraws nothing: its id is ''. Runs before every objects, manifest and versions read: it
 * costs one index probe when nothing is new; two readers at once write the same values.
 */
export async function syncStixIds(db: Db): Promise<void> {
  for (;;) {
    const rows = await findUnmappedVersions(db, STIX_ID_BATCH);
    await saveStixIds(
      db,
      rows.map((row) => {
        const stixId = stixIdOf(row.type, row.data);
        const kept = row.replacedBy && stixIdOf(row.replacedBy.type, row.replacedBy.data) === stixId;
        return {
          identifierId: row.identifierId,
          versionAt: row.versionAt,
          deleted: row.deleted,
          stixId: kept ? '' : stixId,
        };
      }),
    );
    if (rows.length < STIX_ID_BATCH) return;
  }
}

export interface TaxiiQuery {
  added_after?: string;
  limit?: number;
  next?: string;
  'match[type]'?: string;
  'match[version]'?: string;
  'match[spec_version]'?: string;
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
  // A change's tombstone is read only once it is known to withdraw an object.
  await syncStixIds(db);
  const rows = await findTaxiiIdentifiers(db, {
    after: query.next ? decodeNext(query.next) : undefined,
    addedAfter: query.added_after,
    types: identifierTypes,
    limit: limit + 1,
  });
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const found = page.flatMap((row) => {
    const object = stixObjectOf(row);
    if (!object || (stixTypes && !stixTypes.includes(object.type))) return [];
    return [{ object, dateAdded: row.dateAdded, deleted: row.deleted }];
  });
  // A deleted or changed identifier whose observable another live identifier still is (a Zelle
  // e-mail and the e-mail) withdraws nothing: its tombstone is left out.
  const revoked = found.filter((entry) => entry.deleted).map((entry) => entry.object.id);
  if (revoked.length > 0) await syncStixIds(db);
  const stillLive = await findLiveStixIds(db, revoked);
  const entries = found
    .filter((entry) => !(entry.deleted && stillLive.has(entry.object.id)))
    .map(({ object, dateAdded }) => ({ object, dateAdded }));
  const last = page.at(-1);
  return {
    more,
    ...(more && last
      ? { next: encodeNext({ addedAt: last.dateAdded, id: last.id, revoked: last.deleted }) }
      : {}),
    entries,
  };
}

/** An RFC 3339 time in microseconds since 1970 (a Date keeps milliseconds only). */
function microsOf(text: string): number {
  const parts = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(.*)$/.exec(text);
  if (!parts) return Date.parse(text) * 1000;
  const fraction = Number(`${parts[2] ?? ''}000000`.slice(0, 6));
  return Date.parse(`${parts[1]}${parts[3] || 'Z'}`) * 1000 + fraction;
}

/** Which versions `match[version]` asks for (TAXII 2.1 §3.6): first, last (the default), all, or dates. */
function versionFilter(match: string | undefined) {
  const wanted = (match ?? 'last')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  for (const value of wanted) {
    if (!['first', 'last', 'all'].includes(value) && Number.isNaN(Date.parse(value))) {
      throw AppError.validation([
        {
          field: 'match[version]',
          message: 'match[version] must be first, last, all or versions (RFC 3339)',
        },
      ]);
    }
  }
  return (rows: readonly TaxiiIdentifierRow[]) => {
    if (wanted.includes('all')) return [...rows];
    const times = new Set(wanted.filter((value) => !['first', 'last'].includes(value)).map(microsOf));
    return rows.filter(
      (row, k) =>
        (wanted.includes('first') && k === 0) ||
        (wanted.includes('last') && k === rows.length - 1) ||
        times.has(microsOf(row.dateAdded)),
    );
  };
}

const specVersionMatches = (match: string | undefined) =>
  match === undefined ||
  match
    .split(',')
    .map((value) => value.trim())
    .includes(STIX_SPEC_VERSION);

/** A page of one object's versions: the same envelope as a page of the collection's objects. */
export type TaxiiObjectVersionsPage = TaxiiPage;

/**
 * The versions of one object of the collection, oldest first, as `match[version]`, `added_after`,
 * `limit` and `next` select (TAXII 2.1 §5.6 and §5.8). A 404 when the collection has no such
 * object: every identifier is in every collection, so that is an id no identifier ever had.
 */
export async function readTaxiiObjectVersions(
  db: Db,
  collectionId: string,
  objectId: string,
  query: TaxiiQuery,
): Promise<TaxiiObjectVersionsPage> {
  await getTaxiiCollection(db, collectionId);
  const select = versionFilter(query['match[version]']);
  const after = query.next ? decodeNext(query.next) : undefined;
  await syncStixIds(db);
  const held = await findObjectVersions(db, objectId, {});
  if (held.length === 0) throw AppError.notFound('Object');
  // An observable another live identifier still is was not withdrawn by a deletion.
  const live = (await findLiveStixIds(db, [objectId])).has(objectId);
  const versions = live ? held.filter((row) => !row.deleted) : held;
  if (!specVersionMatches(query['match[spec_version]'])) return { more: false, entries: [] };
  const limit = query.limit ?? TAXII_PAGE_DEFAULT;
  const addedAfter = query.added_after ? microsOf(query.added_after) : undefined;
  const position = after ? microsOf(after.addedAt) : undefined;
  const beyond = (row: TaxiiIdentifierRow, at: number) =>
    position === undefined || at > position || (at === position && row.id > after!.id);
  const matching = select(versions).filter((row) => {
    const at = microsOf(row.dateAdded);
    return (addedAfter === undefined || at > addedAfter) && beyond(row, at);
  });
  const page = matching.slice(0, limit);
  const more = matching.length > limit;
  const last = page.at(-1);
  return {
    more,
    ...(more && last ? { next: encodeNext({ addedAt: last.dateAdded, id: last.id }) } : {}),
    entries: page.flatMap((row) => {
      const object = stixObjectOf(row);
      return object ? [{ object, dateAdded: row.dateAdded }] : [];
    }),
  };
}
