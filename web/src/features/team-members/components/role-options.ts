import { grantableRoles, ROLE_LABELS, ROLES, type Role } from '@scamtrail/domain/permissions';

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, text: ROLE_LABELS[role] }));

/**
 * The roles a user holding `permissions` may give: the server refuses a role carrying a permission the
 * giver does not hold, so the form does not offer it. `current` (a member's role) stays listed so the
 * select can show it.
 */
export function grantableRoleOptions(permissions: readonly string[] | undefined, current?: Role) {
  const grantable = grantableRoles(permissions);
  return ROLE_OPTIONS.filter((option) => grantable.includes(option.value) || option.value === current);
}

export function roleLabel(role: Role | string): string {
  return ROLE_LABELS[role as Role] ?? role;
}
