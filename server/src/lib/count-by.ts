import { and, count, type SQL } from 'drizzle-orm';
import { isAnyUuid } from '../db/sql/arrays';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/**
 * How many rows of `table` carry each of `ids` in `column`, in one grouped query; ids with no rows
 * count 0; the ids go as one uuid array, whatever their number. (A correlated subquery in a select list would lose its table qualifiers in Drizzle.)
 */
export async function countByColumn(
  db: DbOrTx,
  table: PgTable,
  column: PgColumn,
  ids: readonly string[],
  /** Counts only the rows it lets through (a condition over `table`). */
  where?: SQL,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return counts;
  const rows = await db
    .select({ key: column, n: count() })
    .from(table)
    .where(and(isAnyUuid(column, ids), where))
    .groupBy(column);
  for (const row of rows) counts.set(String(row.key), row.n);
  return counts;
}
