import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordBodySchema, currentUserSchema, loginBodySchema } from '@scamtrail/domain/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { errorResponses } from '../../lib/schemas';
import { currentUser } from './principal';
import { access } from './route-access';
import { currentUserOf, login } from './login.service';
import { changeOwnPassword } from './password.service';
import { clearSessionCookie, sessionMeta, setSessionCookie } from './session-cookie';
import { endSession } from './sessions.service';

export async function authRoutes(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const { db, config } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/login',
    {
      schema: {
        operationId: 'signIn',
        tags: ['auth'],
        summary: 'Sign in with e-mail and password; sets the session cookie',
        security: [],
        body: loginBodySchema,
        response: { 200: currentUserSchema, ...errorResponses(400, 401, 429, 503) },
      },
      // Not queued: a throttled attempt waits up to LOGIN_MAX_DELAY_SECONDS inside the request, and a
      // few such waits holding admission slots would stall the whole API. What bounds sign-in instead:
      // an address over its budget of failures is refused before any hash (login.service.ts), and the
      // password hashes themselves run a few at a time with a short queue, beyond which a sign-in
      // answers 503 (lib/password.ts), so a flood of sign-ins cannot take the CPUs from other requests.
      config: { access: access.public(), queued: false, publicWrites: { overall: false } },
    },
    async (request, reply) => {
      const result = await login(db, request.body, config, sessionMeta(request));
      setSessionCookie(reply, result, config);
      return result.user;
    },
  );

  r.get(
    '/api/auth/me',
    {
      schema: {
        operationId: 'getCurrentUser',
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: currentUserSchema, ...errorResponses(401, 403) },
      },
      config: { access: access.user() },
    },
    async (request) => {
      const user = currentUser(request);
      // A device sign-in's session holds the permissions its scope narrowed it to.
      return { ...currentUserOf({ ...user, id: user.userId }), permissions: user.permissions };
    },
  );

  r.post(
    '/api/auth/logout',
    {
      schema: {
        operationId: 'signOut',
        tags: ['auth'],
        summary: 'Sign out: revokes the session server-side and clears the cookie',
        body: z.object({}).optional(),
        response: { 204: z.null(), ...errorResponses(401) },
      },
      config: { access: access.session() },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await endSession(db, user.sessionId, config, user.originatorId);
      clearSessionCookie(reply, config);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/auth/password',
    {
      schema: {
        operationId: 'changeOwnPassword',
        tags: ['auth'],
        summary:
          'Change your own password (the current one is required; wrong ones are throttled as sign-in failures are); your other sessions end',
        body: changePasswordBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 429) },
      },
      config: { access: access.account() },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await changeOwnPassword(
        db,
        { userId: user.userId, sessionId: user.sessionId, ip: request.ip },
        request.body,
        config.loginThrottle,
        config,
      );
      return reply.status(204).send(null);
    },
  );
}
