import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { hasPermission } from '@scamtrail/domain/permissions';
import { prefetchCaseDetail } from '../features/cases/prefetch/case-detail-prefetch';
import { casesQueryOptions } from '../features/cases/api/get-cases';
import { readCaseListParams } from '../features/cases/components/cases-list-params';
import { identifiersQueryOptions } from '../features/identifiers/api/get-identifiers';
import { readListParams } from '../features/identifiers/utils/list-params';
import { readableFilters } from '../lib/list-filter-access';
import { currentUserQueryOptions } from '../lib/session';
import type { RouteId } from './routes';

/**
 * Starts fetching what a route shows first, from the route's URL. Best effort: the loader ignores a
 * failure, and the screen asks again for anything that failed (through the API client's usual error
 * path).
 */
export type RoutePrefetch = (queryClient: QueryClient, params: Params, url: URL) => Promise<void>;

/**
 * The list page the URL names, under the key the list's screen reads (its parameters read from the same
 * URL), once the session says the visitor may see it: nothing is asked for a visitor the guard sends
 * elsewhere. The session request is the guard's own, already on its way.
 */
async function prefetchList(
  queryClient: QueryClient,
  permission: string,
  prefetch: (permissions: readonly string[]) => Promise<void>,
) {
  const user = await queryClient.ensureQueryData(currentUserQueryOptions);
  if (user && hasPermission(user.permissions, permission)) await prefetch(user.permissions);
}

/**
 * Routes whose data is asked for as soon as they match, beside the loading of their screen's code
 * (React Router runs a route's static loader alongside its `lazy`, and main.tsx has started that code
 * already: app/route-preload.ts). The modules named here are part of the first bundle, so they import
 * no components.
 */
export const ROUTE_PREFETCH: Partial<Record<RouteId, RoutePrefetch>> = {
  identifiers: (queryClient, _params, url) =>
    prefetchList(queryClient, 'identifier.view', () =>
      queryClient.prefetchQuery(identifiersQueryOptions(readListParams(url.searchParams))),
    ),
  cases: (queryClient, _params, url) =>
    // Without a filter the reader may not use, as the screen asks (lib/list-filter-access.ts).
    prefetchList(queryClient, 'case.view', (permissions) =>
      queryClient.prefetchQuery(
        casesQueryOptions(readableFilters(readCaseListParams(url.searchParams), permissions)),
      ),
    ),
  'case-detail': (queryClient, params, url) =>
    prefetchCaseDetail(queryClient, params.id ?? '', url.searchParams),
};
