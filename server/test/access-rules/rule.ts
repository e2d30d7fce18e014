import type { Permission } from '@scamtrail/domain/permissions';

/**
 * Who may call an operation, written in the tests independently of the routes' own declarations
 * (see openapi-authorization.test.ts). Each feature lists its operations in a file of this folder.
 */
export type Rule =
  | { kind: 'anyone' }
  | { kind: 'session' }
  | { kind: 'user'; permission?: Permission }
  | { kind: 'caller'; permission: Permission };

export const anyone: Rule = { kind: 'anyone' };
export const session: Rule = { kind: 'session' };
/** Signed-in users only (never an API key), holding the permission when one is named. */
export const user = (permission?: Permission): Rule => ({ kind: 'user', permission });
/** Any caller, user or API key, holding the permission. */
export const can = (permission: Permission): Rule => ({ kind: 'caller', permission });
