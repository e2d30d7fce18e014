import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** A shared record that edits are checked against: its id and the time of its last change. */
export type VersionedTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/**
 * The new `updated_at` of an edited row: now, but always at least a millisecond after the version it
 * replaces. Entity tags are milliseconds (`entityTagOf`), so two edits in one millisecond, or a clock
 * that went back, would otherwise give two versions one tag and a stale If-Match would pass.
 */
export function nextUpdatedAt(column: PgColumn): SQL<Date> {
  return sql<Date>`greatest(clock_timestamp(), ${column} + interval '1 millisecond')`;
}

/**
 * Locks the row until the transaction ends and answers its version (the milliseconds of `updated_at`,
 * as `entityTagOf` and the answers' `updatedAt` read them), or undefined when there is no such row.
 * Truncated in SQL, as `to_char(... 'MS')` writes `updatedAt`: PostgreSQL keeps microseconds.
 */
export async function lockRowVersion(
  tx: DbOrTx,
  table: VersionedTable,
  id: string,
): Promise<string | undefined> {
  const [row] = await tx
    .select({ version: sql<string>`floor(extract(epoch from ${table.updatedAt}) * 1000)::bigint::text` })
    .from(table)
    .where(eq(table.id, id))
    .for('update');
  return row?.version;
}
