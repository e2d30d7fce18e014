import { and, asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { identifiers, identifierVersions } from '../../db/schema/index';

/**
 * Where a TAXII page ended: the last object's time added, its identifier's id, and whether it was a
 * tombstone (the order is keyset). An identifier's time added to a collection is when its current
 * version was made: its last change (`updated_at`), so an identifier edited after a poll is added
 * again, as a new version, and a client polling with `added_after` receives it. A deleted identifier
 * is added once more, revoked, at the time of its deletion (its tombstone in `identifier_versions`);
 * an identifier whose value changed, the old value's object revoked at the change's time: the same
 * time and id as its new version, which it precedes (hence `revoked` in the position).
 */
export interface TaxiiPosition {
  /** RFC 3339 in UTC with microseconds, as `dateAdded`: exact, unlike a JavaScript Date. */
  addedAt: string;
  id: string;
  /** The page ended on a tombstone: the live version at the same time and id is still to come. */
  revoked?: boolean;
}

export interface TaxiiIdentifierRow {
  id: string;
  type: string;
  data: Record<string, unknown>;
  confidence: number | null;
  /** When this version was added (a change, or the deletion), RFC 3339 in UTC with microseconds. */
  dateAdded: string;
  /** A tombstone: the identifier was deleted, or its value changed, at `dateAdded` (this is the old row). */
  deleted: boolean;
  /**
   * The Indicator this version is (for a tombstone: the one it revokes), `syncStixIds`: null until
   * computed, '' for none (no observable, or a change that kept the observable).
   */
  stixId: string | null;
  /** When that Indicator's first version was made (`created`), as `dateAdded`; null without one. */
  created: string | null;
}

const utc = (column: SQL | typeof identifiers.updatedAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** When the Indicator `v.stix_id` names was first made: its first version's time (null for none). */
const createdOf = sql`(select ${utc(sql`min(c.version_at)`)} from identifier_versions c
  where v.stix_id <> '' and c.stix_id = v.stix_id)`;

/**
 * (time, id) after the position, strictly unless `inclusive` (the same time and id come next): the
 * index's range starts at the time.
 */
const after = (time: SQL, id: SQL, position: TaxiiPosition | undefined, inclusive = false) =>
  position
    ? sql`${time} >= ${position.addedAt}::timestamptz and (${time} > ${position.addedAt}::timestamptz or ${id} ${sql.raw(inclusive ? '>=' : '>')} ${position.id}::uuid)`
    : undefined;

/**
 * The collection's objects in the order their current versions were added, (time, id, a tombstone
 * before a live version), after `after` (exclusive) and added after `addedAfter`, of the given
 * identifier types: one keyset page of `limit` rows. Live identifiers come off
 * `identifiers_updated_idx`, tombstones off `identifier_versions_deleted_idx`, each read no further
 * than the page, and merged. A change's tombstone whose object the new version still is (`stix_id`
 * '', `syncStixIds`) withdraws nothing and is left out, and so is a live version that is no object
 * (`stix_id` '': STIX has no observable for it; a probe of the primary key per row read), so that a
 * page of `limit` rows is `limit` objects: a page of fewer with `more` true misleads a client (the
 * OASIS client then asks for as many per page as the first page held, none for an empty one).
 * A version still unmapped (null) is kept: the page stops before it.
 */
export async function findTaxiiIdentifiers(
  db: DbOrTx,
  options: { after?: TaxiiPosition; addedAfter?: string; types?: readonly string[]; limit: number },
): Promise<TaxiiIdentifierRow[]> {
  const { addedAfter, types, limit } = options;
  const live = db
    .select({
      id: identifiers.id,
      type: identifiers.type,
      data: identifiers.data,
      confidence: identifiers.confidence,
      at: sql<Date>`${identifiers.updatedAt}`.as('at'),
      deleted: sql<boolean>`false`.as('deleted'),
    })
    .from(identifiers)
    .where(
      and(
        after(sql`${identifiers.updatedAt}`, sql`${identifiers.id}`, options.after, options.after?.revoked),
        addedAfter ? sql`${identifiers.updatedAt} > ${addedAfter}::timestamptz` : undefined,
        types ? inArray(identifiers.type, [...types]) : undefined,
        // Not a version that is no object (no observable): a page holds `limit` objects.
        sql`not exists (select 1 from identifier_versions x where x.identifier_id = ${identifiers.id}
          and x.version_at = ${identifiers.updatedAt} and not x.deleted and x.stix_id = '')`,
      ),
    )
    .orderBy(asc(identifiers.updatedAt), asc(identifiers.id))
    .limit(limit);
  const v = identifierVersions;
  const tombstones = db
    .select({
      id: v.identifierId,
      type: v.type,
      data: v.data,
      confidence: v.confidence,
      at: sql<Date>`${v.versionAt}`.as('at'),
      deleted: sql<boolean>`true`.as('deleted'),
    })
    .from(v)
    .where(
      and(
        sql`${v.deleted}`,
        sql`${v.stixId} is distinct from ''`,
        after(sql`${v.versionAt}`, sql`${v.identifierId}`, options.after),
        addedAfter ? sql`${v.versionAt} > ${addedAfter}::timestamptz` : undefined,
        types ? inArray(v.type, [...types]) : undefined,
      ),
    )
    .orderBy(asc(v.versionAt), asc(v.identifierId))
    .limit(limit);
  const page = sql`select u.id, u.type, u.data, u.confidence, u.deleted, u.at
    from ((${live}) union all (${tombstones})) u
    order by u.at, u.id, u.deleted desc
    limit ${limit}`;
  // The page's rows, then each one's Indicator and its first version: an index probe each
  // (`identifier_versions` primary key, `identifier_versions_stix_idx`).
  const rows = await db.execute(sql`select p.id, p.type, p.data, p.confidence, p.deleted,
      ${utc(sql`p.at`)} as "dateAdded", v.stix_id as "stixId", ${createdOf} as "created"
    from (${page}) p
    left join identifier_versions v
      on v.identifier_id = p.id and v.version_at = p.at and v.deleted = p.deleted
    order by p.at, p.id, p.deleted desc`);
  return parseRows(rows);
}

/**
 * The identifiers `ids` in their current versions, as the collection last added them (the STIX
 * export's objects are the feed's): each with its Indicator id and that Indicator's first version's
 * time; in no order; ids of no identifier left out. An index probe each (the primary keys,
 * `identifier_versions_stix_idx`).
 */
export async function findCurrentVersions(db: DbOrTx, ids: readonly string[]): Promise<TaxiiIdentifierRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute(sql`select i.id, i.type, i.data, i.confidence, false as deleted,
      ${utc(sql`i.updated_at`)} as "dateAdded", v.stix_id as "stixId", ${createdOf} as "created"
    from identifiers i
    left join identifier_versions v
      on v.identifier_id = i.id and v.version_at = i.updated_at and not v.deleted
    where i.id = any(${sql.param([...ids])}::uuid[])`);
  return parseRows(rows);
}

function parseRows(rows: unknown): TaxiiIdentifierRow[] {
  return (rows as { rows: TaxiiIdentifierRow[] }).rows.map((row) => ({
    ...row,
    data: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data,
    confidence: row.confidence === null ? null : Number(row.confidence),
  }));
}

/**
 * When the collection last added an object (RFC 3339, UTC, microseconds; null when it never did):
 * the latest identifier change whose version is an Indicator, or the latest tombstone that revokes
 * one, read backwards off `identifiers_updated_idx` (a primary key probe per row, past the changes
 * that are no object) and `identifier_versions_deleted_idx`. Only versions whose Indicator id is
 * computed count (`syncStixIds` runs first): one still unmapped is no object served yet, and a page
 * stops before it.
 */
export async function findLastAdded(db: DbOrTx): Promise<string | null> {
  const rows = await db.execute(sql`select ${utc(sql`greatest(
      (select i.updated_at from identifiers i
        where exists (select 1 from identifier_versions x where x.identifier_id = i.id
          and x.version_at = i.updated_at and not x.deleted and x.stix_id <> '')
        order by i.updated_at desc limit 1),
      (select max(version_at) from identifier_versions where deleted and stix_id <> ''))`)}
    as "lastAdded"`);
  return (rows as unknown as { rows: { lastAdded: string | null }[] }).rows[0]?.lastAdded ?? null;
}

/** A version as `syncStixIds` needs it. */
export interface VersionToMap {
  identifierId: string;
  /** RFC 3339, UTC, microseconds: the same text whatever the session's time zone. */
  versionAt: string;
  deleted: boolean;
  type: string;
  data: Record<string, unknown>;
  /** For a tombstone: the version it was replaced by (the same identifier and time), if any. */
  replacedBy: { type: string; data: Record<string, unknown> } | null;
  /** The identifier's latest version before this one (not a tombstone), if any. */
  previous: {
    versionAt: string;
    type: string;
    data: Record<string, unknown>;
    stixId: string | null;
  } | null;
}

/**
 * Versions whose Indicator id is still to be computed, oldest first (`identifier_versions_unmapped_idx`),
 * each with the version it was replaced by (a change's tombstone) and the identifier's version
 * before it (primary key probes).
 */
export async function findUnmappedVersions(db: DbOrTx, limit: number): Promise<VersionToMap[]> {
  const rows = await db.execute(sql`select v.identifier_id as "identifierId",
      ${utc(sql`v.version_at`)} as "versionAt", v.deleted, v.type, v.data,
      case when n.identifier_id is null then null
        else jsonb_build_object('type', n.type, 'data', n.data) end as "replacedBy",
      case when p.identifier_id is null then null
        else jsonb_build_object('versionAt', ${utc(sql`p.version_at`)}, 'type', p.type, 'data', p.data,
          'stixId', p.stix_id) end as "previous"
    from (select * from identifier_versions where stix_id is null order by version_at limit ${limit}) v
    left join identifier_versions n on v.deleted and n.identifier_id = v.identifier_id
      and n.version_at = v.version_at and not n.deleted
    left join lateral (select * from identifier_versions q
      where q.identifier_id = v.identifier_id and q.version_at < v.version_at and not q.deleted
      order by q.version_at desc limit 1) p on true
    order by v.version_at, v.deleted desc`);
  const json = <T>(value: unknown): T =>
    typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);
  return (rows as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    identifierId: row.identifierId as string,
    versionAt: row.versionAt as string,
    deleted: row.deleted as boolean,
    type: row.type as string,
    data: json<Record<string, unknown>>(row.data),
    replacedBy: json<VersionToMap['replacedBy']>(row.replacedBy),
    previous: json<VersionToMap['previous']>(row.previous),
  }));
}

/**
 * Records the Indicator ids of versions ('' for a version STIX has no observable for, and for a
 * change's tombstone that revokes nothing); a version already mapped keeps its id.
 */
export async function saveStixIds(
  db: DbOrTx,
  rows: readonly { identifierId: string; versionAt: string; deleted: boolean; stixId: string }[],
) {
  if (rows.length === 0) return;
  await db.execute(sql`update identifier_versions v set stix_id = x.stix_id
    from (select unnest(${sql.param(rows.map((r) => r.identifierId))}::uuid[]) as identifier_id,
      unnest(${sql.param(rows.map((r) => r.versionAt))}::timestamptz[]) as version_at,
      unnest(${sql.param(rows.map((r) => r.deleted))}::boolean[]) as deleted,
      unnest(${sql.param(rows.map((r) => r.stixId))}::text[]) as stix_id) x
    where v.identifier_id = x.identifier_id and v.version_at = x.version_at and v.deleted = x.deleted
      and v.stix_id is null`);
}

export type TaxiiVersionRow = TaxiiIdentifierRow;

/**
 * The versions of the Indicator `stixId` (its revocation last, if revoked), oldest first, after the position and added after
 * `addedAfter` (`identifier_versions_stix_idx`): `limit` of them.
 */
export async function findObjectVersions(
  db: DbOrTx,
  stixId: string,
  options: { after?: TaxiiPosition; addedAfter?: string; limit?: number; order?: 'asc' | 'desc' },
): Promise<TaxiiVersionRow[]> {
  const v = identifierVersions;
  const direction = options.order === 'desc' ? sql`desc` : sql`asc`;
  const rows = await db.execute(sql`select v.identifier_id as id, v.type, v.data, v.confidence, v.deleted,
      ${utc(sql`v.version_at`)} as "dateAdded", v.stix_id as "stixId", ${createdOf} as "created"
    from ${v} v
    where v.stix_id = ${stixId}
      ${options.after ? sql`and ${after(sql`v.version_at`, sql`v.identifier_id`, options.after)}` : sql``}
      ${options.addedAfter ? sql`and v.version_at > ${options.addedAfter}::timestamptz` : sql``}
    order by v.version_at ${direction}, v.identifier_id ${direction}
    ${options.limit ? sql`limit ${options.limit}` : sql``}`);
  return parseRows(rows);
}
