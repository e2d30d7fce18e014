import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createUserBodySchema, updateUserBodySchema, userSchema } from '@scamtrail/domain/auth';
import type { Db } from '../../db/client';
import { guardEdit, ifMatchHeadersSchema, ifMatchOf, withETag } from '../../lib/preconditions';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { currentUser } from '../auth/principal';
import { access } from '../auth/route-access';
import { changeUser, createUserAs, getUser, getUsers } from './users.service';

/**
 * User management. Accounts are administered by people, never by API keys (reads may be, with
 * user.view), and nobody gives a role holding more than they hold (users.service).
 */
export async function usersRoutes(
  app: FastifyInstance,
  opts: { db: Db; limits: { deviceSessionIdleMs: number } },
) {
  const { db, limits } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.get(
    '/api/users',
    {
      schema: {
        operationId: 'listUsers',
        tags,
        summary: 'List user accounts',
        response: { 200: z.object({ data: z.array(userSchema) }), ...errorResponses(401, 403) },
      },
      config: { access: access.permission('user.view') },
    },
    async () => ({ data: await getUsers(db) }),
  );

  r.get(
    '/api/users/:id',
    {
      schema: {
        operationId: 'getUser',
        tags,
        summary: 'One user account',
        params: idParamsSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('user.view') },
    },
    async (request, reply) => withETag(reply, await getUser(db, request.params.id)),
  );

  r.post(
    '/api/users',
    {
      schema: {
        operationId: 'createUser',
        tags,
        summary: 'Create a user account (and its team-member originator)',
        body: createUserBodySchema,
        response: { 201: userSchema, ...errorResponses(400, 401, 403, 409) },
      },
      config: { access: access.userPermission('user.create'), idempotent: true },
    },
    async (request, reply) =>
      reply.status(201).send(await createUserAs(db, request.body, currentUser(request))),
  );

  r.patch(
    '/api/users/:id',
    {
      schema: {
        operationId: 'updateUser',
        tags,
        summary: 'Change role, names, disabled flag, or reset the password',
        params: idParamsSchema,
        headers: ifMatchHeadersSchema,
        body: updateUserBodySchema,
        // 409: disabling or demoting the last active administrator.
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
      config: { access: access.userPermission('user.edit') },
    },
    async (request, reply) =>
      guardEdit(
        reply,
        () =>
          changeUser(db, request.params.id, request.body, currentUser(request), limits, ifMatchOf(request)),
        () => getUser(db, request.params.id),
        userSchema,
      ),
  );
}
