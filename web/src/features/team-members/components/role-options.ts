import { ROLE_LABELS, ROLES, type Role } from '@scamtrail/domain/permissions';

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, text: ROLE_LABELS[role] }));

export function roleLabel(role: Role | string): string {
  return ROLE_LABELS[role as Role] ?? role;
}
