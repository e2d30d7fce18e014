import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { hasAllPermissions } from '@scamtrail/domain/permissions';
import type { Db } from '../db/client';
import { AppError } from '../lib/errors';
import { findApiKeyPrincipal } from '../modules/auth/api-key-auth.repository';
import type { Principal } from '../modules/auth/principal';
import { checkQueryReferences, checkReferences, type Access } from '../modules/auth/route-access';
import { sessionCookieName } from '../modules/auth/session-cookie';
import {
  resolveDeviceSession,
  resolveSession,
  type DeviceSessionLimits,
  type SessionLimits,
} from '../modules/auth/sessions.service';
import { API_KEY_PREFIX } from '../lib/tokens';

/** The API, and TAXII (`modules/interchange/taxii.routes.ts`), which reads API keys the same way. */
function isAuthenticatedPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/taxii2' || url.startsWith('/taxii2/');
}

export interface AuthOptions extends SessionLimits, DeviceSessionLimits {
  db: Db;
  /** Names the session cookie (`sessionCookieName`). */
  publicUrl: string;
}

/**
 * Resolves the caller for every /api request. A Bearer header carries an API key (`stk_…`) or a
 * device sign-in's access token (RFC 8628, modules/oauth); one that is neither answers 401 at once
 * (rather than falling back to the cookie) so a misconfigured automation notices. A route declaring
 * `config.cookieless` never reads the session cookie.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: AuthOptions) => {
  await app.register(cookie);
  app.decorateRequest('principal', null);
  enforceDeclaredAccess(app);
  const cookieName = sessionCookieName(opts);
  app.addHook('onRequest', async (request) => {
    if (!isAuthenticatedPath(request.url)) return;
    const authorization = request.headers.authorization;
    if (authorization) {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization);
      if (!match) throw AppError.unauthenticated('Malformed Authorization header');
      const secret = match[1];
      if (secret.startsWith(API_KEY_PREFIX)) {
        const principal = await findApiKeyPrincipal(opts.db, secret, opts);
        if (!principal) throw AppError.unauthenticated('Invalid, expired or revoked API key');
        request.principal = principal;
        return;
      }
      const principal = await resolveDeviceSession(opts.db, secret, opts);
      if (!principal) throw AppError.unauthenticated('Invalid, expired or revoked access token');
      request.principal = principal;
      return;
    }
    if (request.routeOptions.config?.cookieless) return;
    const token = request.cookies[cookieName];
    if (token) request.principal = await resolveSession(opts.db, token, opts);
  });
});

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
  if (rule.browserOnly && principal.kind === 'user' && principal.clientId) {
    throw AppError.forbidden("Manage your account in the browser: a device sign-in's token cannot");
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

/**
 * Turns each route's `config.access` into an onRequest check (with the records its query names, as
 * they need their view permission), and refuses to start when a documented
 * /api route declares none: a new route cannot be born open by omission.
 */
function enforceDeclaredAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!isAuthenticatedPath(url)) return;
    const schema = route.schema as { hide?: boolean } | undefined;
    const rule = route.config?.access;
    if (!rule) {
      if (schema?.hide) return;
      throw new Error(`Route ${String(route.method)} ${url} declares no config.access`);
    }
    const check = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      try {
        checkAccess(rule, request.principal, request.params as Record<string, string | undefined>);
        // The query is parsed with the URL: a filter naming records is refused with the rule.
        checkQueryReferences(rule, request.principal, request.query);
      } catch (err) {
        return done(err as Error);
      }
      done();
    };
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [check, ...existing];
  });
  // The records a body names, once it is read (a multipart form's route checks its fields itself) and
  // before anything else reads it: an application hook, which Fastify runs before every route's own
  // hooks of the stage, whichever plugin added them and when. An `Idempotency-Key`'s claim or replay
  // (plugins/idempotency.ts, a route hook of this stage added by a plugin registered later) thus never
  // answers a caller the rule refuses: not a stored answer, not 409 or 422 for a key used before.
  app.addHook('preValidation', (request, _reply, done) => {
    const rule = request.routeOptions.config?.access;
    if (
      rule?.kind !== 'principal' ||
      !rule.references ||
      !isAuthenticatedPath(request.routeOptions.url ?? '')
    ) {
      return done();
    }
    try {
      checkReferences(rule, request.principal, request.body);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}
