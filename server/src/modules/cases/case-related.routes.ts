import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { relatedCaseListSchema, relatedCasesQuerySchema } from '@scamtrail/domain/cases';
import type { Db } from '../../db/client';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access } from '../auth/route-access';
import { listRelatedCases } from './case-related.service';

/** Cases sharing a normalised identifier with a case. */
export async function caseRelatedRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cases'];

  r.get(
    '/api/cases/:id/related',
    {
      schema: {
        operationId: 'listRelatedCases',
        tags,
        summary: 'Cases the caller may see that share a normalised identifier with this case',
        description:
          'Most shared identifiers first, then the most recently active. A relation is the identifiers ' +
          'the cases share, named in each answer, so it needs identifier.view as well as case.view.',
        params: idParamsSchema,
        querystring: relatedCasesQuerySchema,
        response: { 200: relatedCaseListSchema, ...errorResponses(400, 401, 403, 404) },
      },
      // The shared identifiers are what a relation is: their values are in every answer.
      config: { access: access.permission('case.view', 'identifier.view') },
    },
    async (request) => listRelatedCases(db, request.params.id, request.query, request.principal!),
  );
}
