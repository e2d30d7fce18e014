import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * `expression = any($1::uuid[])`: the whole list travels as one array parameter, so the statement is
 * the same whatever the number of ids (drizzle's `inArray` binds one parameter per id).
 */
export function isAnyUuid(expression: SQLWrapper, ids: readonly string[]): SQL {
  return sql`${expression} = any(${sql.param([...ids])}::uuid[])`;
}

/** `expression <> all($1::uuid[])`: the expression is none of the ids, passed as one array parameter. */
export function isNotAnyUuid(expression: SQLWrapper, ids: readonly string[]): SQL {
  return sql`${expression} <> all(${sql.param([...ids])}::uuid[])`;
}

/** The rows of a `db.execute()` answer; PGlite and node-postgres both put them under `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
