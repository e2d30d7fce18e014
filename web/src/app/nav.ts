import type { ComponentType } from 'react';
import { DataShare, Flow, Search, UserMultiple } from '@carbon/icons-react';
import type { CurrentUser } from '@scamtrail/domain/auth';
import { hasPermission, type Permission } from '@scamtrail/domain/permissions';
import { getRoute, type RouteId } from './routes';

/** A side navigation entry (spec 3 "Menu item"). Groups have children and no route of their own. */
export interface MenuItem {
  id: string;
  label: string;
  /** The route path of a leaf; for a group, the section path the spec names (not a route). */
  path: string;
  icon?: ComponentType;
  permission?: Permission;
  /** The route a leaf opens; its role requirement hides the entry from other roles. */
  routeId?: RouteId;
  children?: MenuItem[];
  /**
   * For a leaf: the section its screens' breadcrumb names when the spec names another than its group
   * (spec 2.3: "Home > Data Management > Identifiers"). See app/breadcrumbs.ts.
   */
  breadcrumbSection?: string;
  expanded?: boolean;
  external?: boolean;
}

function leaf(routeId: RouteId, label: string, extra: Pick<MenuItem, 'breadcrumbSection'> = {}): MenuItem {
  const route = getRoute(routeId);
  return { id: routeId, label, path: route.path, routeId, permission: route.navPermission, ...extra };
}

/** The side navigation of spec 2.2 with the permission names of spec 6. */
export const MENU: MenuItem[] = [
  {
    id: 'investigation',
    label: 'Investigation',
    path: '/cases',
    icon: Search,
    expanded: true,
    children: [
      leaf('cases', 'Cases'),
      leaf('evidence', 'Evidence'),
      leaf('identifiers', 'Identifiers', { breadcrumbSection: 'Data Management' }),
    ],
  },
  {
    id: 'processing',
    label: 'Processing',
    path: '/processing',
    icon: Flow,
    permission: 'case.view',
    expanded: true,
    children: [leaf('validation', 'Validation')],
  },
  {
    id: 'export',
    label: 'Export',
    path: '/export',
    icon: DataShare,
    permission: 'admin.access',
    expanded: true,
    children: [leaf('export-streams', 'Streams')],
  },
  {
    id: 'users',
    label: 'Users',
    path: '/users',
    icon: UserMultiple,
    expanded: true,
    children: [
      leaf('team-members', 'Team Members'),
      leaf('automations', 'Automations'),
      leaf('groups', 'Groups'),
      leaf('tags', 'Tags'),
    ],
  },
];

function isItemVisible(item: MenuItem, user: Pick<CurrentUser, 'role' | 'permissions'>): boolean {
  const requiredRole = item.routeId ? getRoute(item.routeId).access.role : undefined;
  if (requiredRole && user.role !== requiredRole) return false;
  if (item.permission && !hasPermission(user.permissions, item.permission)) return false;
  return true;
}

/**
 * The entries a user sees. An entry is hidden when its route requires a role the user lacks, and also
 * when the user lacks the entry's permission: both readings of spec 6 hide what the server would refuse.
 * A group without visible children is dropped.
 */
export function filterMenu(
  items: readonly MenuItem[],
  user: Pick<CurrentUser, 'role' | 'permissions'>,
): MenuItem[] {
  const visible: MenuItem[] = [];
  for (const item of items) {
    if (!isItemVisible(item, user)) continue;
    if (item.children) {
      const children = filterMenu(item.children, user);
      if (children.length > 0) visible.push({ ...item, children });
    } else {
      visible.push(item);
    }
  }
  return visible;
}
