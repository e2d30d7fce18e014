import type { ReviewQueueQuery } from '@scamtrail/domain/identifiers/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reviewQueueQuerySchema, reviewQueueSchema } from '@scamtrail/domain/identifiers/api';
import { reviewDecisionBodySchema, reviewDecisionResultSchema } from '@scamtrail/domain/identifiers/review';
import type { Db } from '../../db/client';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access } from '../auth/route-access';
import { reviewQueueCsv } from '../interchange/list-csv';
import { reviewQueueCsvPage } from './identifier-list-csv';
import { getReviewQueue, reviewIdentifier } from './identifier-review.service';

/** The validation queue: identifiers awaiting a reviewer's decision, and the decisions. */
export async function identifierReviewRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['identifiers'];

  // A static path: find-my-way matches it before `/api/identifiers/:id`.
  r.get(
    '/api/identifiers/review-queue',
    {
      schema: {
        operationId: 'listReviewQueue',
        tags,
        summary:
          'The validation queue: identifiers by review status (pending by default), oldest first, ' +
          'with their last decision',
        querystring: reviewQueueQuerySchema,
        response: { 200: reviewQueueSchema, ...errorResponses(400, 401, 403) },
      },
      config: {
        access: access.permission('identifier.view'),
        csv: {
          ...reviewQueueCsv,
          read: (request, after, limit) =>
            reviewQueueCsvPage(db, request.query as ReviewQueueQuery, request.principal!, after, limit),
        },
      },
    },
    async (request) => getReviewQueue(db, request.query, request.principal!),
  );

  r.post(
    '/api/identifiers/:id/review',
    {
      schema: {
        operationId: 'reviewIdentifier',
        tags,
        summary:
          'Confirm or reject an identifier (a note is required to reject), or return it to the queue; ' +
          "409 when expectedStatus is no longer its status. A community member reporter's reputation " +
          'follows the decision',
        params: idParamsSchema,
        body: reviewDecisionBodySchema,
        response: { 200: reviewDecisionResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: access.permission('identifier.edit') },
    },
    async (request) => reviewIdentifier(db, request.params.id, request.body, request.principal!),
  );
}
