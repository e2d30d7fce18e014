import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEventListSchema, casePageQuerySchema } from '@scamtrail/domain/cases';
import type { Db } from '../../db/client';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access } from '../auth/route-access';
import { listCaseHistory } from './case-history.service';

/** The History of a case: its audit log. */
export async function caseHistoryRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cases'];

  r.get(
    '/api/cases/:id/history',
    {
      schema: {
        operationId: 'listCaseHistory',
        tags,
        summary: 'The audit log of the case, newest first',
        params: idParamsSchema,
        querystring: casePageQuerySchema,
        response: { 200: auditEventListSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('case.view') },
    },
    async (request) => listCaseHistory(db, request.params.id, request.query, request.principal!),
  );
}
