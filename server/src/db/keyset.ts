import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Keyset paging: the rows after a position in a list's order, read off the index that serves the
 * order, however deep. The position is the last row's sort keys and id as the database writes them as
 * text (a timestamp to the microsecond, unlike the milliseconds of an item's JSON), so the next page
 * starts exactly after it whatever was inserted or deleted meanwhile.
 */

/** One key of an order: a NOT NULL column or expression, its direction and its SQL type. */
export interface KeysetKey {
  expr: SQLWrapper;
  direction: 'asc' | 'desc';
  /** How its text is read back: `timestamptz`, `uuid`, `int`, `text`. */
  type: 'timestamptz' | 'uuid' | 'int' | 'text';
  /**
   * Where nulls would sort, as the index serving the order lays them out (the keys are NOT NULL, so
   * it changes no row's place, but the planner matches an index only with the same spelling):
   * PostgreSQL's default (last ascending, first descending) unless given.
   */
  nulls?: 'first' | 'last';
}

/** A position: the text of each key of the last row read, in the order of the keys. */
export type KeysetPosition = readonly string[];

const valueOf = (key: KeysetKey, text: string) => sql`${text}::${sql.raw(key.type)}`;

/** The ORDER BY of the keys (Drizzle writes an index's `x.desc()` as `x DESC NULLS LAST`). */
export function keysetOrder(keys: readonly KeysetKey[]): SQL[] {
  return keys.map(
    (key) => sql`${key.expr} ${sql.raw(key.direction)}${sql.raw(key.nulls ? ` nulls ${key.nulls}` : '')}`,
  );
}

/** The same keys in the opposite order: what a backward scan of the index serving `keys` reads. */
export function reversedKeys(keys: readonly KeysetKey[]): KeysetKey[] {
  const nullsOf = (key: KeysetKey) => key.nulls ?? (key.direction === 'desc' ? 'first' : 'last');
  return keys.map((key) => ({
    ...key,
    direction: key.direction === 'desc' ? 'asc' : 'desc',
    nulls: nullsOf(key) === 'first' ? 'last' : 'first',
  }));
}

/** The keys of a row as text, one array: the position to read the next page from. */
export function keysetPositionOf(keys: readonly KeysetKey[]): SQL<string[]> {
  return sql<string[]>`array[${sql.join(
    keys.map((key) => sql`(${key.expr})::text`),
    sql`, `,
  )}]::text[]`;
}

/**
 * The rows strictly after `after` in the keys' order: (k1 > v1) or (k1 = v1 and k2 > v2) or ...,
 * each comparison turned for a descending key. Led by the first key's non-strict bound, which is what
 * an index on the keys scans from (the rest is checked on the few rows that share the first key).
 */
export function keysetAfter(keys: readonly KeysetKey[], after: KeysetPosition | undefined): SQL | undefined {
  if (!after) return undefined;
  if (after.length !== keys.length) throw new Error('a keyset position names every key');
  const beyond = (key: KeysetKey, k: number) =>
    key.direction === 'desc'
      ? sql`${key.expr} < ${valueOf(key, after[k])}`
      : sql`${key.expr} > ${valueOf(key, after[k])}`;
  const alternatives = keys.map((key, k) =>
    sql.join(
      [
        ...keys.slice(0, k).map((prior, j) => sql`${prior.expr} = ${valueOf(prior, after[j])}`),
        beyond(key, k),
      ],
      sql` and `,
    ),
  );
  const [first] = keys;
  const lead =
    first.direction === 'desc'
      ? sql`${first.expr} <= ${valueOf(first, after[0])}`
      : sql`${first.expr} >= ${valueOf(first, after[0])}`;
  return sql`(${lead} and (${sql.join(
    alternatives.map((alternative) => sql`(${alternative})`),
    sql` or `,
  )}))`;
}

/** Where the next page starts: the last row's position, or undefined when the read came back short. */
export function keysetNext(rows: readonly { position: KeysetPosition }[], limit: number) {
  return rows.length === limit ? rows[rows.length - 1].position : undefined;
}
