import { and, asc, eq, inArray, isNull, not, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
}

const utc = (column: SQL | typeof identifiers.updatedAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

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
 * '', `syncStixIds`) withdraws nothing and is left out.
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
  const rows = await db.execute(sql`select u.id, u.type, u.data, u.confidence, u.deleted,
      ${utc(sql`u.at`)} as "dateAdded"
    from ((${live}) union all (${tombstones})) u
    order by u.at, u.id, u.deleted desc
    limit ${limit}`);
  return (rows as unknown as { rows: TaxiiIdentifierRow[] }).rows.map((row) => ({
    ...row,
    data: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data,
    confidence: row.confidence === null ? null : Number(row.confidence),
  }));
}

/**
 * Versions whose STIX id is still to be computed, oldest first (`identifier_versions_unmapped_idx`);
 * for a change's tombstone, also the version it was replaced by (the same identifier and time).
 */
export async function findUnmappedVersions(db: DbOrTx, limit: number) {
  const v = identifierVersions;
  const next = alias(identifierVersions, 'next');
  return db
    .select({
      identifierId: v.identifierId,
      versionAt: sql<string>`${v.versionAt}::text`,
      deleted: v.deleted,
      type: v.type,
      data: v.data,
      replacedBy: { type: next.type, data: next.data },
    })
    .from(v)
    .leftJoin(
      next,
      and(
        sql`${v.deleted}`,
        eq(next.identifierId, v.identifierId),
        eq(next.versionAt, v.versionAt),
        not(next.deleted),
      ),
    )
    .where(isNull(v.stixId))
    .orderBy(asc(v.versionAt))
    .limit(limit);
}

/**
 * Records the STIX ids of versions ('' for a version STIX has no observable for, and for a change's
 * tombstone that withdraws nothing).
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
    where v.identifier_id = x.identifier_id and v.version_at = x.version_at and v.deleted = x.deleted`);
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
 * synced (`syncStixIds`). Not a change's tombstone, at the same time as the version it precedes.
 */
export async function findLiveStixIds(db: DbOrTx, stixIds: readonly string[]): Promise<Set<string>> {
  if (stixIds.length === 0) return new Set();
  const rows = await db.execute(sql`select distinct v.stix_id as id
    from identifier_versions v
    inner join identifiers i on i.id = v.identifier_id and i.updated_at = v.version_at
    where not v.deleted and v.stix_id = any(${sql.param([...stixIds])}::text[])`);
  return new Set((rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
}
