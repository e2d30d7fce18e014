import type { ExportStream } from '@scamtrail/domain/export-streams';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { getExportStream, listExportStreams } from '../export-streams/export-streams.service';
import { STIX_SPEC_VERSION, type StixObject } from './stix';
import { sql } from 'drizzle-orm';
import { indicatorOf, newIndicatorId, observableIdOf } from './taxii.indicators';
import { producerExtension, producerIdentity, stixProducer, type StixProducer } from './taxii.producer';
import {
  findCurrentVersions,
  findLastAdded,
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
export function stixObjectOf(row: TaxiiIdentifierRow, producer: StixProducer): StixObject | undefined {
  if (!row.stixId || !row.created) return undefined;
  return indicatorOf({
    producer,
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
  return continued ?? newIndicatorId();
}

/** The advisory lock that lets one reader at a time draw Indicator ids (`syncStixIds`). */
const STIX_ID_LOCK_KEY = 7_265_637_314;

/**
 * Computes the Indicator ids of the versions written since the last call, so an object is found by
 * its id. Runs before every objects, manifest and versions read: one index probe when nothing is new.
 * A new Indicator's id is random (`newIndicatorId`), so two readers must not map the same versions:
 * the mapping runs in a transaction holding an advisory lock, reads the versions still unmapped once
 * it holds it, and writes only ids still null; a reader that waited finds them mapped.
 */
export async function syncStixIds(db: Db): Promise<void> {
  if ((await findUnmappedVersions(db, 1)).length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STIX_ID_LOCK_KEY})`);
    for (;;) {
      const rows = await findUnmappedVersions(tx, STIX_ID_BATCH);
      const computed = new Map<string, string>();
      const mapped = rows.map((row) => {
        const previousId = row.previous
          ? (row.previous.stixId ?? computed.get(`${row.identifierId}@${row.previous.versionAt}`) ?? null)
          : null;
        const stixId = indicatorIdFor(row, previousId);
        if (!row.deleted) computed.set(`${row.identifierId}@${row.versionAt}`, stixId);
        return { identifierId: row.identifierId, versionAt: row.versionAt, deleted: row.deleted, stixId };
      });
      await saveStixIds(tx, mapped);
      if (rows.length < STIX_ID_BATCH) return;
    }
  });
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

/** Who the feed names as its objects' creator (`taxii.producer.ts`): the identity's name. */
export interface TaxiiContext {
  producerName: string;
}

/**
 * A row of a page: an identifier's version, or one of the producer's objects (its identity and the
 * extension definition), which the collection holds beside the Indicators.
 */
type PageRow = TaxiiIdentifierRow & { meta?: StixObject };

/**
 * Where the producer's objects are placed among objects added at the same time: after every
 * identifier (whose ids are UUIDv4s, below these), the identity first. Keys of the order, not ids.
 */
const PRODUCER_KEYS = ['ffffffff-ffff-ffff-ffff-fffffffffffe', 'ffffffff-ffff-ffff-ffff-ffffffffffff'];

/**
 * The producer's objects as rows. Every Indicator refers to both, so they are added again with the
 * last object the collection added (`lastAdded`, `findLastAdded`), or at their own time when that is
 * later (the identity renamed): a poll that receives anything, whatever its `added_after`, ends with
 * them (docs/interchange.md, "The producer").
 */
function producerRows(producer: StixProducer, lastAdded: string | null): PageRow[] {
  return [producerIdentity(producer), producerExtension(producer)].map((object, k) => {
    const own = object.modified as string;
    return {
      id: PRODUCER_KEYS[k],
      type: object.type,
      data: {},
      confidence: null,
      dateAdded: lastAdded !== null && microsOf(lastAdded) > microsOf(own) ? lastAdded : own,
      deleted: false,
      stixId: object.id,
      created: object.created as string,
      meta: object,
    };
  });
}

/** The producer, and its objects as rows placed where they were last added. */
async function producerAndRows(db: Db, context: TaxiiContext) {
  const producer = await stixProducer(db, context.producerName);
  return { producer, rows: producerRows(producer, await findLastAdded(db)) };
}

const objectOf = (row: PageRow, producer: StixProducer) => row.meta ?? stixObjectOf(row, producer);

const entriesOf = (rows: readonly PageRow[], producer: StixProducer) =>
  rows.flatMap((row) => {
    const object = objectOf(row, producer);
    return object ? [{ object, dateAdded: row.dateAdded }] : [];
  });

/** The order objects are added in: time, id, a revocation before the version at the same time and id. */
function compareRows(a: PageRow, b: PageRow): number {
  return (
    microsOf(a.dateAdded) - microsOf(b.dateAdded) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) ||
    Number(b.deleted) - Number(a.deleted)
  );
}

/** Whether a row comes after the position `next` names, and was added after `added_after`. */
function isAfter(row: PageRow, after: TaxiiPosition | undefined, addedAfter: string | undefined): boolean {
  const at = microsOf(row.dateAdded);
  if (addedAfter !== undefined && at <= microsOf(addedAfter)) return false;
  if (!after) return true;
  const position = microsOf(after.addedAt);
  return (
    at > position ||
    (at === position &&
      (row.id > after.id || (row.id === after.id && after.revoked === true && !row.deleted)))
  );
}

/** One page of the collection's objects, each with when it was added. */
export async function readTaxiiObjects(
  db: Db,
  collectionId: string,
  query: TaxiiQuery,
  context: TaxiiContext,
): Promise<TaxiiPage> {
  await getTaxiiCollection(db, collectionId);
  const limit = query.limit ?? TAXII_PAGE_DEFAULT;
  const stixTypes = query['match[type]']
    ?.split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  if (!specVersionMatches(query['match[spec_version]'])) return { more: false, entries: [] };
  const after = query.next ? decodeNext(query.next) : undefined;
  // The parameters are read before the producer is (its first read writes it), and the versions'
  // ids computed before the producer's objects are placed (`findLastAdded` counts mapped versions).
  const producerOf = async () => {
    const { producer, rows } = await producerAndRows(db, context);
    const meta = rows.filter((row) => !stixTypes || stixTypes.includes(row.type));
    return { producer, meta };
  };
  if (query['match[id]']) return readObjectsById(db, query, producerOf);
  if (query['match[version]'] !== undefined && query['match[version]'].trim() !== 'last') {
    // Each object once, its version as added: other versions are asked of it by id.
    throw AppError.validation([
      { field: 'match[version]', message: 'match[version] other than last needs match[id]' },
    ]);
  }
  let rows: PageRow[] = [];
  for (
    let attempt = 1;
    stixTypes?.includes(OBJECT_TYPE) !== false && attempt <= SYNC_ATTEMPTS;
    attempt += 1
  ) {
    await syncStixIds(db);
    rows = await findTaxiiIdentifiers(db, { after, addedAfter: query.added_after, limit: limit + 1 });
    // A version committed after the ids were computed: computed now, and the page read again, so
    // no poller passes an object by.
    if (!rows.some((row) => row.stixId === null)) break;
  }
  if (stixTypes?.includes(OBJECT_TYPE) === false) await syncStixIds(db);
  const { producer, meta } = await producerOf();
  // The producer's objects in their places among the identifiers' (the rows read reach past the page).
  rows = [...rows, ...meta.filter((row) => isAfter(row, after, query.added_after))].sort(compareRows);
  // Still not computed (written faster than read): the page stops before it, to be read again.
  const unmapped = rows.findIndex((row) => row.stixId === null);
  const more = rows.length > limit || unmapped >= 0;
  const page = rows.slice(0, unmapped >= 0 ? Math.min(limit, unmapped) : limit);
  const last = page.at(-1);
  const next = last
    ? encodeNext({ addedAt: last.dateAdded, id: last.id, revoked: last.deleted })
    : query.next;
  return { more, ...(more && next ? { next } : {}), entries: entriesOf(page, producer) };
}

/**
 * The Indicators the collection holds of these identifiers in their current versions, in the order
 * given, and the producer that made them: the STIX export's objects are the feed's (the same ids,
 * extension and identity), built by the same `stixObjectOf`. An identifier STIX has no observable
 * for is left out, and so is one whose version is still unmapped after three tries (written faster
 * than read, as a TAXII page stops before it).
 */
export async function currentIndicators(
  db: Db,
  identifierIds: readonly string[],
  context: TaxiiContext,
): Promise<{ producer: StixProducer; indicators: StixObject[] }> {
  const producer = await stixProducer(db, context.producerName);
  let rows: TaxiiIdentifierRow[] = [];
  for (let attempt = 1; attempt <= SYNC_ATTEMPTS; attempt += 1) {
    await syncStixIds(db);
    rows = await findCurrentVersions(db, identifierIds);
    if (!rows.some((row) => row.stixId === null)) break;
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const indicators = identifierIds.flatMap((id) => {
    const row = byId.get(id);
    const object = row && stixObjectOf(row, producer);
    return object ? [object] : [];
  });
  return { producer, indicators };
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
  return <T extends TaxiiIdentifierRow>(rows: readonly T[]): T[] => {
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
 * added, after `next` and `added_after`, `limit` of them.
 */
function pageOfVersions(versions: readonly PageRow[], query: TaxiiQuery, producer: StixProducer): TaxiiPage {
  const after = query.next ? decodeNext(query.next) : undefined;
  const limit = query.limit ?? TAXII_PAGE_DEFAULT;
  const matching = versions.filter((row) => isAfter(row, after, query.added_after)).sort(compareRows);
  const page = matching.slice(0, limit);
  const more = matching.length > limit;
  const last = page.at(-1);
  return {
    more,
    ...(more && last
      ? { next: encodeNext({ addedAt: last.dateAdded, id: last.id, revoked: last.deleted }) }
      : {}),
    entries: entriesOf(page, producer),
  };
}

/** An object's versions: the producer's object of that id (one version), or an Indicator's. */
async function versionsOf(db: Db, stixId: string, meta: readonly PageRow[]): Promise<PageRow[]> {
  const own = meta.filter((row) => row.stixId === stixId);
  return own.length > 0 ? own : findObjectVersions(db, stixId, {});
}

/** How many ids `match[id]` may name. */
const MATCH_ID_MAX = 100;

/**
 * The objects `match[id]` names (TAXII 2.1 §3.6), each in the versions `match[version]` selects (the
 * latest by default), as a page like the collection's; ids no identifier's Indicator had are left out.
 */
async function readObjectsById(
  db: Db,
  query: TaxiiQuery,
  producerOf: () => Promise<{ producer: StixProducer; meta: readonly PageRow[] }>,
): Promise<TaxiiPage> {
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
  const { producer, meta } = await producerOf();
  const versions: PageRow[] = [];
  for (const id of ids) versions.push(...select(await versionsOf(db, id, meta)));
  return pageOfVersions(versions, query, producer);
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
  context: TaxiiContext,
): Promise<TaxiiObjectVersionsPage> {
  await getTaxiiCollection(db, collectionId);
  const select = versionFilter(query['match[version]']);
  if (query.next) decodeNext(query.next);
  await syncStixIds(db);
  const { producer, rows } = await producerAndRows(db, context);
  const versions = await versionsOf(db, objectId, rows);
  if (versions.length === 0) throw AppError.notFound('Object');
  if (!specVersionMatches(query['match[spec_version]'])) return { more: false, entries: [] };
  return pageOfVersions(select(versions), query, producer);
}
