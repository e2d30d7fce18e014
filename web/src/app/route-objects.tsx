import { Navigate, redirect, type RouteObject } from 'react-router';
import { FullPageLoading } from './full-page-loading';
import { RootLayout, type RouteHandle } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import { ROUTE_SCREENS } from './route-screens';
import { ROOT_REDIRECT, ROUTES } from './routes';

/** The route table as React Router route objects, all under the root layout (which holds the guard). */
export const appRouteObjects: RouteObject[] = [
  {
    path: '/',
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
      ...ROUTES.map((route): RouteObject => ({
        path: route.path,
        handle: { routeId: route.id } satisfies RouteHandle,
        lazy: ROUTE_SCREENS[route.id],
      })),
    ],
  },
];
