import { sql, type Placeholder } from 'drizzle-orm';
import { LIST_PAGE_SIZES } from '@scamtrail/domain/page-sizes';

/**
 * A page's LIMIT and OFFSET written into its prepared statement, for the first pages of the usual
 * sizes.
 *
 * A prepared statement is parsed once per connection, but PostgreSQL plans it for its values at every
 * execution until a plan for any values (generic) promises to cost no more. With LIMIT and OFFSET as
 * parameters the generic plan must expect to read a tenth of the rows, so a page statement never got
 * one and was planned anew every time: 0.4 ms of the 1 ms the identifier page took on a million
 * identifiers. With them constant, the generic plan is the custom one, and after five executions the
 * statement runs without planning. Only a few sizes and pages get statements of their own, so the
 * statements a connection keeps stay few whatever pages are asked for; the others bind them.
 */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** Page sizes whose first pages get statements of their own: those the web offers (the API's default among them). */
const FIXED_PAGE_SIZES: ReadonlySet<number> = new Set(LIST_PAGE_SIZES);
/** How many of their first pages do. */
const FIXED_PAGES = 3;

/** The page's window when its statement fixes it (see above), or null: it takes placeholders then. */
export function fixedWindow(page: { page: number; pageSize: number }): PageWindow | null {
  if (!FIXED_PAGE_SIZES.has(page.pageSize) || page.page > FIXED_PAGES) return null;
  return { limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
}

/** The name suffix of a statement with this window: empty when it takes placeholders. */
export function windowName(window: PageWindow | null): string {
  return window ? `_${window.limit}_${window.offset}` : '';
}

/**
 * Drizzle's `limit` and `offset` for a statement: the window's constants written into its text, or
 * the placeholders `limit` and `offset`. Drizzle binds a number as a parameter but writes an SQL value
 * as it is, hence the constants are SQL, typed as the numbers they stand for.
 */
export function windowBounds(window: PageWindow | null): {
  limit: number | Placeholder;
  offset: number | Placeholder;
} {
  if (!window) return { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
  const constant = (n: number) => {
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
    return sql.raw(String(n)) as unknown as number;
  };
  return { limit: constant(window.limit), offset: constant(window.offset) };
}

/** The placeholders' values of a page whose statement does not fix its window. */
export function windowParams(
  window: PageWindow | null,
  page: { page: number; pageSize: number },
): { limit?: number; offset?: number } {
  return window ? {} : { limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
}
