import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { hasAllPermissions, type Role } from '@scamtrail/domain/permissions';
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

/** preHandler: any authenticated caller. */
export async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.principal) throw AppError.unauthenticated();
}

/** preHandler: an authenticated caller holding every one of the permissions. */
export function requirePermission(...permissions: string[]) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (!request.principal) throw AppError.unauthenticated();
    if (!hasAllPermissions(request.principal.permissions, permissions)) throw AppError.forbidden();
  };
}

/** preHandler: a signed-in person (not an API key). */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.principal) throw AppError.unauthenticated();
  if (request.principal.kind !== 'user') throw AppError.forbidden('This action needs a signed-in user');
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): UserPrincipal {
  const p = request.principal;
  if (!p || p.kind !== 'user') throw AppError.unauthenticated();
  return p;
}
