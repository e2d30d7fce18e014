import { and, asc, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { identifiers, identifierVersions } from '../../db/schema/index';

/**
 * Where a TAXII page ended: the last object's time added and its identifier's id (the order is
 * keyset). An identifier's time added to a collection is when its current version was made: its last
 * change (`updated_at`), so an identifier edited after a poll is added again, as a new version, and a
 * client polling with `added_after` receives it. A deleted identifier is added once more, revoked, at
 * the time of its deletion (its tombstone in `identifier_versions`).
 */
export interface TaxiiPosition {
  /** RFC 3339 in UTC with microseconds, as `dateAdded`: exact, unlike a JavaScript Date. */
  addedAt: string;
  id: string;
}

export interface TaxiiIdentifierRow {
  id: string;
  type: string;
  data: Record<string, unknown>;
  confidence: number | null;
  /** When this version was added (a change, or the deletion), RFC 3339 in UTC with microseconds. */
  dateAdded: string;
  /** A tombstone: the identifier was deleted at `dateAdded`. */
  deleted: boolean;
}

const utc = (column: SQL | typeof identifiers.updatedAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** (time, id) strictly after the position: the index's range starts at the time. */
const after = (time: SQL, id: SQL, position: TaxiiPosition | undefined) =>
  position
    ? sql`${time} >= ${position.addedAt}::timestamptz and (${time} > ${position.addedAt}::timestamptz or ${id} > ${position.id}::uuid)`
    : undefined;

/**
 * The collection's objects in the order their current versions were added, (time, id), after `after`
 * (exclusive) and added after `addedAfter`, of the given identifier types: one keyset page of
 * `limit` rows. Live identifiers come off `identifiers_updated_idx`, tombstones off
 * `identifier_versions_deleted_idx`, each read no further than the page, and merged.
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
        after(sql`${identifiers.updatedAt}`, sql`${identifiers.id}`, options.after),
        addedAfter ? sql`${identifiers.updatedAt} > ${addedAfter}::timestamptz` : undefined,
        types ? inArray(identifiers.type, [...types]) : undefined,
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
        after(sql`${v.versionAt}`, sql`${v.identifierId}`, options.after),
        addedAfter ? sql`${v.versionAt} > ${addedAfter}::timestamptz` : undefined,
        types ? inArray(v.type, [...types]) : undefined,
      ),
    )
    .orderBy(asc(v.versionAt), asc(v.identifierId))
    .limit(limit);
  const rows = await db.execute(sql`select u.id, u.type, u.data, u.confidence, u.deleted,
      ${utc(sql`u.at`)} as "dateAdded"
    from ((${live}) union all (${tombstones})) u
    order by u.at, u.id
    limit ${limit}`);
  return (rows as unknown as { rows: TaxiiIdentifierRow[] }).rows.map((row) => ({
    ...row,
    data: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data,
    confidence: row.confidence === null ? null : Number(row.confidence),
  }));
}

/** Versions whose STIX id is still to be computed, oldest first (`identifier_versions_unmapped_idx`). */
export async function findUnmappedVersions(db: DbOrTx, limit: number) {
  return db
    .select({
      identifierId: identifierVersions.identifierId,
      versionAt: sql<string>`${identifierVersions.versionAt}::text`,
      type: identifierVersions.type,
      data: identifierVersions.data,
    })
    .from(identifierVersions)
    .where(isNull(identifierVersions.stixId))
    .orderBy(asc(identifierVersions.versionAt))
    .limit(limit);
}

/** Records the STIX ids of versions ('' for a version STIX has no observable for). */
export async function saveStixIds(
  db: DbOrTx,
  rows: readonly { identifierId: string; versionAt: string; stixId: string }[],
) {
  if (rows.length === 0) return;
  await db.execute(sql`update identifier_versions v set stix_id = x.stix_id
    from (select unnest(${sql.param(rows.map((r) => r.identifierId))}::uuid[]) as identifier_id,
      unnest(${sql.param(rows.map((r) => r.versionAt))}::timestamptz[]) as version_at,
      unnest(${sql.param(rows.map((r) => r.stixId))}::text[]) as stix_id) x
    where v.identifier_id = x.identifier_id and v.version_at = x.version_at`);
}

export type TaxiiVersionRow = TaxiiIdentifierRow;

/**
 * The versions of the STIX object `stixId`, oldest first, after the position and added after
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
      ${utc(sql`v.version_at`)} as "dateAdded"
    from ${v} v
    where v.stix_id = ${stixId}
      ${options.after ? sql`and ${after(sql`v.version_at`, sql`v.identifier_id`, options.after)}` : sql``}
      ${options.addedAfter ? sql`and v.version_at > ${options.addedAfter}::timestamptz` : sql``}
    order by v.version_at ${direction}, v.identifier_id ${direction}
    ${options.limit ? sql`limit ${options.limit}` : sql``}`);
  return (rows as unknown as { rows: TaxiiVersionRow[] }).rows.map((row) => ({
    ...row,
    data: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data,
    confidence: row.confidence === null ? null : Number(row.confidence),
  }));
}

/**
 * Which of these STIX ids a live identifier's current version still is (two identifiers may be one
 * observable: a Zelle e-mail and the e-mail). Reads `identifier_versions_stix_idx`; the ids must be
 * synced (`syncStixIds`).
 */
export async function findLiveStixIds(db: DbOrTx, stixIds: readonly string[]): Promise<Set<string>> {
  if (stixIds.length === 0) return new Set();
  const rows = await db.execute(sql`select distinct v.stix_id as id
    from identifier_versions v
    inner join identifiers i on i.id = v.identifier_id and i.updated_at = v.version_at
    where v.stix_id = any(${sql.param([...stixIds])}::text[])`);
  return new Set((rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
}
