import { useCallback, useContext } from 'react';
import {
  createSearchParams,
  UNSAFE_DataRouterContext,
  useLocation,
  useNavigate,
  useSearchParams,
  type SetURLSearchParams,
} from 'react-router';

type Router = NonNullable<React.ContextType<typeof UNSAFE_DataRouterContext>>['router'];

/**
 * The search of the page at `pathname` as the router holds it now: the one it is going to, while a
 * navigation within the page is under way, else the one it is at. Undefined while the router is at or
 * going to another page.
 */
function liveSearch(router: Router | undefined, pathname: string): string | undefined {
  if (!router) return undefined;
  const { navigation, location } = router.state;
  const latest = navigation.state !== 'idle' ? navigation.location : location;
  return latest.pathname === pathname ? latest.search : undefined;
}

/**
 * React Router's useSearchParams, but a functional update builds on the router's latest URL. React
 * Router's own builds on the URL of the render that made the setter: two writes before the page renders
 * again (a filter chosen while a list's field still reports its choice, a busy machine) and the second
 * undoes the first. Every list state writes its URL through this one.
 */
export function useLiveSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const { pathname } = useLocation();
  const setSearchParams = useCallback<SetURLSearchParams>(
    (next, options) => {
      const live = liveSearch(router, pathname);
      const current = live === undefined ? searchParams : new URLSearchParams(live);
      const written = createSearchParams(typeof next === 'function' ? next(current) : next);
      void navigate(`?${written.toString()}`, options);
    },
    [router, pathname, searchParams, navigate],
  );
  return [searchParams, setSearchParams];
}
