import type { Permission } from '@scamtrail/domain/permissions';

/**
 * Who may call an operation, written in the tests independently of the routes' own declarations
 * (see openapi-authorization.test.ts). Each feature lists its operations in a file of this folder.
 */
export type Rule =
  | { kind: 'anyone' }
  | { kind: 'session' }
  | { kind: 'user'; permissions: Permission[] }
  | { kind: 'account' }
  | { kind: 'caller'; permissions: Permission[] }
  | { kind: 'own automation'; permissions: Permission[] };

export const anyone: Rule = { kind: 'anyone' };
export const session: Rule = { kind: 'session' };
/** Signed-in users only (never an API key), holding every permission named (none: any user). */
export const user = (...permissions: Permission[]): Rule => ({ kind: 'user', permissions });
/**
 * The signed-in person managing their own account from their browser's session: an API key and a
 * device sign-in's token are refused (403), whatever they hold.
 */
export const account: Rule = { kind: 'account' };
/** Any caller, user or API key, holding every permission named. */
export const can = (...permissions: Permission[]): Rule => ({ kind: 'caller', permissions });
/**
 * Any caller holding every permission named, but an API key only on its own automation (the path's
 * `{id}`): another automation's key is refused, reading as writing.
 */
export const ownAutomation = (...permissions: Permission[]): Rule => ({
  kind: 'own automation',
  permissions,
});
