/**
 * The page sizes the web offers for server-side lists (spec: 25, 50, 100); the first is the default.
 * The server keeps fixed-window statements for exactly these (`server/src/db/page-window.ts`).
 * Schema-free, like `journal-entry-types.ts`: the first screen imports it, and zod must not come with it.
 */
export const LIST_PAGE_SIZES = [25, 50, 100];

/** The page size a list shows for the one asked for (in a URL, say): one of those offered, else the default. */
export function offeredPageSize(asked: number | undefined): number {
  return asked !== undefined && LIST_PAGE_SIZES.includes(asked) ? asked : LIST_PAGE_SIZES[0];
}
