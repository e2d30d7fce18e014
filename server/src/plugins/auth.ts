import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { hasAllPermissions, type Permission, type Role } from '@scamtrail/domain/permissions';
import type { Db } from '../db/client';
import { AppError } from '../lib/errors';
import { findApiKeyPrincipal } from '../modules/auth/api-key-auth.repository';
import { resolveSession } from '../modules/auth/sessions.service';

export const SESSION_COOKIE = 'scamtrail_session';

export type UserPrincipal = {
  kind: 'user';
  userId: string;
  sessionId: string;
  originatorId: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  permissions: string[];
};

export type ApiKeyPrincipal = {
  kind: 'api_key';
  apiKeyId: string;
  /** The automation's originator id: records it creates are originated by the automation. */
  originatorId: string;
  /** The user who created the key; the key never holds more than they hold now. */
  creatorUserId: string;
  /** The key's scopes that its creator still holds. */
  permissions: string[];
};

export type Principal = UserPrincipal | ApiKeyPrincipal;

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, resolved from the session cookie or an API key; null when anonymous. */
    principal: Principal | null;
  }
}

export interface AuthOptions {
  db: Db;
  sessionIdleMs: number;
  sessionMaxMs: number;
}

/**
 * Resolves the caller for every /api request. A Bearer header that is not a valid key answers 401
 * at once (rather than falling back to the cookie) so a misconfigured automation notices.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: AuthOptions) => {
  await app.register(cookie);
  app.decorateRequest('principal', null);
  enforceDeclaredAccess(app);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const authorization = request.headers.authorization;
    if (authorization) {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization);
      if (!match) throw AppError.unauthenticated('Malformed Authorization header');
      const principal = await findApiKeyPrincipal(opts.db, match[1]);
      if (!principal) throw AppError.unauthenticated('Invalid, expired or revoked API key');
      request.principal = principal;
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.principal = await resolveSession(opts.db, token, opts);
  });
});

/**
 * Who may call a route. Every /api route declares one in `config.access`; the check runs in
 * `onRequest`, before the body, params or query are parsed or validated, so 401 and 403 never depend
 * on what was sent. Object-level checks that need the record (may this caller see that case?) stay in
 * the services.
 */
export type Access =
  /** Anyone, signed in or not (health, sign-in). */
  | { kind: 'public' }
  /** A signed-in person's cookie session; anything else (anonymous, an API key) is 401. */
  | { kind: 'session' }
  /**
   * A caller holding every listed permission; `usersOnly` refuses API keys with 403, and
   * `ownAutomationParam` refuses (403) a key whose automation is not the one that path parameter names.
   */
  | {
      kind: 'principal';
      permissions: readonly Permission[];
      usersOnly: boolean;
      ownAutomationParam?: string;
    };

export const access = {
  public: (): Access => ({ kind: 'public' }),
  session: (): Access => ({ kind: 'session' }),
  /** Any signed-in person (not an API key), whatever their permissions. */
  user: (): Access => ({ kind: 'principal', permissions: [], usersOnly: true }),
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; required on every documented /api route. */
    access?: Access;
  }
}

/**
 * Throws the 401 or 403 the access rule gives this caller; returns when the call may go on. `params`
 * are the raw path parameters (not validated yet: a key's own automation id is a valid one).
 */
export function checkAccess(
  rule: Access,
  principal: Principal | null,
  params: Record<string, string | undefined> = {},
): void {
  if (rule.kind === 'public') return;
  if (rule.kind === 'session') {
    if (principal?.kind !== 'user') throw AppError.unauthenticated('This action needs a signed-in session');
    return;
  }
  if (!principal) throw AppError.unauthenticated();
  if (rule.usersOnly && principal.kind !== 'user') {
    throw AppError.forbidden('This action needs a signed-in user');
  }
  if (!hasAllPermissions(principal.permissions, rule.permissions)) throw AppError.forbidden();
  if (
    rule.ownAutomationParam &&
    principal.kind === 'api_key' &&
    params[rule.ownAutomationParam]?.toLowerCase() !== principal.originatorId.toLowerCase()
  ) {
    throw AppError.forbidden('An API key can act only for its own automation');
  }
}

/** One line for the OpenAPI description: who may call the operation. */
export function describeAccess(rule: Access): string {
  if (rule.kind === 'public') return 'Access: anyone.';
  if (rule.kind === 'session') return 'Access: a signed-in session (not an API key).';
  const who = rule.usersOnly
    ? 'a signed-in user (not an API key)'
    : rule.ownAutomationParam
      ? `a signed-in user or an API key of the automation \`{${rule.ownAutomationParam}}\` (never another's)`
      : 'a signed-in user or an API key';
  if (rule.permissions.length === 0) return `Access: ${who}.`;
  return `Access: ${who} holding ${rule.permissions.map((p) => `\`${p}\``).join(', ')}.`;
}

/**
 * Turns each route's `config.access` into an onRequest check, and refuses to start when a documented
 * /api route declares none: a new route cannot be born open by omission.
 */
function enforceDeclaredAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api/')) return;
    const schema = route.schema as { hide?: boolean; description?: string } | undefined;
    const rule = route.config?.access;
    if (!rule) {
      if (schema?.hide) return;
      throw new Error(`Route ${String(route.method)} ${url} declares no config.access`);
    }
    const check = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      try {
        checkAccess(rule, request.principal, request.params as Record<string, string | undefined>);
      } catch (err) {
        return done(err as Error);
      }
      done();
    };
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [check, ...existing];
    if (schema) {
      const line = describeAccess(rule);
      schema.description = schema.description ? `${schema.description}\n\n${line}` : line;
    }
  });
}

/** The signed-in user of a route whose access is `user`, `userPermission` or `session`. */
export function currentUser(request: FastifyRequest): UserPrincipal {
  const p = request.principal;
  if (!p || p.kind !== 'user') throw AppError.unauthenticated();
  return p;
}

/** The caller of a route whose access needs one (anything but `public`). */
export function currentPrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw AppError.unauthenticated();
  return request.principal;
}
