import type { Permission, Role } from '@scamtrail/domain/permissions';

export const APP_TITLE = 'Scamtrail';

/** Who may open a route (spec 2.1 and 6). A required role implies a signed-in user. */
export interface RouteAccess {
  /** A signed-in user is required; otherwise the guard sends the visitor to sign in. */
  login: boolean;
  /** A role the user must hold; otherwise the guard shows the forbidden page. */
  role?: Role;
}

interface RouteDefinition {
  /** Stable key: the router maps it to the screen that renders the route. */
  id: string;
  /** React Router path pattern. */
  path: string;
  title: string;
  access: RouteAccess;
  /** The header, side navigation and footer stay hidden on this route (spec 2.2). */
  hideShell?: boolean;
  /** The permission of the route's navigation entry (spec 6), for routes the side navigation lists. */
  navPermission?: Permission;
}

const open: RouteAccess = { login: false };
const signedIn: RouteAccess = { login: true };
const admin: RouteAccess = { login: true, role: 'admin' };

/** Every route of the product, in the order of spec 2.1. `/` redirects to `/cases` (see ROOT_REDIRECT). */
export const ROUTES = [
  { id: 'tags', path: '/tags', title: 'Tags', access: admin, navPermission: 'tag.view' },
  {
    id: 'team-members',
    path: '/team-members',
    title: 'Team Members',
    access: admin,
    navPermission: 'team_member.view',
  },
  { id: 'team-member-detail', path: '/team-members/:id', title: 'Team Member Detail', access: admin },
  { id: 'admin', path: '/admin', title: 'Admin', access: admin },
  {
    id: 'identifiers',
    path: '/identifiers',
    title: 'Identifiers',
    access: open,
    navPermission: 'identifier.view',
  },
  { id: 'identifier-new', path: '/identifiers/new', title: 'New Identifier', access: open },
  {
    id: 'validation',
    path: '/validation',
    title: 'Identifier Validation',
    access: open,
    navPermission: 'case.view',
  },
  { id: 'evidence', path: '/evidence', title: 'Evidence', access: open, navPermission: 'evidence.view' },
  { id: 'cases', path: '/cases', title: 'Cases', access: signedIn, navPermission: 'case.view' },
  { id: 'case-detail', path: '/cases/:id', title: 'Case Detail', access: open },
  { id: 'profile', path: '/profile', title: 'Profile', access: signedIn },
  { id: 'search', path: '/search', title: 'Search', access: signedIn },
  { id: 'profile-test', path: '/profile-test', title: 'Profile Test', access: open },
  {
    id: 'automations',
    path: '/automations',
    title: 'Automations',
    access: signedIn,
    navPermission: 'automation.view',
  },
  { id: 'automation-detail', path: '/automations/:id', title: 'Automation Detail', access: signedIn },
  {
    id: 'export-streams',
    path: '/export-streams',
    title: 'Export Streams',
    access: admin,
    navPermission: 'admin.access',
  },
  { id: 'groups', path: '/groups', title: 'Groups', access: signedIn, navPermission: 'group.view' },
  { id: 'group-detail', path: '/groups/:id', title: 'Group Detail', access: signedIn },
  { id: 'components', path: '/components', title: 'Components Showcase', access: open },
  {
    id: 'originator-badge-demo',
    path: '/components/originator-badge',
    title: 'Originator Badge Demo',
    access: open,
  },
  { id: 'tables', path: '/tables', title: 'Data Tables', access: open },
  { id: 'login', path: '/login', title: 'Sign In', access: open, hideShell: true },
  {
    id: 'device-authorization',
    path: '/auth/device',
    title: 'Device Authorization',
    access: open,
    hideShell: true,
  },
  { id: 'logout', path: '/logout', title: 'Logged Out', access: open, hideShell: true },
  { id: 'forbidden', path: '/forbidden', title: '403 - Access Denied', access: signedIn },
  { id: 'not-found', path: '*', title: '404 - Page Not Found', access: open, hideShell: true },
] as const satisfies readonly RouteDefinition[];

export type RouteId = (typeof ROUTES)[number]['id'];
export type AppRoute = RouteDefinition & { id: RouteId };

export const ROOT_REDIRECT = { path: '/', to: '/cases' } as const;

export const FORBIDDEN_PATH = '/forbidden';

const routesById = new Map<string, AppRoute>(ROUTES.map((route) => [route.id, route as AppRoute]));

export function getRoute(id: RouteId): AppRoute {
  return routesById.get(id)!;
}

/** The route whose path pattern is exactly `path` (as written in the table, e.g. `/cases`). */
export function findRouteByPath(path: string): AppRoute | undefined {
  return (ROUTES as readonly AppRoute[]).find((route) => route.path === path);
}

/** The browser tab title of a route: "{route title} | Scamtrail". */
export function documentTitle(route: Pick<AppRoute, 'title'>): string {
  return `${route.title} | ${APP_TITLE}`;
}
