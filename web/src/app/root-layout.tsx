import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useSession } from '../lib/session';
import { decideAccess, isShellVisible } from './guard';
import { FullPageLoading } from './full-page-loading';
import { getRoute, type AppRoute, type RouteId } from './routes';
import { AppShell } from './shell/app-shell';
import { useApiErrorHandlers } from './use-api-error-handlers';
import { useDocumentTitle } from './use-document-title';
import { useFocusOnNavigate } from './use-focus-on-navigate';
import { useScrollOnNavigate } from './use-scroll-on-navigate';
import { useSessionErrorToast } from './use-session-error-toast';

export interface RouteHandle {
  routeId: RouteId;
}

/** The table entry of the deepest matched route (the 404 entry when only the layout matched). */
function useCurrentRoute(): AppRoute {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index].handle as RouteHandle | undefined;
    if (handle?.routeId) return getRoute(handle.routeId);
  }
  return getRoute('not-found');
}

/**
 * The root of every route: restores the session, applies the guard of spec 4, sets the title, the
 * scroll position and focus, and frames the screen with the shell when the shell is visible.
 */
export function RootLayout() {
  const session = useSession();
  const location = useLocation();
  const route = useCurrentRoute();
  const isReady = session.status !== 'unknown';

  useApiErrorHandlers();
  useSessionErrorToast(session.error);
  useDocumentTitle(route);
  useScrollOnNavigate(isReady);
  useFocusOnNavigate(isReady);

  if (!isReady) return <FullPageLoading />;

  const decision = decideAccess(route.access, session.user, location);
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;

  if (session.user && isShellVisible(route, session.user)) {
    return (
      <AppShell user={session.user}>
        <Outlet />
      </AppShell>
    );
  }
  return (
    <main id="main-content" className="app-bare" tabIndex={-1}>
      <Outlet />
    </main>
  );
}
