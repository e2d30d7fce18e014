import type { CurrentUser } from '@scamtrail/domain/auth';
import { buildLoginPath, fullPath } from '../lib/redirect';
import { FORBIDDEN_PATH, type AppRoute, type RouteAccess } from './routes';

export type GuardDecision = { type: 'allow' } | { type: 'redirect'; to: string };

interface GuardLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

/** A route that names a role needs a signed-in user first: the role is checked after sign-in. */
export function requiresLogin(access: RouteAccess): boolean {
  return access.login || access.role !== undefined;
}

/**
 * The navigation guard of spec 4, decided once the session is known: a visitor who is not signed in
 * goes to sign-in with the full path (query and hash included) as the redirect target; a user without
 * the route's role goes to the forbidden page.
 */
export function decideAccess(
  access: RouteAccess,
  user: Pick<CurrentUser, 'role'> | null,
  location: GuardLocation,
): GuardDecision {
  if (requiresLogin(access) && !user) return { type: 'redirect', to: buildLoginPath(fullPath(location)) };
  if (access.role && user?.role !== access.role) return { type: 'redirect', to: FORBIDDEN_PATH };
  return { type: 'allow' };
}

/** Header, side navigation and footer show only to a signed-in user, and not on routes that hide them. */
export function isShellVisible(route: Pick<AppRoute, 'hideShell'> | undefined, user: unknown): boolean {
  return Boolean(user) && !route?.hideShell;
}
