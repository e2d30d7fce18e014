/**
 * Roles and permissions, defined once and used by both the server (authorization) and the web app
 * (hiding what a user cannot use). The server is the authority; the web only mirrors it.
 */

/** Grants every permission. */
export const WILDCARD = '*';

/** Every permission the product checks. Names follow `<resource>.<action>`. */
export const PERMISSIONS = [
  'admin.access',
  'case.view',
  'case.create',
  'case.edit',
  'case.delete',
  'evidence.view',
  'evidence.create',
  'evidence.edit',
  'evidence.delete',
  'identifier.view',
  'identifier.create',
  'identifier.edit',
  'identifier.delete',
  'journal_entry.view',
  'journal_entry.create',
  'journal_entry.edit',
  'journal_entry.delete',
  'group.view',
  'group.create',
  'group.edit',
  'group.delete',
  'automation.view',
  'automation.create',
  'automation.edit',
  'automation.delete',
  'tag.view',
  'tag.create',
  'tag.edit',
  'tag.delete',
  'originator.view',
  'community_member.view',
  'community_member.create',
  'community_member.edit',
  'team_member.view',
  'team_member.create',
  'team_member.edit',
  'user.view',
  'user.create',
  'user.edit',
  'export.view',
  'export.edit',
] as const;

export type Permission = (typeof PERMISSIONS)[number];
/** A permission as held by a user or API key: a named permission or the wildcard. */
export type Grant = Permission | typeof WILDCARD;

export const ROLES = ['admin', 'investigator', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  investigator: 'Investigator',
  viewer: 'Viewer',
};

const VIEW_PERMISSIONS = [
  'case.view',
  'evidence.view',
  'identifier.view',
  'journal_entry.view',
  'group.view',
  'automation.view',
  'tag.view',
  'originator.view',
  'community_member.view',
] as const satisfies readonly Permission[];

function crud(resource: 'case' | 'evidence' | 'identifier' | 'journal_entry' | 'group' | 'automation') {
  return (['view', 'create', 'edit', 'delete'] as const).map(
    (action) => `${resource}.${action}` as Permission,
  );
}

export const ROLE_PERMISSIONS: Record<Role, readonly Grant[]> = {
  admin: [WILDCARD],
  investigator: [
    ...crud('case'),
    ...crud('evidence'),
    ...crud('identifier'),
    ...crud('journal_entry'),
    ...crud('group'),
    ...crud('automation'),
    'tag.view',
    'originator.view',
    'community_member.view',
    'community_member.create',
  ],
  viewer: VIEW_PERMISSIONS,
};

export function permissionsForRole(role: Role): Grant[] {
  return [...ROLE_PERMISSIONS[role]];
}

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** True when the grants include the permission or the wildcard. */
export function hasPermission(grants: readonly string[] | undefined | null, permission: string): boolean {
  if (!grants) return false;
  return grants.includes(WILDCARD) || grants.includes(permission);
}

/**
 * What an API key holds now: its scopes as far as its creator's role holds them now. An API key never
 * holds more than its creator holds; a creator demoted takes the difference from every key they made.
 */
export function apiKeyPermissions(scopes: readonly string[], creatorRole: Role): string[] {
  const held = permissionsForRole(creatorRole);
  return scopes.filter((scope) => hasPermission(held, scope));
}

/** True when at least one of the permissions is granted (false for an empty list). */
export function hasAnyPermission(
  grants: readonly string[] | undefined | null,
  permissions: readonly string[],
): boolean {
  return permissions.some((p) => hasPermission(grants, p));
}

/** True when every one of the permissions is granted (true for an empty list). */
export function hasAllPermissions(
  grants: readonly string[] | undefined | null,
  permissions: readonly string[],
): boolean {
  return permissions.every((p) => hasPermission(grants, p));
}

/**
 * The grants in `granted` that `held` does not cover: what a principal would hand out beyond itself
 * by giving a role, a key's scopes or anything else that carries permissions. Giving the wildcard
 * needs the wildcard. Empty when the grant is allowed.
 */
export function grantsBeyond(
  held: readonly string[] | undefined | null,
  granted: readonly string[],
): string[] {
  return [...new Set(granted)].filter((grant) =>
    grant === WILDCARD ? !held?.includes(WILDCARD) : !hasPermission(held, grant),
  );
}

/** True when a principal holding `held` may give `role`: it holds every permission of the role. */
export function canGrantRole(held: readonly string[] | undefined | null, role: Role): boolean {
  return grantsBeyond(held, ROLE_PERMISSIONS[role]).length === 0;
}

/** The roles a principal holding `held` may give, in the order of ROLES (the web offers only these). */
export function grantableRoles(held: readonly string[] | undefined | null): Role[] {
  return ROLES.filter((role) => canGrantRole(held, role));
}
