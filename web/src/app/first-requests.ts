import { caseRequest, casesRequest } from '../features/cases/api/cases-request';
import { readCaseTab } from '../features/cases/components/case-tab-param';
import { readCaseListParams } from '../features/cases/components/cases-list-params';
import { journalEntriesRequest } from '../features/cases/journal/api/journal-request';
import { journalPageParams, readTimelineParams } from '../features/cases/journal/components/timeline-params';
import { identifiersRequest } from '../features/identifiers/api/identifiers-request';
import { readListParams } from '../features/identifiers/utils/list-params';
import { apiUrl, type ApiGet } from '../lib/api-url';
import type { RouteId } from '../lib/paths';
import { CURRENT_USER_REQUEST } from '../lib/session-request';
import { matchRoute } from './route-match';

/*
 * The page's first API requests, sent by a script that index.html runs as it is parsed, before any
 * module has arrived (web/src/first-requests-inline.ts, inlined at build time: web/vite.config.ts). They
 * are the requests the app makes first for the URL (main.tsx and route-prefetch.ts), built by the same
 * functions, so the API client finds each answer under the URL it asks for
 * (lib/first-responses.ts). The route's data is asked for at once, beside the session, not once the
 * session has said who is asking: the app takes that answer only when the session lets the visitor see
 * it and it is a success, and drops it otherwise, without a word (lib/api-client.ts). The server
 * answers a refused request with 401 or 403 and records nothing more than for any request.
 *
 * Everything this module imports is inlined into every page: plain functions and constants only.
 */

/** What a route's screen shows first, from the path's parameters and the URL's query. */
const ROUTE_FIRST_REQUESTS: Partial<
  Record<RouteId, (params: Record<string, string>, search: URLSearchParams) => ApiGet[]>
> = {
  identifiers: (_params, search) => [identifiersRequest(readListParams(search))],
  cases: (_params, search) => [casesRequest(readCaseListParams(search))],
  // The case and, on the Timeline tab, the journal page the URL names (case-detail-prefetch.ts).
  'case-detail': ({ id }, search) =>
    !id
      ? []
      : readCaseTab(search) === 'timeline'
        ? [caseRequest(id), journalEntriesRequest(id, journalPageParams(readTimelineParams(search)))]
        : [caseRequest(id)],
};

/** The URLs of the session and of the data the route of `url` shows first, in that order. */
export function firstRequestUrls(url: URL): string[] {
  const route = matchRoute(url.pathname);
  const data = route ? (ROUTE_FIRST_REQUESTS[route.id]?.(route.params, url.searchParams) ?? []) : [];
  return [CURRENT_USER_REQUEST, ...data].map((request) => apiUrl(request.path, request.params));
}
