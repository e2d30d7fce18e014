import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { readMultipartForm } from '../../lib/multipart-form';
import { errorResponses } from '../../lib/schemas';
import { access, checkReferences, naming } from '../auth/route-access';
import { csvToImportItems } from './identifier-import-csv';
import {
  IMPORT_BODY_LIMIT,
  importBodySchema,
  importResultSchema,
  type ImportBody,
} from '@scamtrail/domain/identifiers/import-api';
import { importIdentifiers } from './identifier-import.service';

/** Form fields are an originator id at most: 4 KiB is ample, and a longer one is refused, not cut. */
const IMPORT_FORM_LIMITS = {
  fileSize: IMPORT_BODY_LIMIT,
  fieldSize: 4 * 1024,
  files: 1,
  fields: 5,
  parts: 6,
};

/**
 * A CSV body and a form are read into `{ items }` in preValidation and then checked by the same schema
 * as a JSON body; the document shows what the caller sends instead.
 */
const csvBodySchema = importBodySchema.meta({
  type: 'string',
  description: 'CSV text: a header row with a "type" column and data field columns',
  properties: undefined,
  required: undefined,
});
const importFormSchema = importBodySchema.meta({
  properties: {
    file: { type: 'string', format: 'binary', description: 'The CSV file, as a text/csv body would be' },
    onBehalfOfOriginatorId: {
      type: 'string',
      format: 'uuid',
      description: 'The originator the report came from, when the caller enters it on their behalf',
    },
  },
  required: ['file'],
});

/** Who may import; naming the originator a report came from needs `originator.view` too. */
const IMPORT_ACCESS = naming(access.permission('identifier.create'), ['onBehalfOfOriginatorId']);

function importTooLarge(): AppError {
  const mb = Math.round(IMPORT_BODY_LIMIT / (1024 * 1024));
  return new AppError('PAYLOAD_TOO_LARGE', `The CSV file is larger than the ${mb} MB import limit`, {
    maxBytes: IMPORT_BODY_LIMIT,
  });
}

/**
 * A multipart upload's `file` part (and an optional `onBehalfOfOriginatorId` field) as the JSON body.
 * The form's fields are read with its file, after the application's check of a body's named records
 * (plugins/auth.ts) saw no body: checked here, as a JSON body's are before anything else reads it, and
 * before its Idempotency-Key answers (`formClaimsKey`, plugins/idempotency.ts): a caller refused a field
 * gets 403, not 409 or 422 for a key in use or used before, nor the answer stored with it. Undefined
 * once the key's stored answer went out again (nothing more to do).
 */
async function readMultipartImport(
  request: FastifyRequest,
  idleMs: number | undefined,
): Promise<Record<string, unknown> | undefined> {
  const form = await readMultipartForm(request, {
    fileField: 'file',
    readFile: async (part) => (await part.toBuffer()).toString('utf8'),
    tooLarge: importTooLarge,
    idleMs,
  });
  checkReferences(IMPORT_ACCESS, request.principal, form.fields);
  if ((await request.claimFormIdempotencyKey?.()) ?? false) return undefined;
  if (form.file === undefined) {
    throw AppError.validation([{ field: 'file', message: 'Attach a CSV file as "file"' }]);
  }
  const proxy = form.fields.onBehalfOfOriginatorId ?? [];
  if (proxy.length > 1) {
    throw AppError.validation([
      { field: 'onBehalfOfOriginatorId', message: 'onBehalfOfOriginatorId must be given once' },
    ]);
  }
  return {
    items: csvToImportItems(form.file, 'file'),
    ...(proxy[0] ? { onBehalfOfOriginatorId: proxy[0] } : {}),
  };
}

/**
 * `POST /api/identifiers/import`, in its own plugin so the CSV parser and multipart support stay
 * scoped to it. JSON bodies are `{ items }`; a text/csv body or a multipart `file` becomes the same.
 */
export async function identifierImportRoutes(app: FastifyInstance, opts: { db: Db; formIdleMs?: number }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  await app.register(multipart, { limits: IMPORT_FORM_LIMITS });
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
        operationId: 'importIdentifiers',
        tags: ['identifiers'],
        summary: 'Import many identifiers (JSON items, a text/csv body or a multipart CSV "file")',
        description:
          'Each row is validated, normalised and deduplicated (against stored identifiers and earlier ' +
          'rows of the batch). Answers one result per row: created with its id, duplicate of ' +
          'existingId, or invalid with the field errors. At most 5,000 rows per request.',
        body: {
          content: {
            'application/json': { schema: importBodySchema },
            'text/csv': { schema: csvBodySchema },
            'multipart/form-data': { schema: importFormSchema },
          },
        },
        response: { 200: importResultSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
      // Access is checked on request, so nobody without the right makes the server read a file.
      // An import creates identifiers though it answers 200: a retried one must not create them twice.
      // A form's key in use or used before answers only once the form's fields are checked
      // (`formClaimsKey`, plugins/idempotency.ts), as a JSON body's does.
      config: { access: IMPORT_ACCESS, idempotent: true, formClaimsKey: true },
      preValidation: async (request, reply) => {
        if (request.isMultipart()) {
          const body = await readMultipartImport(request, opts.formIdleMs);
          // The first request's answer went out again: this one stops here.
          if (body === undefined) return reply;
          request.body = body;
        } else if (typeof request.body === 'string') {
          request.body = { items: csvToImportItems(request.body, 'body') };
        }
      },
    },
    async (request) => {
      const body = request.body as ImportBody;
      return importIdentifiers(db, body.items, {
        originatorId: request.principal!.originatorId,
        onBehalfOfOriginatorId: body.onBehalfOfOriginatorId,
      });
    },
  );
}
