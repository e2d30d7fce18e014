import { ROUTE_PATHS, type RouteId } from '../lib/paths';
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
