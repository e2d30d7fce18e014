/**
 * The page sizes the web offers for server-side lists (spec: 25, 50, 100); the first is the default.
 * The server keeps fixed-window statements for exactly these (`server/src/db/page-window.ts`).
 * Schema-free, like `journal-entry-types.ts`: the first screen imports it, and zod must not come with it.
 */
export const LIST_PAGE_SIZES = [25, 50, 100];

/**
 * A list's page and page size as a URL asks for them (absent, or any text a user typed): the page a
 * positive whole number, else 1; the size one of those offered, else the default.
 */
export function pageFromUrl(
  page: string | null,
  pageSize: string | null,
): { page: number; pageSize: number } {
  const number = page !== null && /^\d{1,9}$/.test(page) ? Number(page) : 0;
  return {
    page: number >= 1 ? number : 1,
    pageSize: LIST_PAGE_SIZES.find((size) => String(size) === pageSize) ?? LIST_PAGE_SIZES[0],
  };
}
