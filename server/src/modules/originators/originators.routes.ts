import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  originatorLookupQuerySchema,
  originatorSchema,
  originatorSearchQuerySchema,
} from '@scamtrail/domain/originators';
import { paginated } from '@scamtrail/domain/pagination';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { withETag } from '../../lib/preconditions';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access } from '../auth/route-access';
import {
  getOriginatorFor,
  listOriginators,
  ORIGINATOR_VIEW_PERMISSIONS,
  originatorFor,
  viewableOriginatorTypes,
} from './originators.service';

/**
 * Originators of every kind. The kind-specific lists, creation and updates live beside this module
 * (community members here; team members and automations in their own modules).
 */
export async function originatorsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['originators'];

  r.get(
    '/api/originators',
    {
      schema: {
        operationId: 'searchOriginators',
        tags,
        summary: 'Search originators of every kind the caller may see',
        description:
          'Case-insensitive substring match on the name ("First Last" for team members, the username ' +
          'for community members, the systemName for automations), optionally of one type. Kinds the ' +
          'caller may not view (community_member.view, automation.view) are left out.',
        querystring: originatorSearchQuerySchema,
        response: { 200: paginated(originatorSchema), ...errorResponses(400, 401, 403) },
      },
      config: { access: access.permission('originator.view') },
    },
    async (request) => {
      const { type, search, page, pageSize } = request.query;
      const viewable = viewableOriginatorTypes(request.principal!.permissions);
      if (type && !viewable.includes(type)) {
        const permission = ORIGINATOR_VIEW_PERMISSIONS[type];
        throw AppError.forbiddenField(
          'type',
          `Listing originators of type ${type} needs ${permission}`,
          permission,
        );
      }
      const found = await listOriginators(
        db,
        { types: type ? [type] : viewable, search },
        { page, pageSize },
      );
      return { ...found, data: found.data.map((o) => originatorFor(request.principal!, o)) };
    },
  );

  r.get(
    '/api/originators/:id',
    {
      schema: {
        operationId: 'getOriginator',
        tags,
        summary: 'One originator with the fields of its kind',
        params: idParamsSchema,
        querystring: originatorLookupQuerySchema,
        response: { 200: originatorSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('originator.view') },
    },
    async (request, reply) =>
      withETag(reply, await getOriginatorFor(db, request.principal!, request.params.id, request.query.type)),
  );
}
