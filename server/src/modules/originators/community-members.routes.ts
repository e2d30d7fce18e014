import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adjustReputationBodySchema,
  createCommunityMemberBodySchema,
  originatorListQuerySchema,
  originatorSchema,
  updateCommunityMemberBodySchema,
} from '@scamtrail/domain/originators';
import { reputationHistoryQuerySchema, reputationHistorySchema } from '@scamtrail/domain/reputation';
import type { Db } from '../../db/client';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access } from '../auth/route-access';
import { adjustReputation, createCommunityMember, updateCommunityMember } from './community-members.service';
import { getOriginatorOfType } from './originator-writes.service';
import { registerOriginatorKindRoutes } from './originator-kind.routes';
import { activeFilter, listOriginators } from './originators.service';
import { getReputationHistory } from './reputation.service';

/** Community members: outside reporters without an account. */
export async function communityMembersRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const base = '/api/originators/community-members';
  const tags = ['community members'];

  registerOriginatorKindRoutes(app, {
    base,
    tags,
    noun: 'community member',
    operationNoun: 'CommunityMember',
    permissions: {
      view: 'community_member.view',
      create: 'community_member.create',
      edit: 'community_member.edit',
    },
    listQuery: originatorListQuerySchema,
    createBody: createCommunityMemberBodySchema,
    updateBody: updateCommunityMemberBodySchema,
    list: ({ search, status, page, pageSize }) =>
      listOriginators(
        db,
        { types: ['community_member'], search, active: activeFilter(status) },
        { page, pageSize },
      ),
    create: (body, principal) => createCommunityMember(db, body, principal),
    update: (id, body, principal, ifMatch) =>
      updateCommunityMember(db, id, body, principal.originatorId, ifMatch),
    read: (id) => getOriginatorOfType(db, id, 'community_member'),
    deactivate: (id, principal, ifMatch) =>
      updateCommunityMember(db, id, { active: false }, principal.originatorId, ifMatch),
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    `${base}/:id/reputation`,
    {
      schema: {
        operationId: 'adjustCommunityMemberReputation',
        tags,
        summary: "Adjust a community member's reputation, with the reason on record",
        params: idParamsSchema,
        body: adjustReputationBodySchema,
        response: { 200: originatorSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('community_member.edit') },
    },
    async (request) => adjustReputation(db, request.params.id, request.body, request.principal!.originatorId),
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    `${base}/:id/reputation-history`,
    {
      schema: {
        operationId: 'listCommunityMemberReputationHistory',
        tags,
        summary:
          "A community member's reputation changes, newest first: adjustments by hand with their reason, " +
          'and review decisions on the identifiers they reported',
        params: idParamsSchema,
        querystring: reputationHistoryQuerySchema,
        response: { 200: reputationHistorySchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('community_member.view') },
    },
    async (request) => getReputationHistory(db, request.params.id, request.query, request.principal!),
  );
}
