import type { QueryClient } from '@tanstack/react-query';
import { Navigate, redirect, type RouteObject } from 'react-router';
import { FullPageLoading } from './full-page-loading';
import { RootLayout, type RouteHandle } from './root-layout';
import { RouteErrorPage, ScreenErrorPage } from './route-error-page';
import { ROUTE_PREFETCH } from './route-prefetch';
import { ROUTE_SCREENS } from './route-screens';
import { ROOT_REDIRECT, ROUTES, type AppRoute } from './routes';
import { ROOT_PATH } from '../lib/paths';

/**
 * The route's loader, when its data is prefetched (see ROUTE_PREFETCH): it starts the prefetch and
 * returns at once, so neither the screen nor the navigation waits for it.
 */
function prefetchingLoader(route: AppRoute, queryClient: QueryClient): RouteObject['loader'] {
  const prefetch = ROUTE_PREFETCH[route.id];
  if (!prefetch) return undefined;
  return ({ params, request }) => {
    void prefetch(queryClient, params, new URL(request.url)).catch(() => undefined);
    return null;
  };
}

/**
 * The route table as React Router route objects, all under the root layout (which holds the guard).
 * Loaders prefetch into `queryClient`, the one the screens read.
 */
export function createAppRouteObjects(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: ROOT_PATH,
      Component: RootLayout,
      HydrateFallback: FullPageLoading,
      ErrorBoundary: RouteErrorPage,
      children: [
        // The loader redirects before anything renders; the element covers a render without loaders.
        {
          index: true,
          loader: () => redirect(ROOT_REDIRECT.to),
          element: <Navigate to={ROOT_REDIRECT.to} replace />,
        },
        // A screen that fails, or whose code cannot be loaded, shows its error inside the layout, so
        // the shell's navigation still leads elsewhere. The boundary sits on a pathless route above
        // the screens: React Router renders nothing of a route whose own lazy() failed.
        {
          ErrorBoundary: ScreenErrorPage,
          children: ROUTES.map((route): RouteObject => ({
            path: route.path,
            handle: { routeId: route.id } satisfies RouteHandle,
            lazy: ROUTE_SCREENS[route.id],
            loader: prefetchingLoader(route, queryClient),
            // Only entering the route prefetches: a change of its own URL (a page, a tab) is the
            // screen's to fetch.
            shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
          })),
        },
      ],
    },
  ];
}
