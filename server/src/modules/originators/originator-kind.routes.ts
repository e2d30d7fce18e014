import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originatorSchema, type Originator } from '@scamtrail/domain/originators';
import { paginated, type Pagination } from '@scamtrail/domain/pagination';
import type { Permission } from '@scamtrail/domain/permissions';
import { guardEdit, ifMatchHeadersSchema, ifMatchOf, type IfMatch } from '../../lib/preconditions';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { currentPrincipal, type Principal } from '../auth/principal';
import { access, type Access } from '../auth/route-access';
import { originatorFor } from './originators.service';

type Handler<B, R> = (input: B, principal: Principal) => Promise<R>;

/** The list, create, update and deactivate routes of one kind of originator under `base`. */
export interface OriginatorKindRoutes<Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  base: string;
  tags: string[];
  /** "community member", "automation", "team member". */
  noun: string;
  /** Names the operations (`list${operationNoun}s`, `create…`, `update…`, `deactivate…`): unique per base. */
  operationNoun: string;
  permissions: { view: Permission; create: Permission; edit: Permission };
  /** Team members are user accounts: only a signed-in user may invite or change them. */
  usersOnly?: boolean;
  /**
   * Who may change one record (`/:id`, update and deactivate) given the edit permission; by default as
   * for creating. Automations: an API key only its own (`access.automationPermission`).
   */
  recordAccess?: (permission: Permission) => Access;
  listQuery: Q;
  createBody: C;
  updateBody: U;
  createSummary?: string;
  list: Handler<z.output<Q>, { data: Originator[]; pagination: Pagination }>;
  create: Handler<z.output<C>, Originator>;
  /** `ifMatch` is given only with `read`: then the update takes If-Match and answers 412 when stale. */
  update: (id: string, body: z.output<U>, principal: Principal, ifMatch?: IfMatch) => Promise<Originator>;
  /**
   * The record as it is now, for a refused If-Match; without it the update and the deactivation take
   * no If-Match.
   */
  read?: (id: string) => Promise<Originator>;
  /** `ifMatch` as for `update`: given only with `read`. */
  deactivate: (id: string, principal: Principal, ifMatch?: IfMatch) => Promise<Originator>;
  /** The deactivation may be refused as a conflict (409): a team member who is the last active administrator. */
  deactivateMayConflict?: boolean;
}

export function registerOriginatorKindRoutes<Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  app: FastifyInstance,
  spec: OriginatorKindRoutes<Q, C, U>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { base, tags, noun, operationNoun, permissions } = spec;
  const guard = (permission: Permission) =>
    spec.usersOnly ? access.userPermission(permission) : access.permission(permission);
  const recordGuard = spec.recordAccess ?? guard;
  const { read } = spec;

  r.get(
    base,
    {
      schema: {
        operationId: `list${operationNoun}s`,
        tags,
        summary: `List ${noun}s (paginated; search by name)`,
        querystring: spec.listQuery,
        response: { 200: paginated(originatorSchema), ...errorResponses(400, 401, 403) },
      },
      config: { access: access.permission(permissions.view) },
    },
    async (request) => {
      const principal = currentPrincipal(request);
      const page = await spec.list(request.query as z.output<Q>, principal);
      return { ...page, data: page.data.map((o) => originatorFor(principal, o)) };
    },
  );

  r.post(
    base,
    {
      schema: {
        operationId: `create${operationNoun}`,
        tags,
        summary: spec.createSummary ?? `Create a ${noun}`,
        body: spec.createBody,
        response: { 201: originatorSchema, ...errorResponses(400, 401, 403, 409) },
      },
      config: { access: guard(permissions.create), idempotent: true },
    },
    async (request, reply) => {
      const principal = currentPrincipal(request);
      const created = await spec.create(request.body as z.output<C>, principal);
      return reply.status(201).send(originatorFor(principal, created));
    },
  );

  r.patch(
    `${base}/:id`,
    {
      schema: {
        operationId: `update${operationNoun}`,
        tags,
        summary: `Update a ${noun}`,
        params: idParamsSchema,
        ...(read ? { headers: ifMatchHeadersSchema } : {}),
        body: spec.updateBody,
        response: {
          200: originatorSchema,
          ...errorResponses(400, 401, 403, 404, 409, ...(read ? ([412] as const) : [])),
        },
      },
      config: { access: recordGuard(permissions.edit) },
    },
    async (request, reply) => {
      const principal = currentPrincipal(request);
      const { id } = request.params;
      const body = request.body as z.output<U>;
      if (!read) return originatorFor(principal, await spec.update(id, body, principal));
      return guardEdit(
        reply,
        async () => originatorFor(principal, await spec.update(id, body, principal, ifMatchOf(request))),
        async () => originatorFor(principal, await read(id)),
        originatorSchema,
      );
    },
  );

  r.post(
    `${base}/:id/deactivate`,
    {
      schema: {
        operationId: `deactivate${operationNoun}`,
        tags,
        summary: `Deactivate a ${noun} (its records keep it as originator)`,
        params: idParamsSchema,
        ...(read ? { headers: ifMatchHeadersSchema } : {}),
        response: {
          200: originatorSchema,
          ...errorResponses(
            400,
            401,
            403,
            404,
            ...(spec.deactivateMayConflict ? ([409] as const) : []),
            ...(read ? ([412] as const) : []),
          ),
        },
      },
      config: { access: recordGuard(permissions.edit) },
    },
    async (request, reply) => {
      const principal = currentPrincipal(request);
      const { id } = request.params;
      if (!read) return originatorFor(principal, await spec.deactivate(id, principal));
      return guardEdit(
        reply,
        async () => originatorFor(principal, await spec.deactivate(id, principal, ifMatchOf(request))),
        async () => originatorFor(principal, await read(id)),
        originatorSchema,
      );
    },
  );
}
