import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** A timestamp as `Date.toISOString()` writes it (UTC, milliseconds truncated as JavaScript does). */
export function isoText(column: SQLWrapper) {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * A correlated subquery for a select list. Wrapped once more because Drizzle strips the table names
 * from the columns at the top level of a single-table select's fields, which would leave the
 * subquery's own columns and the outer row's ambiguous.
 */
export function selectField<T>(subquery: SQL): SQL<T> {
  return sql<T>`${subquery}`;
}
