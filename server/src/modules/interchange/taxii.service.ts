import type { ExportStream } from '@scamtrail/domain/export-streams';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { getExportStream, listExportStreams } from '../export-streams/export-streams.service';
import { STIX_SPEC_VERSION, type StixObject } from './stix';
import { indicatorIdOf, indicatorOf, observableIdOf } from './taxii.indicators';
import {
  findObjectVersions,
  findTaxiiIdentifiers,
  findUnmappedVersions,
  saveStixIds,
  type TaxiiIdentifierRow,
  type TaxiiPosition,
  type VersionToMap,
} from './taxii.repository';

/**
 * TAXII 2.1 (OASIS, 2021), read-only: each active export stream carrying the identifiers topic is a
 * collection whose objects are the identifiers as STIX 2.1 Indicators (`taxii.indicators.ts`), in the
 * order their versions were added. Paging is keyset: `next` names the last object's time added and id.
 */

export const STIX_OBJECT_MEDIA_TYPE = `application/stix+json;version=${STIX_SPEC_VERSION}`;
export const TAXII_PAGE_DEFAULT = 100;
export const TAXII_PAGE_MAX = 1000;

/** The one STIX type the collection's objects are (`match[type]`). */
const OBJECT_TYPE = 'indicator';

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
    description: stream.description || 'Identifiers as STIX 2.1 indicators',
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
 * The Indicator version a row is, or undefined when it is none (STIX has no observable for the
 * identifier, or its id is not computed yet). A tombstone is the Indicator's last version: the
 * identifier as it was, `revoked`, `modified` at the deletion or the change.
 */
export function stixObjectOf(row: TaxiiIdentifierRow): StixObject | undefined {
  if (!row.stixId || !row.created) return undefined;
  return indicatorOf({
    type: row.type,
    data: row.data,
    confidence: row.confidence,
    id: row.stixId,
    created: row.created,
    modified: row.dateAdded,
    revoked: row.deleted,
  });
}

/** How many versions' Indicator ids are computed per statement (`syncStixIds`). */
const STIX_ID_BATCH = 1000;

/**
 * The Indicator id of a version, given its identifier's previous version's (computed before it: the
 * versions are taken oldest first). A version of the same observable as the previous version
 * continues its Indicator; another observable starts a new one, named by the version's time. A
 * tombstone names the Indicator it revokes: the previous version's; for a change that keeps the
 * observable (a change of the bank's name, of an e-mail's type to a Zelle e-mail) '', it revokes
 * nothing. '' for a version STIX has no observable for.
 */
function indicatorIdFor(row: VersionToMap, previousId: string | null): string {
  const observable = observableIdOf(row);
  const previous = row.previous;
  const continued =
    previous && previousId && observableIdOf(previous) === observable ? previousId : undefined;
  if (row.deleted) {
    if (!observable) return '';
    const kept = row.replacedBy && observableIdOf(row.replacedBy) === observable;
    return kept ? '' : (continued ?? '');
  }
  if (!observable) return '';
  return continued ?? indicatorIdOf(row.identifierId, row.versionAt);
}

/**
 * Computes the Indicator ids of the versions written since the last call (UUIDv5s, which SQL does
 * not compute), so an object is found by its id. Runs before every objects, manifest and versions
 * read: it costs one index probe when nothing is new; two readers at once write the same values
 * (each id is a function of the versions before it). The ids the feed held in its first form
 * (observables' ids) were forgotten by migration 0040, so they are computed again as Indicators'.
 */
export async function syncStixIds(db: Db): Promise<void> {
  for (;;) {
    const rows = await findUnmappedVersions(db, STIX_ID_BATCH);
    const computed = new Map<string, string>();
    const mapped = rows.map((row) => {
      const previousId = row.previous
        ? (row.previous.stixId ?? computed.get(`${row.identifierId}@${row.previous.versionAt}`) ?? null)
        : null;
      const stixId = indicatorIdFor(row, previousId);
      if (!row.deleted) computed.set(`${row.identifierId}@${row.versionAt}`, stixId);
      return { identifierId: row.identifierId, versionAt: row.versionAt, deleted: row.deleted, stixId };
    });
    await saveStixIds(db, mapped);
    if (rows.length < STIX_ID_BATCH) return;
  }
}

export interface TaxiiQuery {
  added_after?: string;
  'match[id]'?: string;
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

/** Rows read before their Indicator ids were computed (written meanwhile): computed, then read again. */
const SYNC_ATTEMPTS = 3;

/** One page of the collection's objects, each with when it was added. */
export async function readTaxiiObjects(db: Db, collectionId: string, query: TaxiiQuery): Promise<TaxiiPage> {
  await getTaxiiCollection(db, collectionId);
  const limit = query.limit ?? TAXII_PAGE_DEFAULT;
  const stixTypes = query['match[type]']
    ?.split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  if (stixTypes && !stixTypes.includes(OBJECT_TYPE)) return { more: false, entries: [] };
  if (!specVersionMatches(query['match[spec_version]'])) return { more: false, entries: [] };
  if (query['match[id]']) return readObjectsById(db, query);
  if (query['match[version]'] !== undefined && query['match[version]'].trim() !== 'last') {
    // Each object once, its version as added: other versions are asked of it by id.
    throw AppError.validation([
      { field: 'match[version]', message: 'match[version] other than last needs match[id]' },
    ]);
  }
  let rows: TaxiiIdentifierRow[] = [];
  for (let attempt = 1; attempt <= SYNC_ATTEMPTS; attempt += 1) {
    await syncStixIds(db);
    rows = await findTaxiiIdentifiers(db, {
      after: query.next ? decodeNext(query.next) : undefined,
      addedAfter: query.added_after,
      limit: limit + 1,
    });
    // A version committed after the ids were computed: computed now, and the page read again, so
    // no poller passes an object by.
    if (!rows.some((row) => row.stixId === null)) break;
  }
  // Still not computed (written faster than read): the page stops before it, to be read again.
  const unmapped = rows.findIndex((row) => row.stixId === null);
  const more = rows.length > limit || unmapped >= 0;
  const page = rows.slice(0, unmapped >= 0 ? Math.min(limit, unmapped) : limit);
  const entries = page.flatMap((row) => {
    const object = stixObjectOf(row);
    return object ? [{ object, dateAdded: row.dateAdded }] : [];
  });
  const last = page.at(-1);
  const next = last
    ? encodeNext({ addedAt: last.dateAdded, id: last.id, revoked: last.deleted })
    : query.next;
  return { more, ...(more && next ? { next } : {}), entries };
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
 * A page of versions read whole (an object's, or those `match[id]` names), in the order they were
 * added (time, identifier, a revocation before the version at the same time and identifier), after
 * `next` and `added_after`, `limit` of them.
 */
function pageOfVersions(versions: readonly TaxiiIdentifierRow[], query: TaxiiQuery): TaxiiPage {
  const after = query.next ? decodeNext(query.next) : undefined;
  const limit = query.limit ?? TAXII_PAGE_DEFAULT;
  const addedAfter = query.added_after ? microsOf(query.added_after) : undefined;
  const position = after ? microsOf(after.addedAt) : undefined;
  const beyond = (row: TaxiiIdentifierRow, at: number) =>
    position === undefined ||
    at > position ||
    (at === position &&
      (row.id > after!.id || (row.id === after!.id && after!.revoked === true && !row.deleted)));
  const ordered = versions
    .map((row) => ({ row, at: microsOf(row.dateAdded) }))
    .sort(
      (a, b) =>
        a.at - b.at ||
        (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0) ||
        Number(b.row.deleted) - Number(a.row.deleted),
    );
  const matching = ordered
    .filter(({ row, at }) => (addedAfter === undefined || at > addedAfter) && beyond(row, at))
    .map(({ row }) => row);
  const page = matching.slice(0, limit);
  const more = matching.length > limit;
  const last = page.at(-1);
  return {
    more,
    ...(more && last
      ? { next: encodeNext({ addedAt: last.dateAdded, id: last.id, revoked: last.deleted }) }
      : {}),
    entries: page.flatMap((row) => {
      const object = stixObjectOf(row);
      return object ? [{ object, dateAdded: row.dateAdded }] : [];
    }),
  };
}

/** How many ids `match[id]` may name. */
const MATCH_ID_MAX = 100;

/**
 * The objects `match[id]` names (TAXII 2.1 §3.6), each in the versions `match[version]` selects (the
 * latest by default), as a page like the collection's; ids no identifier's Indicator had are left out.
 */
async function readObjectsById(db: Db, query: TaxiiQuery): Promise<TaxiiPage> {
  const ids = [
    ...new Set(
      (query['match[id]'] ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length > MATCH_ID_MAX) {
    throw AppError.validation([
      { field: 'match[id]', message: `match[id] may name at most ${MATCH_ID_MAX} objects` },
    ]);
  }
  const select = versionFilter(query['match[version]']);
  await syncStixIds(db);
  const versions: TaxiiIdentifierRow[] = [];
  for (const id of ids) versions.push(...select(await findObjectVersions(db, id, {})));
  return pageOfVersions(versions, query);
}

/**
 * The versions of one object of the collection, oldest first, as `match[version]`, `added_after`,
 * `limit` and `next` select (TAXII 2.1 §5.6 and §5.8). A 404 when the collection has no such
 * object: every identifier is in every collection, so that is an id no identifier's Indicator had.
 */
export async function readTaxiiObjectVersions(
  db: Db,
  collectionId: string,
  objectId: string,
  query: TaxiiQuery,
): Promise<TaxiiObjectVersionsPage> {
  await getTaxiiCollection(db, collectionId);
  const select = versionFilter(query['match[version]']);
  if (query.next) decodeNext(query.next);
  await syncStixIds(db);
  const versions = await findObjectVersions(db, objectId, {});
  if (versions.length === 0) throw AppError.notFound('Object');
  if (!specVersionMatches(query['match[spec_version]'])) return { more: false, entries: [] };
  return pageOfVersions(select(versions), query);
}
