import { ROUTE_PATHS, type RouteId } from '../lib/paths';

/*
 * Which route a URL names, without the router: for the page's first step (first-requests.ts, inlined
 * into index.html, so nothing here imports a library) and for the entry's preloads (route-preload.ts).
 */

/** Patterns with a parameter after the fixed ones, so that a fixed path wins over an `:id`. */
const PATTERNS = (Object.keys(ROUTE_PATHS) as RouteId[])
  .filter((id) => ROUTE_PATHS[id] !== '*')
  .map((id) => ({
    id,
    names: [...ROUTE_PATHS[id].matchAll(/:([^/]+)/g)].map((m) => m[1]),
    pattern: new RegExp(`^${ROUTE_PATHS[id].replace(/:[^/]+/g, '([^/]+)')}$`),
    fixed: !ROUTE_PATHS[id].includes(':'),
  }))
  .sort((a, b) => Number(b.fixed) - Number(a.fixed));

export interface RouteMatch {
  id: RouteId;
  /** The path's parameters by name, decoded as React Router decodes them. */
  params: Record<string, string>;
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The route whose path pattern `pathname` matches, as React Router matches it (a final slash aside). */
export function matchRoute(pathname: string): RouteMatch | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const { id, names, pattern } of PATTERNS) {
    const found = pattern.exec(path);
    if (found) {
      return { id, params: Object.fromEntries(names.map((name, i) => [name, decode(found[i + 1])])) };
    }
  }
  return undefined;
}

/** The id of the route `pathname` names (see matchRoute). */
export function matchRouteId(pathname: string): RouteId | undefined {
  return matchRoute(pathname)?.id;
}
