import { CASE_NO_GROUP } from '@scamtrail/domain/case-labels';
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
      /** Query parameters that name records of another kind, the same way (see `namingInQuery`). */
      queryReferences?: Readonly<Record<string, Permission>>;
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
 * The fields and query parameters that name records, each with the view permission of the kind it
 * names: the one list the routes declare theirs from (`naming`, `namingInQuery`), so a field needs the
 * same permission on every route. server/test/openapi-reference-permissions.test.ts keeps its own
 * table and fails when the two differ.
 */
export const REFERENCE_VIEW = {
  caseId: 'case.view',
  duplicateOfId: 'case.view',
  evidence: 'evidence.view',
  identifierIds: 'identifier.view',
  tag: 'tag.view',
  tagId: 'tag.view',
  tagIds: 'tag.view',
  addTagIds: 'tag.view',
  removeTagIds: 'tag.view',
  groupId: 'group.view',
  groupIds: 'group.view',
  onBehalfOfOriginatorId: 'originator.view',
  // Team members are named by their user id and read (id and name) as originators.
  userIds: 'originator.view',
  // Assignees are picked from `GET /api/cases/assignable-users`, which needs `case.view`.
  assigneeId: 'case.view',
  assigneeIds: 'case.view',
  addAssigneeIds: 'case.view',
  removeAssigneeIds: 'case.view',
} as const satisfies Record<string, Permission>;

export type ReferenceField = keyof typeof REFERENCE_VIEW;

/**
 * Values of a field that name no record though they are not empty: `groupId=none` lists the cases of
 * no group (readable by every case reader), and names no group.
 */
const NAMES_NO_RECORD: Partial<Record<ReferenceField, readonly string[]>> = {
  groupId: [CASE_NO_GROUP],
};

const viewsOf = (fields: readonly ReferenceField[]): Record<string, Permission> =>
  Object.fromEntries(fields.map((field) => [field, REFERENCE_VIEW[field]]));

function withReferences(rule: Access): Extract<Access, { kind: 'principal' }> {
  if (rule.kind !== 'principal') throw new Error('Only a rule holding permissions names references');
  return rule;
}

/**
 * The rule, and besides: a body naming records in one of these fields (any value but null, an empty
 * text or an empty list) needs the view permission of their kind too (`REFERENCE_VIEW`), or 403
 * naming the field. Checked once the body is read and before it is validated or any record is looked
 * up, so the answer never tells whether the ids exist. `ids`, a bulk route's list of the records it
 * acts on, names records of the route's own kind: `ids` gives that kind's view permission. A record
 * named in the path needs its permission in the rule itself. Enforced route-wide by
 * server/test/openapi-reference-permissions.test.ts.
 */
export function naming(rule: Access, fields: readonly ReferenceField[], ids?: Permission): Access {
  const references = { ...(ids ? { ids } : {}), ...viewsOf(fields) };
  return { ...withReferences(rule), references };
}

/**
 * The rule, and besides: a query naming records in one of these parameters (a list's filter by tag,
 * group, case...) needs the view permission of their kind, or 403 naming the parameter, as a body
 * does (`naming`). Checked with the rule, on request, before the query is validated: a caller that
 * may not read tags cannot learn which records carry a tag whose id it knows.
 */
export function namingInQuery(rule: Access, parameters: readonly ReferenceField[]): Access {
  return { ...withReferences(rule), queryReferences: viewsOf(parameters) };
}

/** Whether a field's value names anything. */
const namesSomething = (field: string, value: unknown): boolean =>
  Array.isArray(value)
    ? value.some((item) => namesSomething(field, item))
    : value !== undefined &&
      value !== null &&
      value !== '' &&
      !(typeof value === 'string' && NAMES_NO_RECORD[field as ReferenceField]?.includes(value));

function check(
  references: Readonly<Record<string, Permission>>,
  principal: Principal | null,
  input: unknown,
) {
  if (!input || typeof input !== 'object') return;
  for (const [field, permission] of Object.entries(references)) {
    const value = (input as Record<string, unknown>)[field];
    if (namesSomething(field, value) && !hasPermission(principal?.permissions, permission)) {
      throw AppError.forbiddenField(
        field,
        `Naming records in ${field} needs ${permission}, to read records of their kind`,
        permission,
      );
    }
  }
}

/**
 * Refuses (403 naming the field) a body that names records in one of the rule's reference fields
 * without the view permission of their kind (`naming`).
 */
export function checkReferences(rule: Access, principal: Principal | null, body: unknown): void {
  if (rule.kind === 'principal' && rule.references) check(rule.references, principal, body);
}

/**
 * Refuses (403 naming the parameter) a query that names records in one of the rule's reference
 * parameters without the view permission of their kind (`namingInQuery`).
 */
export function checkQueryReferences(rule: Access, principal: Principal | null, query: unknown): void {
  if (rule.kind === 'principal' && rule.queryReferences) check(rule.queryReferences, principal, query);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; required on every documented /api route. */
    access?: Access;
  }
}
