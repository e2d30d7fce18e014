import type { Permission, Role } from '@scamtrail/domain/permissions';
import { paths, ROOT_PATH, ROUTE_PATHS, type RouteId } from '../lib/paths';

export type { RouteId };

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
  id: RouteId;
  /** React Router path pattern, from lib/paths.ts's ROUTE_PATHS. */
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

/** A route's id with its path pattern from the path table. */
function at<const Id extends RouteId>(id: Id) {
  return { id, path: ROUTE_PATHS[id] };
}

/** Every route of the product, in the order of spec 2.1. `/` redirects to `/cases` (see ROOT_REDIRECT). */
export const ROUTES = [
  { ...at('tags'), title: 'Tags', access: admin, navPermission: 'tag.view' },
  {
    ...at('team-members'),
    title: 'Team Members',
    access: admin,
    navPermission: 'team_member.view',
  },
  { ...at('team-member-detail'), title: 'Team Member Detail', access: admin },
  { ...at('admin'), title: 'Admin', access: admin },
  {
    ...at('identifiers'),
    title: 'Identifiers',
    access: open,
    navPermission: 'identifier.view',
  },
  { ...at('identifier-new'), title: 'New Identifier', access: open },
  {
    ...at('validation'),
    title: 'Identifier Validation',
    access: open,
    navPermission: 'case.view',
  },
  { ...at('evidence'), title: 'Evidence', access: open, navPermission: 'evidence.view' },
  { ...at('cases'), title: 'Cases', access: signedIn, navPermission: 'case.view' },
  { ...at('case-detail'), title: 'Case Detail', access: open },
  { ...at('profile'), title: 'Profile', access: signedIn },
  { ...at('search'), title: 'Search', access: signedIn },
  { ...at('profile-test'), title: 'Profile Test', access: open },
  {
    ...at('automations'),
    title: 'Automations',
    access: signedIn,
    navPermission: 'automation.view',
  },
  { ...at('automation-detail'), title: 'Automation Detail', access: signedIn },
  {
    ...at('export-streams'),
    title: 'Export Streams',
    access: admin,
    navPermission: 'admin.access',
  },
  { ...at('groups'), title: 'Groups', access: signedIn, navPermission: 'group.view' },
  { ...at('group-detail'), title: 'Group Detail', access: signedIn },
  { ...at('components'), title: 'Components Showcase', access: open },
  {
    ...at('originator-badge-demo'),
    title: 'Originator Badge Demo',
    access: open,
  },
  { ...at('tables'), title: 'Data Tables', access: open },
  { ...at('login'), title: 'Sign In', access: open, hideShell: true },
  {
    ...at('device-authorization'),
    title: 'Device Authorization',
    access: open,
    hideShell: true,
  },
  { ...at('logout'), title: 'Logged Out', access: open, hideShell: true },
  { ...at('forbidden'), title: '403 - Access Denied', access: signedIn },
  { ...at('not-found'), title: '404 - Page Not Found', access: open, hideShell: true },
] as const satisfies readonly RouteDefinition[];

export type AppRoute = RouteDefinition;

export const ROOT_REDIRECT = { path: ROOT_PATH, to: paths.cases() } as const;

export const FORBIDDEN_PATH = paths.forbidden();

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
