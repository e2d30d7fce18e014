import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originatorSchema, type Originator } from '@scamtrail/domain/originators';
import { paginated, type Pagination } from '@scamtrail/domain/pagination';
import type { Permission } from '@scamtrail/domain/permissions';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access, type Principal } from '../../plugins/auth';

type Handler<B, R> = (input: B, principal: Principal) => Promise<R>;

/** The list, create, update and deactivate routes of one kind of originator under `base`. */
export interface OriginatorKindRoutes<Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  base: string;
  tags: string[];
  /** "community member", "automation", "team member". */
  noun: string;
  permissions: { view: Permission; create: Permission; edit: Permission };
  /** Team members are user accounts: only a signed-in user may invite or change them. */
  usersOnly?: boolean;
  listQuery: Q;
  createBody: C;
  updateBody: U;
  createSummary?: string;
  list: Handler<z.output<Q>, { data: Originator[]; pagination: Pagination }>;
  create: Handler<z.output<C>, Originator>;
  update: (id: string, body: z.output<U>, principal: Principal) => Promise<Originator>;
  deactivate: (id: string, principal: Principal) => Promise<Originator>;
}

export function registerOriginatorKindRoutes<Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  app: FastifyInstance,
  spec: OriginatorKindRoutes<Q, C, U>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { base, tags, noun, permissions } = spec;
  const guard = (permission: Permission) =>
    spec.usersOnly ? access.userPermission(permission) : access.permission(permission);

  r.get(
    base,
    {
      schema: {
        tags,
        summary: `List ${noun}s (paginated; search by name)`,
        querystring: spec.listQuery,
        response: { 200: paginated(originatorSchema), ...errorResponses(400, 401, 403) },
      },
      config: { access: access.permission(permissions.view) },
    },
    async (request) => spec.list(request.query as z.output<Q>, request.principal!),
  );

  r.post(
    base,
    {
      schema: {
        tags,
        summary: spec.createSummary ?? `Create a ${noun}`,
        body: spec.createBody,
        response: { 201: originatorSchema, ...errorResponses(400, 401, 403, 409) },
      },
      config: { access: guard(permissions.create) },
    },
    async (request, reply) =>
      reply.status(201).send(await spec.create(request.body as z.output<C>, request.principal!)),
  );

  r.patch(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: `Update a ${noun}`,
        params: idParamsSchema,
        body: spec.updateBody,
        response: { 200: originatorSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: guard(permissions.edit) },
    },
    async (request) => spec.update(request.params.id, request.body as z.output<U>, request.principal!),
  );

  r.post(
    `${base}/:id/deactivate`,
    {
      schema: {
        tags,
        summary: `Deactivate a ${noun} (its records keep it as originator)`,
        params: idParamsSchema,
        response: { 200: originatorSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: guard(permissions.edit) },
    },
    async (request) => spec.deactivate(request.params.id, request.principal!),
  );
}
