import type { Crumb } from '../components/page-layout';
import { paths } from '../lib/paths';
import { MENU, type MenuItem } from './nav';
import { getRoute, type RouteId } from './routes';

const HOME: Crumb = { label: 'Home', to: paths.home() };

/** The side navigation's group and leaf of a route, when the navigation lists it. */
function menuEntry(routeId: RouteId): { group: MenuItem; leaf: MenuItem } | undefined {
  for (const group of MENU) {
    const leaf = group.children?.find((child) => child.routeId === routeId);
    if (leaf) return { group, leaf };
  }
  return undefined;
}

/**
 * The trail above a screen, not counting the screen itself (PageLayout adds it): Home, then the group
 * of the side navigation that lists the screen (spec 2.2), a section without a page of its own. The
 * navigation's groups are the one source of these trails, so a list and its detail always agree.
 */
export function sectionTrail(routeId: RouteId): Crumb[] {
  const entry = menuEntry(routeId);
  if (!entry) return [HOME];
  return [HOME, { label: entry.leaf.breadcrumbSection ?? entry.group.label }];
}

/**
 * The trail above a screen reached from a list (a case, a group, "New Identifier"): the list's own trail,
 * then the list, linked, under its title.
 */
export function listTrail(listRouteId: RouteId): Crumb[] {
  const list = getRoute(listRouteId);
  return [...sectionTrail(listRouteId), { label: list.title, to: list.path }];
}
