import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createExportStreamBodySchema,
  exportEventsPageSchema,
  exportEventsQuerySchema,
  exportPreviewQuerySchema,
  exportPreviewSchema,
  exportStreamListQuerySchema,
  exportStreamListSchema,
  exportStreamSchema,
  updateExportStreamBodySchema,
} from '@scamtrail/domain/export-streams';
import type { Database } from '../../db/client';
import { guardEdit, ifMatchHeadersSchema, ifMatchOf, withETag } from '../../lib/preconditions';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access, naming } from '../auth/route-access';
import {
  createExportStream,
  deleteExportStream,
  getExportStream,
  listExportStreams,
  streamFor,
  updateExportStream,
} from './export-streams.service';
import { readExportStream } from './export-stream-read.service';
import { previewExportStream } from './export-stream-preview.service';
import { EventsSignal } from './events-signal';

/**
 * Export streams: administrators define them (export.edit); other systems read their events with an
 * API key holding export.view, each from the cursor of its last answer.
 */
export async function exportStreamsRoutes(app: FastifyInstance, opts: { database: Database }) {
  const { db } = opts.database;
  const signal = new EventsSignal(opts.database);
  // Readers waiting for events answer at once, so that stopping does not wait out their time.
  app.addHook('preClose', async () => signal.close());
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['export streams'];

  r.get(
    '/api/export-streams',
    {
      schema: {
        operationId: 'listExportStreams',
        tags,
        summary: 'List the export streams, newest first',
        querystring: exportStreamListQuerySchema,
        response: { 200: exportStreamListSchema, ...errorResponses(400, 401, 403) },
      },
      config: { access: access.permission('export.view') },
    },
    async (request) => {
      const page = await listExportStreams(db, request.query);
      return { ...page, data: page.data.map((stream) => streamFor(stream, request.principal!)) };
    },
  );

  r.post(
    '/api/export-streams',
    {
      schema: {
        operationId: 'createExportStream',
        tags,
        summary: 'Create an export stream carrying the chosen topics and groups; it starts active',
        description:
          'It carries the cases of no group and those of `groupIds`: each must exist and be a group whose ' +
          'cases the caller may see (administrators any, other users their own, API keys none).',
        body: createExportStreamBodySchema,
        response: { 201: exportStreamSchema, ...errorResponses(400, 401, 403, 409) },
      },
      config: {
        access: naming(access.permission('export.edit'), ['groupIds']),
        idempotent: true,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(streamFor(await createExportStream(db, request.body, request.principal!), request.principal!)),
  );

  r.get(
    '/api/export-streams/:id',
    {
      schema: {
        operationId: 'getExportStream',
        tags,
        summary: 'One export stream',
        params: idParamsSchema,
        response: { 200: exportStreamSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('export.view') },
    },
    async (request, reply) =>
      withETag(reply, streamFor(await getExportStream(db, request.params.id), request.principal!)),
  );

  r.patch(
    '/api/export-streams/:id',
    {
      schema: {
        operationId: 'updateExportStream',
        tags,
        summary: 'Rename a stream, change its topics or groups, or pause and resume it',
        description:
          'A group added to `groupIds` must be one whose cases the caller may see; those it carries ' +
          'already may stay.',
        params: idParamsSchema,
        headers: ifMatchHeadersSchema,
        body: updateExportStreamBodySchema,
        response: { 200: exportStreamSchema, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
      config: { access: naming(access.permission('export.edit'), ['groupIds']) },
    },
    async (request, reply) =>
      guardEdit(
        reply,
        async () =>
          streamFor(
            await updateExportStream(
              db,
              request.params.id,
              request.body,
              request.principal!,
              ifMatchOf(request),
            ),
            request.principal!,
          ),
        async () => streamFor(await getExportStream(db, request.params.id), request.principal!),
        exportStreamSchema,
      ),
  );

  r.delete(
    '/api/export-streams/:id',
    {
      schema: {
        operationId: 'deleteExportStream',
        tags,
        summary: 'Delete a stream; its readers get 404 from then on (the events stay)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('export.edit') },
    },
    async (request, reply) => {
      await deleteExportStream(db, request.params.id, request.principal!);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/export-streams/:id/events',
    {
      schema: {
        operationId: 'readExportStreamEvents',
        tags,
        summary: "Read the stream's next events after a cursor, oldest first",
        description:
          "Send back the answer's `next` as `after` to read on; `hasMore` says more are ready. Events " +
          'appear once their transaction, and every older one, has finished, so none is skipped. ' +
          'With `wait`, a read that finds none waits up to that many seconds and answers as soon as ' +
          "one is committed. A paused stream answers 409. Reads by API keys set the stream's lastReadAt. " +
          'Events of cases in groups the stream does not carry, and events naming their records, are left ' +
          'out, judged on the cases as they are now; `next` moves past them, so a page may hold fewer ' +
          'than `limit` while `hasMore` says to read on.',
        params: idParamsSchema,
        querystring: exportEventsQuerySchema,
        response: { 200: exportEventsPageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      // Not admitted through the queue (plugins/admission): a reader waiting for events would hold one
      // of the few slots for up to 30 s doing nothing. Its work is a few indexed statements per wake.
      config: { access: access.permission('export.view'), queued: false },
    },
    async (request, reply) => {
      // The reader gone (its connection closed), a wait stops.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      return readExportStream(db, signal, request.params.id, request.query, request.principal!, gone.signal);
    },
  );

  r.get(
    '/api/export-streams/:id/preview',
    {
      schema: {
        operationId: 'previewExportStream',
        tags,
        summary: "The stream's first events, as a new reader gets them, with their subjects' names",
        description:
          'For a person looking at the stream: `data`, `next` and `hasMore` are what a read of ' +
          '`/events` without `after` answers, and `names` names the subjects the caller may see, as the ' +
          "History names records. It never sets the stream's lastReadAt. A paused stream answers 409.",
        params: idParamsSchema,
        querystring: exportPreviewQuerySchema,
        response: { 200: exportPreviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: access.permission('export.view') },
    },
    async (request) =>
      previewExportStream(db, signal, request.params.id, request.query.limit, request.principal!),
  );
}
