import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  caseLinkListQuerySchema,
  caseLinkListSchema,
  caseLinkParamsSchema,
  caseLinkSchema,
  createCaseLinkBodySchema,
} from '@scamtrail/domain/cases';
import type { Db } from '../../db/client';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { currentPrincipal } from '../auth/principal';
import { access } from '../auth/route-access';
import { linkCase, listCaseLinks, unlinkCase } from './case-links.service';

/** Cases linked by hand: listed on both cases, made and removed from either. */
export async function caseLinksRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cases'];

  r.get(
    '/api/cases/:id/links',
    {
      schema: {
        operationId: 'listCaseLinks',
        tags,
        summary: 'The cases linked by hand to this case, those the caller may see, the latest link first',
        params: idParamsSchema,
        querystring: caseLinkListQuerySchema,
        response: { 200: caseLinkListSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('case.view') },
    },
    async (request) => listCaseLinks(db, request.params.id, request.query, currentPrincipal(request)),
  );

  r.post(
    '/api/cases/:id/links',
    {
      schema: {
        operationId: 'linkCase',
        tags,
        summary: 'Link another case to this one, both ways, with why they belong together',
        description:
          'The other case must be one the caller may see (400 naming caseId otherwise). ' +
          'The pair linked already, or this case archived, answers 409. Recorded on both cases.',
        params: idParamsSchema,
        body: createCaseLinkBodySchema,
        response: { 201: caseLinkSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: access.permission('case.edit', 'case.view'), idempotent: true },
    },
    async (request, reply) => {
      const link = await linkCase(db, request.params.id, request.body, currentPrincipal(request));
      return reply.code(201).send(link);
    },
  );

  r.delete(
    '/api/cases/:id/links/:linkedCaseId',
    {
      schema: {
        operationId: 'unlinkCase',
        tags,
        summary: 'Remove the link between two cases, from both',
        description: 'No such link, or one to a case the caller may not see, answers 404.',
        params: caseLinkParamsSchema,
        response: {
          204: z.null(),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
      config: { access: access.permission('case.edit', 'case.view') },
    },
    async (request, reply) => {
      await unlinkCase(db, request.params.id, request.params.linkedCaseId, currentPrincipal(request));
      return reply.status(204).send(null);
    },
  );
}
