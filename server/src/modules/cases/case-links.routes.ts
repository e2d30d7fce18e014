import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditEventListSchema,
  caseIdentifierListSchema,
  casePageQuerySchema,
  relatedCaseListSchema,
  relatedCasesQuerySchema,
} from '@scamtrail/domain/cases';
import type { Db } from '../../db/client';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access } from '../../plugins/auth';
import { listCaseHistory, listCaseIdentifiers, listRelatedCases } from './case-links.service';

/** What surrounds a case: cases sharing its identifiers, the identifiers themselves, its history. */
export async function caseLinksRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cases'];

  r.get(
    '/api/cases/:id/related',
    {
      schema: {
        tags,
        summary: 'Cases the caller may see that share a normalised identifier with this case',
        description: 'Most shared identifiers first, then the most recently active.',
        params: idParamsSchema,
        querystring: relatedCasesQuerySchema,
        response: { 200: relatedCaseListSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('case.view') },
    },
    async (request) => listRelatedCases(db, request.params.id, request.query, request.principal!),
  );

  r.get(
    '/api/cases/:id/identifiers',
    {
      schema: {
        tags,
        summary: "Identifiers linked through the case's journal entries and evidence",
        description: 'Each with the entries naming it and the other cases (the caller may see) naming it.',
        params: idParamsSchema,
        querystring: casePageQuerySchema,
        response: { 200: caseIdentifierListSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('case.view') },
    },
    async (request) => listCaseIdentifiers(db, request.params.id, request.query, request.principal!),
  );

  r.get(
    '/api/cases/:id/history',
    {
      schema: {
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
