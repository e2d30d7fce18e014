import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  custodyEventSchema,
  evidenceContentQuerySchema,
  evidenceIdentifierSchema,
  evidenceJournalEntrySchema,
  evidencePageQuerySchema,
  evidenceSchema,
  verifyEvidenceResponseSchema,
} from '@scamtrail/domain/evidence';
import { paginated } from '@scamtrail/domain/pagination';
import { uuidSchema } from '@scamtrail/domain/schema-helpers';
import { responseText } from '@scamtrail/domain/text';
import type { Db } from '../../db/client';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access } from '../auth/route-access';
import { contentDisposition } from './content-disposition';
import { listCustody, openEvidenceContent, verifyEvidence } from './evidence-content.service';
import { listEvidenceIdentifiers, listEvidenceJournalEntries } from './evidence-links.service';
import { setIdentifierLink } from './evidence.service';
import type { EvidenceStore } from './evidence-store-contract';
import { contentTypeHeader } from './media-type';

const identifierLinkParamsSchema = idParamsSchema.extend({ identifierId: uuidSchema('identifierId') });

/** An evidence item's file, its verification, its chain of custody, its identifiers and its entries. */
export async function evidenceItemRoutes(app: FastifyInstance, opts: { db: Db; store: EvidenceStore }) {
  const { db, store } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['evidence'];

  r.get(
    '/api/evidence/:id/content',
    {
      // A HEAD would be recorded as a download; the bytes are served as stored, never re-encoded.
      exposeHeadRoute: false,
      compress: false,
      schema: {
        operationId: 'getEvidenceContent',
        tags,
        summary: 'The stored file, as an attachment with its sniffed type (inline: image previews)',
        description:
          'Content-Type is the type sniffed at upload, with X-Content-Type-Options: nosniff and a ' +
          'Content-Disposition carrying the file name. Written evidence has no file (404): its text ' +
          "is the item's body. Recorded as downloaded (inline: viewed) in the chain of custody.",
        params: idParamsSchema,
        querystring: evidenceContentQuerySchema,
        response: {
          200: {
            description: 'The bytes of the file',
            content: {
              'application/octet-stream': {
                schema: responseText().meta({ type: 'string', format: 'binary' }),
              },
            },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
      config: { access: access.permission('evidence.view') },
    },
    async (request, reply) => {
      const content = await openEvidenceContent(
        db,
        store,
        request.principal!,
        request.params.id,
        request.query.disposition,
      );
      return (
        reply
          .header('content-type', contentTypeHeader(content.mediaType))
          .header('content-length', String(content.size))
          .header('content-disposition', contentDisposition(content.disposition, content.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          // Opened directly, the file can run nothing and load nothing.
          .header('content-security-policy', "default-src 'none'; sandbox")
          // A stream is sent as it is; the 200 schema only documents the bytes.
          .send(content.stream as never)
      );
    },
  );

  r.post(
    '/api/evidence/:id/verify',
    {
      schema: {
        operationId: 'verifyEvidence',
        tags,
        summary: 'Hash the stored bytes again and compare with the hash recorded at upload',
        description: 'Recorded as verified, with the outcome, in the chain of custody.',
        params: idParamsSchema,
        response: { 200: verifyEvidenceResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('evidence.view') },
    },
    async (request) => verifyEvidence(db, store, request.principal!, request.params.id),
  );

  r.get(
    '/api/evidence/:id/custody',
    {
      schema: {
        operationId: 'listEvidenceCustody',
        tags,
        summary: 'The chain of custody of an evidence item, oldest first',
        params: idParamsSchema,
        querystring: evidencePageQuerySchema,
        response: { 200: paginated(custodyEventSchema), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('evidence.view') },
    },
    async (request) => listCustody(db, request.principal!, request.params.id, request.query),
  );

  r.get(
    '/api/evidence/:id/identifiers',
    {
      schema: {
        operationId: 'listEvidenceIdentifiers',
        tags,
        summary: 'The identifiers linked to an evidence item, most recently linked first',
        params: idParamsSchema,
        querystring: evidencePageQuerySchema,
        response: { 200: paginated(evidenceIdentifierSchema), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('evidence.view', 'identifier.view') },
    },
    async (request) => listEvidenceIdentifiers(db, request.principal!, request.params.id, request.query),
  );

  r.get(
    '/api/evidence/:id/journal-entries',
    {
      schema: {
        operationId: 'listEvidenceJournalEntries',
        tags,
        summary: 'The journal entries that link an evidence item, latest performed first',
        description:
          'Removed entries and entries of cases the caller may not see are left out, as from the ' +
          "item's journalEntryCount.",
        params: idParamsSchema,
        querystring: evidencePageQuerySchema,
        response: { 200: paginated(evidenceJournalEntrySchema), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('evidence.view', 'journal_entry.view') },
    },
    async (request) => listEvidenceJournalEntries(db, request.principal!, request.params.id, request.query),
  );

  for (const [method, linked] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    r.route({
      method,
      url: '/api/evidence/:id/identifiers/:identifierId',
      schema: {
        operationId: linked ? 'linkEvidenceIdentifier' : 'unlinkEvidenceIdentifier',
        tags,
        summary: linked
          ? 'Link an identifier to an evidence item'
          : 'Unlink an identifier from an evidence item',
        description: 'Doing it twice changes nothing the second time. Answers the item.',
        params: identifierLinkParamsSchema,
        response: { 200: evidenceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: access.permission('evidence.edit', 'identifier.view') },
      handler: async (request) =>
        setIdentifierLink(db, request.principal!, request.params.id, request.params.identifierId, linked),
    });
  }
}
