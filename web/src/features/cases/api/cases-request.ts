import type { ApiGet } from '../../../lib/api-url';
import type { CaseListParams } from '../components/cases-list-params';

/*
 * The cases' GET requests that a first visit makes: asked by their queries (get-cases.ts, get-case.ts)
 * and by the page's first requests (app/first-requests.ts), which therefore import nothing else from
 * here.
 */

/** `GET /api/cases`: one page of the cases the caller may see. */
export function casesRequest(params: CaseListParams): ApiGet {
  return {
    path: '/cases',
    params: { ...caseListFilters(params), page: params.page, pageSize: params.pageSize },
  };
}

/** The list's filters and order as the API reads them (also the CSV download's). */
export function caseListFilters(params: CaseListParams) {
  return {
    search: params.search || undefined,
    status: params.status || undefined,
    priority: params.priority || undefined,
    scamType: params.scamType || undefined,
    assigneeId: params.assigneeId || undefined,
    tagId: params.tagId || undefined,
    groupId: params.groupId || undefined,
    sort: params.sort,
    direction: params.direction,
  };
}

/** `GET /api/cases/{id}`. A case the caller may not see answers 404, as a missing one. */
export function caseRequest(id: string): ApiGet {
  return { path: `/cases/${encodeURIComponent(id)}` };
}
