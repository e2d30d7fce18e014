import { sql, type SQL } from 'drizzle-orm';

/**
 * A constant of ours (an enum label, a suffix) written into a statement's text as an SQL string
 * literal, so a prepared statement needs no parameter for it. Never for input.
 */
export function sqlLiteral(text: string): SQL {
  return sql.raw(`'${text.replaceAll("'", "''")}'`);
}

/** `when 'key' then 'value' ...` for an SQL `case` over a map of our constants. */
export function sqlWhenThen(map: Readonly<Record<string, string>>): SQL {
  return sql.join(
    Object.entries(map).map(([key, value]) => sql`when ${sqlLiteral(key)} then ${sqlLiteral(value)}`),
    sql` `,
  );
}
