import { grantsBeyond, permissionsForRole, type Role } from '@scamtrail/domain/permissions';
import { AppError } from './errors';

/**
 * The one rule for everything that hands out permissions (a user's role, an API key's scopes): the
 * caller must hold every permission it gives, or anyone able to create a user or a key could make
 * something stronger than themself and act through it. 403 naming the field.
 */
export function assertCanGrant(
  grantor: { permissions: readonly string[] },
  granted: readonly string[],
  field: string,
  /** What is given, as in "You cannot give {subject} you do not hold". */
  subject = 'permissions',
): void {
  const beyond = grantsBeyond(grantor.permissions, granted);
  if (beyond.length === 0) return;
  const message = `You cannot give ${subject} you do not hold: ${beyond.join(', ')}`;
  throw AppError.forbiddenField(field, message);
}

/** `assertCanGrant` for giving a role: the caller holds every permission of the role. */
export function assertCanGrantRole(
  grantor: { permissions: readonly string[] },
  role: Role,
  field = 'role',
): void {
  assertCanGrant(grantor, permissionsForRole(role), field, `the role ${role}, with permissions`);
}
