// The identifier list's orders, apart from the API's schemas so that the web's URL parsing (on the
// first screen) does not load them.

/**
 * Orders of the identifier list: newest first (the default), or seen in the most cases the caller may
 * see first (newest first among equals).
 */
export const IDENTIFIER_LIST_SORTS = ['newest', 'most_cases'] as const;
export type IdentifierListSort = (typeof IDENTIFIER_LIST_SORTS)[number];
