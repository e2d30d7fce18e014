import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caseIdentifierListSchema, casePageQuerySchema } from '@scamtrail/domain/cases';
import type { Db } from '../../db/client';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access } from '../auth/route-access';
import { listCaseIdentifiers } from './case-identifiers.service';

/** The identifiers linked to a case through its journal entries and evidence. */
export async function caseIdentifiersRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cases'];

  r.get(
    '/api/cases/:id/identifiers',
    {
      schema: {
        operationId: 'listCaseIdentifiers',
        tags,
        summary: "Identifiers linked through the case's journal entries and evidence",
        description:
          'Each with the entries naming it and the other cases (the caller may see) naming it. The most ' +
          "named by the case's entries first for a caller holding journal_entry.view, else by display value.",
        params: idParamsSchema,
        querystring: casePageQuerySchema,
        response: { 200: caseIdentifierListSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('case.view', 'identifier.view') },
    },
    async (request) => listCaseIdentifiers(db, request.params.id, request.query, request.principal!),
  );
}
