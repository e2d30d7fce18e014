import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/schemas';
import { access } from '../../plugins/auth';
import { csvToImportItems } from './identifier-import-csv';
import {
  IMPORT_BODY_LIMIT,
  importBodySchema,
  importResultSchema,
} from '@scamtrail/domain/identifiers/import-api';
import { importIdentifiers } from './identifier-import.service';

/** A multipart upload's `file` part (and an optional `onBehalfOfOriginatorId` field) as the JSON body. */
async function readMultipartImport(request: FastifyRequest): Promise<Record<string, unknown>> {
  const file = await request.file();
  if (!file) throw AppError.validation([{ field: 'file', message: 'Attach a CSV file as "file"' }]);
  const text = (await file.toBuffer()).toString('utf8');
  const proxy = file.fields.onBehalfOfOriginatorId;
  const proxyValue = proxy && !Array.isArray(proxy) && 'value' in proxy ? proxy.value : undefined;
  return {
    items: csvToImportItems(text, 'file'),
    ...(typeof proxyValue === 'string' && proxyValue !== '' ? { onBehalfOfOriginatorId: proxyValue } : {}),
  };
}

/**
 * `POST /api/identifiers/import`, in its own plugin so the CSV parser and multipart support stay
 * scoped to it. JSON bodies are `{ items }`; a text/csv body or a multipart `file` becomes the same.
 */
export async function identifierImportRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  await app.register(multipart, { limits: { fileSize: IMPORT_BODY_LIMIT, files: 1, fields: 5, parts: 6 } });
  // The CSV text is kept as is here and read into rows only once the caller's permission is checked.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );

  r.post(
    '/api/identifiers/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['identifiers'],
        summary: 'Import many identifiers (JSON items, a text/csv body or a multipart CSV "file")',
        description:
          'Each row is validated, normalised and deduplicated (against stored identifiers and earlier ' +
          'rows of the batch). Answers one result per row: created with its id, duplicate of ' +
          'existingId, or invalid with the field errors. At most 5,000 rows per request.',
        consumes: ['application/json', 'text/csv', 'multipart/form-data'],
        body: importBodySchema,
        response: { 200: importResultSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
      // Access is checked on request, so nobody without the right makes the server read a file.
      config: { access: access.permission('identifier.create') },
      preValidation: async (request) => {
        if (request.isMultipart()) request.body = (await readMultipartImport(request)) as typeof request.body;
        else if (typeof request.body === 'string')
          request.body = { items: csvToImportItems(request.body, 'body') };
      },
    },
    async (request) =>
      importIdentifiers(db, request.body.items, {
        originatorId: request.principal!.originatorId,
        onBehalfOfOriginatorId: request.body.onBehalfOfOriginatorId,
      }),
  );
}
