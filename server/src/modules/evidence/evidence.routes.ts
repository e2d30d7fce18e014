import type { EvidenceListQuery } from '@scamtrail/domain/evidence';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createWrittenEvidenceBodySchema,
  evidenceListQuerySchema,
  evidenceSchema,
  updateEvidenceBodySchema,
  uploadEvidenceFieldsSchema,
  type CreateWrittenEvidenceBody,
} from '@scamtrail/domain/evidence';
import { paginated } from '@scamtrail/domain/pagination';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { guardEdit, ifMatchHeadersSchema, ifMatchOf, withETag } from '../../lib/preconditions';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access, checkReferences, naming, namingInQuery } from '../auth/route-access';
import { evidenceListCsv } from '../interchange/list-csv';
import { evidenceCsvPage } from './evidence-list-csv';
import { createFileEvidence, createWrittenEvidence } from './evidence-create.service';
import { evidenceItemRoutes } from './evidence-item.routes';
import { getEvidence, listEvidence, updateEvidence } from './evidence.service';
import { evidenceStoreFor } from './evidence-store';
import { receiveUpload, UPLOAD_BUFFER_BYTES, UPLOAD_FIELD_LIMITS } from './evidence-upload';

/** What the form parts besides the file may add to a request, beyond the file itself. */
const FORM_OVERHEAD_BYTES = 4 * 1024 * 1024;

/** The multipart form, for the OpenAPI document (Fastify never validates it: the upload is read in preValidation). */
const uploadFormSchema = uploadEvidenceFieldsSchema
  .extend({
    file: z.unknown().meta({
      type: 'string',
      format: 'binary',
      description: 'The file, at most MAX_UPLOAD_MB; its media type is read from its bytes',
    }),
  })
  .describe('tagIds may repeat or be comma-separated; the title defaults to the file name');

/** A request whose declared length cannot fit the limit is refused before a byte of it is read. */
function refuseDeclaredOversize(request: FastifyRequest, maxBytes: number): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD_BYTES) {
    const mb = Math.round(maxBytes / (1024 * 1024));
    throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the ${mb} MB upload limit`, {
      maxBytes,
    });
  }
}

/** Who may add evidence; naming a case, tags or a reporter needs their view permissions too. */
const CREATE_ACCESS = naming(access.permission('evidence.create'), [
  'caseId',
  'tagIds',
  'onBehalfOfOriginatorId',
]);

/** Evidence: uploads and written evidence, content, verification, chain of custody. */
export async function evidenceRoutes(app: FastifyInstance, opts: { database: Database; config: Config }) {
  const { db } = opts.database;
  const store = evidenceStoreFor(opts.database, opts.config);
  const upload = {
    store,
    maxBytes: opts.config.maxUploadBytes,
    idleMs: opts.config.formIdleMs,
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['evidence'];

  // Scoped to this plugin: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { ...UPLOAD_FIELD_LIMITS, fileSize: upload.maxBytes },
    // The parser and the file part buffer up to 1 MiB each (busboy's default: 16 KiB) before the
    // request is paused: the body keeps arriving while the store writes the previous MiB.
    highWaterMark: UPLOAD_BUFFER_BYTES,
    fileHwm: UPLOAD_BUFFER_BYTES,
  });

  r.post(
    '/api/evidence',
    {
      schema: {
        operationId: 'createEvidence',
        tags,
        summary: 'Add evidence: a file (multipart/form-data) or written text (JSON)',
        description:
          'A file is streamed to storage while its SHA-256 is computed; its media type and kind come ' +
          'from its bytes, never from the declared type or the file name. Over MAX_UPLOAD_MB: 413 and ' +
          'nothing is kept. Written evidence is hashed as its UTF-8 text. A case that does not exist ' +
          'or that the caller may not see: 400 naming caseId; an archived case: 409.',
        body: {
          content: {
            'application/json': { schema: createWrittenEvidenceBodySchema },
            'multipart/form-data': { schema: uploadFormSchema },
          },
        },
        response: { 201: evidenceSchema, ...errorResponses(400, 401, 403, 409, 413, 415) },
      },
      // Checked on request: nobody without the right makes the server read a file. A form's key in use
      // or used before answers only once the form's fields are checked (`formClaimsKey`,
      // plugins/idempotency.ts), as a JSON body's does.
      config: { access: CREATE_ACCESS, idempotent: true, formClaimsKey: true },
      preValidation: async (request, reply) => {
        if (!request.isMultipart()) return;
        refuseDeclaredOversize(request, upload.maxBytes);
        const received = await receiveUpload(request, upload);
        let answered: boolean;
        try {
          // The form's fields are read with the file: checked here, as a JSON body is before validation,
          // and before its Idempotency-Key is claimed or answers again (a refused caller gets 403, not
          // 422 for a key used before, nor the answer stored with it).
          checkReferences(CREATE_ACCESS, request.principal, received.fields);
          answered = (await request.claimFormIdempotencyKey?.()) ?? false;
        } catch (err) {
          await received.content.discard();
          throw err;
        }
        if (answered) {
          // The first request's answer went out again: this one's file is not kept.
          await received.content.discard();
          return reply;
        }
        const created = await createFileEvidence(db, request.principal!, received);
        return reply.status(201).send(created);
      },
    },
    async (request, reply) => {
      const body = request.body as CreateWrittenEvidenceBody;
      return reply.status(201).send(await createWrittenEvidence(db, request.principal!, body));
    },
  );

  r.get(
    '/api/evidence',
    {
      schema: {
        operationId: 'listEvidence',
        tags,
        summary: 'List the evidence the caller may see, newest first, by case, tag, kind and title',
        querystring: evidenceListQuerySchema,
        response: { 200: paginated(evidenceSchema), ...errorResponses(400, 401, 403) },
      },
      config: {
        access: namingInQuery(access.permission('evidence.view'), ['caseId', 'tagId']),
        csv: {
          ...evidenceListCsv,
          read: (request, after, limit) =>
            evidenceCsvPage(db, request.query as EvidenceListQuery, request.principal!, after, limit),
        },
      },
    },
    async (request) => listEvidence(db, request.principal!, request.query),
  );

  r.get(
    '/api/evidence/:id',
    {
      exposeHeadRoute: false,
      schema: {
        operationId: 'getEvidence',
        tags,
        summary: 'One evidence item (recorded as viewed in its chain of custody)',
        params: idParamsSchema,
        response: { 200: evidenceSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('evidence.view') },
    },
    async (request, reply) => withETag(reply, await getEvidence(db, request.principal!, request.params.id)),
  );

  r.patch(
    '/api/evidence/:id',
    {
      schema: {
        operationId: 'updateEvidence',
        tags,
        summary: 'Change the title, description, tags or case of an evidence item',
        description: 'The file and written text never change. Moving to a case: as on creation (400, 409).',
        params: idParamsSchema,
        headers: ifMatchHeadersSchema,
        body: updateEvidenceBodySchema,
        response: { 200: evidenceSchema, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
      config: {
        access: naming(access.permission('evidence.edit'), ['caseId', 'tagIds']),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const principal = request.principal!;
      return guardEdit(
        reply,
        () => updateEvidence(db, principal, id, request.body, ifMatchOf(request)),
        () => getEvidence(db, principal, id, { recordView: false }),
        evidenceSchema,
      );
    },
  );

  await app.register(evidenceItemRoutes, { db, store });
}
