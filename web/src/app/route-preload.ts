import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { ROUTE_PATHS, type RouteId } from '../lib/paths';
import { ROUTE_PREFETCH } from './route-prefetch';
import { ROUTE_SCREENS } from './route-screens';

/** Patterns with a parameter after the fixed ones, so that a fixed path wins over an `:id`. */
const PATTERNS = (Object.keys(ROUTE_PATHS) as RouteId[])
  .filter((id) => ROUTE_PATHS[id] !== '*')
  .map((id) => ({
    id,
    pattern: new RegExp(`^${ROUTE_PATHS[id].replace(/:[^/]+/g, '[^/]+')}$`),
    fixed: !ROUTE_PATHS[id].includes(':'),
  }))
  .sort((a, b) => Number(b.fixed) - Number(a.fixed));

/** The route whose path pattern `pathname` matches, as React Router matches it (a final slash aside). */
export function matchRouteId(pathname: string): RouteId | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PATTERNS.find(({ pattern }) => pattern.test(path))?.id;
}

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
 * A failure is left to the screen, which asks again.
 */
export function prefetchRouteData(queryClient: QueryClient, url: URL): void {
  const id = matchRouteId(url.pathname);
  const prefetch = id && ROUTE_PREFETCH[id];
  if (!prefetch) return;
  const params = matchPath(ROUTE_PATHS[id], url.pathname)?.params ?? {};
  void prefetch(queryClient, params, url).catch(() => undefined);
}
