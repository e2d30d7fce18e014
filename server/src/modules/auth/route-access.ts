import { hasPermission, type Permission } from '@scamtrail/domain/permissions';
import { AppError } from '../../lib/errors';
import type { Principal } from './principal';

/**
 * Who may call a route. Every /api route declares one in `config.access`; the auth plugin checks it
 * in `onRequest`, before the body, params or query are parsed or validated, so 401 and 403 never
 * depend on what was sent. Object-level checks that need the record (may this caller see that case?)
 * stay in the services.
 */
export type Access =
  /** Anyone, signed in or not (health, sign-in). */
  | { kind: 'public' }
  /**
   * A signed-in person's session, a browser's cookie or a device sign-in's token (signing out ends
   * either); anything else (anonymous, an API key) is 401.
   */
  | { kind: 'session' }
  /**
   * A caller holding every listed permission; `usersOnly` refuses API keys with 403, `browserOnly`
   * refuses (403) a device sign-in's token, and `ownAutomationParam` refuses (403) a key whose
   * automation is not the one that path parameter names.
   */
  | {
      kind: 'principal';
      permissions: readonly Permission[];
      usersOnly: boolean;
      browserOnly?: boolean;
      ownAutomationParam?: string;
      /**
       * Body fields that name records of another kind, each with that kind's view permission: a
       * request naming something there needs it too (see `naming`).
       */
      references?: Readonly<Record<string, Permission>>;
    };

export const access = {
  public: (): Access => ({ kind: 'public' }),
  session: (): Access => ({ kind: 'session' }),
  /** Any signed-in person (not an API key), whatever their permissions. */
  user: (): Access => ({ kind: 'principal', permissions: [], usersOnly: true }),
  /**
   * The signed-in person managing their own account (passkeys, password, sessions, security activity,
   * device sign-ins) from their browser's session. A device sign-in's token is refused (403), whatever
   * its scope: it holds the permissions it was approved for, and what it could make here (a passkey,
   * another device's session, a new password) would sign in as the whole account.
   */
  account: (): Access => ({ kind: 'principal', permissions: [], usersOnly: true, browserOnly: true }),
  /** A person or an API key holding every one of the permissions. */
  permission: (...permissions: Permission[]): Access => ({
    kind: 'principal',
    permissions,
    usersOnly: false,
  }),
  /** A signed-in person (not an API key) holding every one of the permissions. */
  userPermission: (...permissions: Permission[]): Access => ({
    kind: 'principal',
    permissions,
    usersOnly: true,
  }),
  /**
   * For routes of one automation (`/:id` is its originator id): a person holding the permissions, or
   * an API key holding them that acts for that automation. A key acts for its own automation only, for
   * reads (its keys) as for writes.
   */
  automationPermission: (...permissions: Permission[]): Access => ({
    kind: 'principal',
    permissions,
    usersOnly: false,
    ownAutomationParam: 'id',
  }),
};

/**
 * The rule, and besides: a body naming records in one of these fields (any value but null, an empty
 * text or an empty list) needs the view permission of their kind too, or 403 naming the field. Checked
 * once the body is read and before it is validated or any record is looked up, so the answer never
 * tells whether the ids exist. For body fields: a record named in the path needs its permission in the
 * rule itself. Enforced route-wide by server/test/openapi-reference-permissions.test.ts.
 */
export function naming(rule: Access, references: Record<string, Permission>): Access {
  if (rule.kind !== 'principal') throw new Error('Only a rule holding permissions names references');
  return { ...rule, references };
}

/** Whether a body field's value names anything. */
const namesSomething = (value: unknown): boolean =>
  Array.isArray(value) ? value.some(namesSomething) : value !== undefined && value !== null && value !== '';

/**
 * Refuses (403 naming the field) a body that names records in one of the rule's reference fields
 * without the view permission of their kind (`naming`).
 */
export function checkReferences(rule: Access, principal: Principal | null, body: unknown): void {
  if (rule.kind !== 'principal' || !rule.references || !body || typeof body !== 'object') return;
  for (const [field, permission] of Object.entries(rule.references)) {
    const value = (body as Record<string, unknown>)[field];
    if (namesSomething(value) && !hasPermission(principal?.permissions, permission)) {
      throw AppError.forbidden(
        `Naming records in ${field} needs ${permission}, to read records of their kind`,
      );
    }
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; required on every documented /api route. */
    access?: Access;
  }
}
