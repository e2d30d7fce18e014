import type { ApiGet } from '../../../lib/api-url';
import type { IdentifierListParams } from '../utils/list-params';

/**
 * `GET /api/identifiers` for one page of the list: asked by the list (get-identifiers.ts) and by the
 * page's first requests (app/first-requests.ts), which therefore import nothing else from here.
 */
export function identifiersRequest(params: IdentifierListParams): ApiGet {
  return {
    path: '/identifiers',
    params: { ...identifierListFilters(params), page: params.page, pageSize: params.pageSize },
  };
}

/** The list's filters and order as the API reads them (also the CSV download's). */
export function identifierListFilters(params: Pick<IdentifierListParams, 'search' | 'type' | 'sort'>) {
  return {
    search: params.search || undefined,
    type: params.type || undefined,
    sort: params.sort === 'newest' ? undefined : params.sort,
  };
}
