import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** An ILIKE pattern that finds `term` anywhere, with `%`, `_` and `\` taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The case number a search names, "12" or "#12", or undefined when it names none. */
export function caseNumberOf(term: string): number | undefined {
  const digits = /^#?\s*(\d{1,9})$/.exec(term.trim())?.[1];
  return digits === undefined ? undefined : Number(digits);
}

/** Case-insensitive substring match of `term` in any of the expressions. */
export function matchesSearch(term: string, ...expressions: SQLWrapper[]): SQL {
  const pattern = containsPattern(term);
  // Parenthesised: callers combine it with and().
  return sql`(${sql.join(
    expressions.map((e) => sql`${e} ilike ${pattern}`),
    sql` or `,
  )})`;
}
