import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  otherSessionsRevokedSchema,
  sessionListQuerySchema,
  sessionListSchema,
} from '@scamtrail/domain/passkeys';
import { securityEventListQuerySchema, securityEventListSchema } from '@scamtrail/domain/security-events';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { currentUser } from './principal';
import { access } from './route-access';
import { clearSessionCookie } from './session-cookie';
import { listSecurityEvents } from '../events/security-events.service';
import { listOwnSessions, revokeOtherOwnSessions, revokeOwnSessionById } from './sessions.service';

/**
 * The signed-in user's own sessions: where they are signed in, signing a device out, and the account's
 * security activity.
 */
export async function sessionsRoutes(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const { db, config } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.get(
    '/api/auth/sessions',
    {
      schema: {
        operationId: 'listOwnSessions',
        tags,
        summary:
          'Your active sessions (device, address, last seen), a page at a time: this one first (`current`), ' +
          'then the newest first; `otherCount` counts the others on every page',
        querystring: sessionListQuerySchema,
        response: { 200: sessionListSchema, ...errorResponses(400, 401, 403) },
      },
      config: { access: access.account() },
    },
    async (request) => listOwnSessions(db, currentUser(request), config, request.query),
  );

  r.delete(
    '/api/auth/sessions/:id',
    {
      schema: {
        operationId: 'revokeOwnSession',
        tags,
        summary: 'Revoke one of your sessions: it stops working at once (the current one signs you out)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.account() },
    },
    async (request, reply) => {
      const { current } = await revokeOwnSessionById(db, currentUser(request), request.params.id, config);
      if (current) clearSessionCookie(reply, config);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/auth/sessions/revoke-others',
    {
      schema: {
        operationId: 'revokeOtherOwnSessions',
        tags,
        summary:
          'Sign out of all your other sessions: every one but this (device sign-ins included) stops ' +
          'working at once, each recorded as `session.revoked`; answers how many were signed out',
        response: { 200: otherSessionsRevokedSchema, ...errorResponses(401, 403) },
      },
      // A browser's session only: an API key or a device sign-in's token has no "this session" to keep (403).
      config: { access: access.account() },
    },
    async (request) => revokeOtherOwnSessions(db, currentUser(request), config),
  );

  r.get(
    '/api/auth/me/security-events',
    {
      schema: {
        operationId: 'listOwnSecurityEvents',
        tags,
        summary:
          'Your security activity (sign-ins, sessions, passkeys, device sign-ins, password, account changes)',
        querystring: securityEventListQuerySchema,
        response: { 200: securityEventListSchema, ...errorResponses(400, 401, 403) },
      },
      config: { access: access.account() },
    },
    async (request) => listSecurityEvents(db, currentUser(request).userId, request.query),
  );
}
