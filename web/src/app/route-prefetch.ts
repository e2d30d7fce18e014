import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { prefetchCaseDetail } from '../features/cases/prefetch/case-detail-prefetch';
import type { RouteId } from './routes';

/**
 * Starts fetching what a route shows first, from the route's URL. Best effort: the loader ignores a
 * failure, and the screen asks again for anything that failed (through the API client's usual error
 * path).
 */
export type RoutePrefetch = (queryClient: QueryClient, params: Params, url: URL) => Promise<void>;

/**
 * Routes whose data is asked for as soon as they match, beside the loading of their screen's code
 * (React Router runs a route's static loader alongside its `lazy`). The modules named here are part
 * of the first bundle, so they import no components.
 */
export const ROUTE_PREFETCH: Partial<Record<RouteId, RoutePrefetch>> = {
  'case-detail': (queryClient, params, url) =>
    prefetchCaseDetail(queryClient, params.id ?? '', url.searchParams),
};
