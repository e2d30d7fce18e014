import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signBeginResponseSchema, signCompleteBodySchema } from '@scamtrail/domain/signatures';
import { responseText, text } from '@scamtrail/domain/text';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { currentUser } from '../auth/principal';
import { access } from '../auth/route-access';
import { contentDisposition } from '../evidence/content-disposition';
import { evidenceStoreFor } from '../evidence/evidence-store';
import { relyingParty } from '../passkeys/relying-party';
import {
  beginDossierSigning,
  completeDossierSigning,
  DOSSIER_EXPORT_TTL_MS,
  downloadSignedDossier,
} from './dossier-signing.service';
import { exportDossier } from './dossier.service';

const DOSSIER_ACCESS = access.userPermission(
  'case.view',
  'journal_entry.view',
  'evidence.view',
  'identifier.view',
);

/**
 * `export`: a dossier prepared by the caller (`.../dossier/sign/begin`), only ever theirs (anyone
 * else's answers 404). A pattern rather than the uuid format: it names no record of the case's that
 * the leak scan could seed and hide; the scan reads the route without it.
 */
const dossierQuerySchema = z.object({
  export: text({ label: 'export', max: 36 })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
      message: 'export must be a UUID',
    })
    .optional(),
});

const dossierSignBeginSchema = signBeginResponseSchema.extend({
  /** The prepared dossier: sign it, then download it with `?export=<exportId>`. */
  exportId: responseText(),
  /** SHA-256 (hex) of its manifest.json: the dossier's hash. */
  manifestSha256: responseText(),
  expiresAt: responseText(),
});

const dossierSignCompleteBodySchema = signCompleteBodySchema.extend({
  exportId: z.uuid({ message: 'exportId must be a UUID' }),
});

const dossierSignCompleteSchema = z.object({
  exportId: responseText(),
  manifestSha256: responseText(),
  expiresAt: responseText(),
  /** Where to download the signed dossier (a GET, so a plain link works). */
  downloadUrl: responseText(),
  signer: z.object({ name: responseText(), email: responseText(), passkeyName: responseText() }),
});

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
  const rp = relyingParty(config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ttlMinutes = DOSSIER_EXPORT_TTL_MS / 60_000;

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
          'Verify it offline with `npm run verify -- dossier.zip`. Without `export`, the dossier is built ' +
          'as it is sent and its manifest is not signed. With `export` (from `.../dossier/sign/begin`), ' +
          'the dossier prepared then and signed with `.../dossier/sign/complete` is sent with ' +
          "`manifest.signature.json`, with its length; 404 when that export is not the caller's or has " +
          'expired, 409 when it is not signed yet.',
        params: idParamsSchema,
        querystring: dossierQuerySchema,
        response: {
          200: {
            description: 'The ZIP',
            content: {
              'application/zip': { schema: responseText().meta({ type: 'string', format: 'binary' }) },
            },
          },
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
      config: { access: DOSSIER_ACCESS },
    },
    async (request, reply) => {
      const exportId = request.query.export;
      const dossier = exportId
        ? await downloadSignedDossier(db, store, request.params.id, exportId, currentUser(request))
        : { ...(await exportDossier(db, store, request.params.id, currentUser(request))), size: null };
      if (dossier.size !== null) reply.header('content-length', dossier.size);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', dossier.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(dossier.stream as never);
    },
  );

  r.post(
    '/api/cases/:id/dossier/sign/begin',
    {
      schema: {
        operationId: 'beginSigningCaseDossier',
        tags: ['cases'],
        summary: "Prepare a case dossier to be signed with the exporter's passkey",
        description:
          'Builds the dossier (every file hashed, evidence streamed from the store one file at a time) and ' +
          'its manifest, which states that it is signed; keeps it for the caller ' +
          `for ${ttlMinutes} minutes; answers its id, the manifest's SHA-256, and a challenge committing to ` +
          '`{ v: "scamtrail-dossier-manifest-v1", caseId, manifestSha256 }` with WebAuthn request options ' +
          "limited to the caller's passkeys (docs/dossier.md). 409 when the caller has no passkey.",
        params: idParamsSchema,
        response: { 200: dossierSignBeginSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: DOSSIER_ACCESS },
    },
    async (request) => beginDossierSigning(db, store, rp, request.params.id, currentUser(request)),
  );

  r.post(
    '/api/cases/:id/dossier/sign/complete',
    {
      schema: {
        operationId: 'completeSigningCaseDossier',
        tags: ['cases'],
        summary: "Sign a prepared case dossier's manifest with the passkey's assertion",
        description:
          'The challenge is used up whatever the outcome. An unknown, used or expired challenge, one issued ' +
          "for something else, a passkey that is not the caller's or an assertion that does not verify " +
          "answer 400; an export that is not the caller's or has expired 404; one already signed 409. " +
          'Answers where to download the signed dossier.',
        params: idParamsSchema,
        body: dossierSignCompleteBodySchema,
        response: { 200: dossierSignCompleteSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: DOSSIER_ACCESS },
    },
    async (request) =>
      completeDossierSigning(
        db,
        rp,
        request.params.id,
        request.body.exportId,
        request.body.response,
        currentUser(request),
      ),
  );
}
