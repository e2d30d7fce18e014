/** Page sizes of server-side lists (as the identifier list, spec 9); the first is the default. */
export const LIST_PAGE_SIZES = [25, 50, 100];
