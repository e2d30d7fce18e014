import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access } from '../auth/route-access';
import {
  bulkConfidenceQuerySchema,
  bulkConfidenceSchema,
  confidenceReportSchema,
  validationReportSchema,
} from '@scamtrail/domain/identifiers/api';
import {
  getBulkConfidence,
  getIdentifierConfidence,
  validateIdentifierById,
} from './identifier-validation.service';

/** Validation and confidence of identifiers. */
export async function identifierConfidenceRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['identifiers'];

  // A static path: find-my-way matches it before `/api/identifiers/:id/...`, so no id can shadow it.
  r.get(
    '/api/identifiers/confidence/bulk',
    {
      schema: {
        operationId: 'getIdentifierConfidences',
        tags,
        summary: 'Confidence of up to 100 identifiers (?ids=a&ids=b); unknown ids are listed as missing',
        querystring: bulkConfidenceQuerySchema,
        response: { 200: bulkConfidenceSchema, ...errorResponses(400, 401, 403) },
      },
      config: { access: access.permission('identifier.view') },
    },
    async (request) => getBulkConfidence(db, request.query.ids),
  );

  r.get(
    '/api/identifiers/:id/confidence',
    {
      schema: {
        operationId: 'getIdentifierConfidence',
        tags,
        summary: 'The confidence of an identifier with its reasons',
        params: idParamsSchema,
        response: { 200: confidenceReportSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('identifier.view') },
    },
    async (request) => getIdentifierConfidence(db, request.params.id),
  );

  r.post(
    '/api/identifiers/:id/validate',
    {
      schema: {
        operationId: 'validateIdentifier',
        tags,
        summary: 'Run the validators and recompute the confidence (stored with its reasons)',
        params: idParamsSchema,
        response: { 200: validationReportSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('identifier.edit') },
    },
    async (request) => validateIdentifierById(db, request.params.id, request.principal!),
  );
}
