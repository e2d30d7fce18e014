import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { responseText } from '@scamtrail/domain/text';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { currentUser } from '../auth/principal';
import { access } from '../auth/route-access';
import { contentDisposition } from '../evidence/content-disposition';
import { evidenceStoreFor } from '../evidence/evidence-store';
import { exportDossier } from './dossier.service';

/**
 * The case dossier (docs/dossier.md). Who may export: a signed-in person (the export is theirs, in
 * the History and the custody of every item, and is signed with their passkey when they have one)
 * who may read everything a dossier holds: the case, its journal, its evidence and its identifiers
 * (case.view, journal_entry.view, evidence.view, identifier.view: every role has them). What goes in
 * is what that person may see of the case.
 */
export async function dossierRoutes(app: FastifyInstance, opts: { database: Database; config: Config }) {
  const { database, config } = opts;
  const db = database.db;
  const store = evidenceStoreFor(database, config);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/cases/:id/dossier',
    {
      exposeHeadRoute: false,
      compress: false,
      schema: {
        operationId: 'exportCaseDossier',
        tags: ['cases'],
        summary: 'The case dossier: a ZIP of the report, evidence, signatures, hash chain and manifest',
        description:
          'Streams a ZIP holding report.html, evidence/, signatures/, journal-chain.json, case.jsonld, ' +
          'manifest.json and VERIFY.txt (docs/dossier.md), with what the caller may see of the case. ' +
          'Recorded in the History of the case and in the chain of custody of each evidence item. ' +
          'Verify it offline with `npm run verify -- dossier.zip`.',
        params: idParamsSchema,
        response: {
          200: {
            description: 'The ZIP',
            content: {
              'application/zip': { schema: responseText().meta({ type: 'string', format: 'binary' }) },
            },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
      config: {
        access: access.userPermission('case.view', 'journal_entry.view', 'evidence.view', 'identifier.view'),
      },
    },
    async (request, reply) => {
      const dossier = await exportDossier(db, store, request.params.id, currentUser(request));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', dossier.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(dossier.stream as never);
    },
  );
}
