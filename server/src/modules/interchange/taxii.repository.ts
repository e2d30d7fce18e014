import { and, asc, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { identifiers } from '../../db/schema/index';

/**
 * Where a TAXII page ended: the last identifier's time added and id (the order is keyset). An
 * identifier's time added to a collection is when its current version was made: its last change
 * (`updated_at`), so an identifier edited after a poll is added again, as a new version, and a client
 * polling with `added_after` receives it.
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
  /** When its current version was added (its last change), RFC 3339 in UTC with microseconds. */
  dateAdded: string;
}

const dateAdded = sql<string>`to_char(${identifiers.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Identifiers in the order their current versions were added (updated_at, id), after `after` (exclusive) and added after
 * `addedAfter`, of the given types: one keyset page of `limit` rows.
 */
export async function findTaxiiIdentifiers(
  db: DbOrTx,
  options: { after?: TaxiiPosition; addedAfter?: string; types?: readonly string[]; limit: number },
): Promise<TaxiiIdentifierRow[]> {
  const { after, addedAfter, types, limit } = options;
  return db
    .select({
      id: identifiers.id,
      type: identifiers.type,
      data: identifiers.data,
      confidence: identifiers.confidence,
      dateAdded,
    })
    .from(identifiers)
    .where(
      and(
        after
          ? or(
              sql`${identifiers.updatedAt} > ${after.addedAt}::timestamptz`,
              and(
                sql`${identifiers.updatedAt} = ${after.addedAt}::timestamptz`,
                sql`${identifiers.id} > ${after.id}::uuid`,
              ),
            )
          : undefined,
        addedAfter ? sql`${identifiers.updatedAt} > ${addedAfter}::timestamptz` : undefined,
        types ? inArray(identifiers.type, [...types]) : undefined,
      ),
    )
    .orderBy(asc(identifiers.updatedAt), asc(identifiers.id))
    .limit(limit);
}
