import type { QueryClient } from '@tanstack/react-query';
import { matchRoute, matchRouteId } from './route-match';
import { ROUTE_PREFETCH } from './route-prefetch';
import { ROUTE_SCREENS } from './route-screens';

/**
 * Starts loading the screen of the URL's route, beside the app's own code instead of after it: the
 * router asks for the same module once it runs and finds it loaded or on its way (issue 38: a first
 * visit waited for the router before it asked for the screen). A failure is left to the router, which
 * asks again and shows its error page.
 */
export function preloadRouteScreen(pathname: string): void {
  const id = matchRouteId(pathname);
  if (id) void ROUTE_SCREENS[id]().catch(() => undefined);
}

/**
 * Starts fetching what the URL's route shows first (ROUTE_PREFETCH: the session, then the list or the
 * case), from the entry, before the app's code is in: on a first visit the router's loader, which asks
 * for the same and finds it on its way, runs only once the app and the screen have loaded (issue 38).
 * The requests themselves were sent by index.html before any module arrived (first-requests.ts), and
 * the API client takes their answers. Settles once the route's data has been asked for; a failure is
 * left to the screen, which asks again.
 */
export async function prefetchRouteData(queryClient: QueryClient, url: URL): Promise<void> {
  const route = matchRoute(url.pathname);
  const prefetch = route && ROUTE_PREFETCH[route.id];
  if (!prefetch) return;
  await prefetch(queryClient, route.params, url).catch(() => undefined);
}
