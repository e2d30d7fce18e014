/** Page sizes of server-side lists (as the identifier list, spec 9); the first is the default. */
export { LIST_PAGE_SIZES } from '@scamtrail/domain/page-sizes';
