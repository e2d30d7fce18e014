import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IDENTIFIER_DETAIL_PAGE_SIZE,
  IDENTIFIER_RELATED_PAGE_MAX,
  identifierCaseSchema,
  identifierEvidenceQuerySchema,
  identifierEvidenceSchema,
  identifierJournalEntrySchema,
  identifierRelatedPageQuerySchema,
} from '@scamtrail/domain/identifiers/api';
import { paginated } from '@scamtrail/domain/pagination';
import type { Db } from '../../db/client';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access } from '../auth/route-access';
import {
  listIdentifierCases,
  listIdentifierEvidence,
  listIdentifierJournalEntries,
} from './identifier-detail.service';

const PAGING =
  `Pages of ${IDENTIFIER_DETAIL_PAGE_SIZE} by default, at most ${IDENTIFIER_RELATED_PAGE_MAX}; the ` +
  'identifier detail carries the first page. Records of cases the caller may not see are left out, as ' +
  'from the total.';

/**
 * The records around an identifier, a page at a time: what the identifier detail shows the first page
 * of. Each needs the view permission of what it lists besides `identifier.view`.
 */
export async function identifierDetailRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['identifiers'];

  r.get(
    '/api/identifiers/:id/journal-entries',
    {
      schema: {
        operationId: 'listIdentifierJournalEntries',
        tags,
        summary: 'The live journal entries naming an identifier, latest performed first',
        description: `Removed entries are left out. ${PAGING}`,
        params: idParamsSchema,
        querystring: identifierRelatedPageQuerySchema,
        response: { 200: paginated(identifierJournalEntrySchema), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('identifier.view', 'journal_entry.view') },
    },
    async (request) => listIdentifierJournalEntries(db, request.params.id, request.query, request.principal!),
  );

  r.get(
    '/api/identifiers/:id/evidence',
    {
      schema: {
        operationId: 'listIdentifierEvidence',
        tags,
        summary: 'The evidence items naming an identifier, newest first',
        description: `\`hasFile=true\` lists its media (the items holding a file). ${PAGING}`,
        params: idParamsSchema,
        querystring: identifierEvidenceQuerySchema,
        response: { 200: paginated(identifierEvidenceSchema), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('identifier.view', 'evidence.view') },
    },
    async (request) => listIdentifierEvidence(db, request.params.id, request.query, request.principal!),
  );

  r.get(
    '/api/identifiers/:id/cases',
    {
      schema: {
        operationId: 'listIdentifierCases',
        tags,
        summary: 'The cases an identifier appears in (through journal entries or evidence), newest first',
        description: PAGING,
        params: idParamsSchema,
        querystring: identifierRelatedPageQuerySchema,
        response: { 200: paginated(identifierCaseSchema), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('identifier.view', 'case.view') },
    },
    async (request) => listIdentifierCases(db, request.params.id, request.query, request.principal!),
  );
}
