import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { journalEntrySchema } from '@scamtrail/domain/journal-entries';
import {
  journalIntegritySchema,
  signatureBundleSchema,
  signBeginResponseSchema,
  signCompleteBodySchema,
  verifyCaseResponseSchema,
  verifyEntryResponseSchema,
} from '@scamtrail/domain/signatures';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { currentUser } from '../auth/principal';
import { access } from '../auth/route-access';
import { evidenceStoreFor } from '../evidence/evidence-store';
import { isCaseVisible } from '../../db/case-visibility';
import { relyingParty } from '../passkeys/relying-party';
import { checkCaseChain } from './journal-chain';
import { beginSigning, completeSigning } from './signing.service';
import { signatureBundle, verifyCase, verifyEntry } from './verification.service';

const caseIdParamsSchema = z.object({ caseId: z.uuid({ message: 'caseId must be a UUID' }) });

/**
 * Signing journal entries with a passkey, verifying them (one, or a whole case), the offline
 * signature bundle, and the integrity of a case's journal hash chain (docs/signatures.md).
 */
export async function signaturesRoutes(app: FastifyInstance, opts: { database: Database; config: Config }) {
  const { database, config } = opts;
  const db = database.db;
  const store = evidenceStoreFor(database, config);
  const rp = relyingParty(config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['signatures'];

  r.post(
    '/api/journal-entries/:id/sign/begin',
    {
      schema: {
        operationId: 'beginSigningJournalEntry',
        tags,
        summary: "Start signing an entry with a passkey (the entry's originator only)",
        description:
          "Answers a challenge committing to the entry's content hash and WebAuthn request options limited " +
          "to the caller's passkeys. Another user than the originator gets 403; a removed or signed entry, " +
          'or a caller without a passkey, 409.',
        params: idParamsSchema,
        response: { 200: signBeginResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: access.userPermission('journal_entry.view') },
    },
    async (request) => beginSigning(db, rp, request.params.id, currentUser(request)),
  );

  r.post(
    '/api/journal-entries/:id/sign/complete',
    {
      schema: {
        operationId: 'completeSigningJournalEntry',
        tags,
        summary: 'Finish signing: verify the passkey assertion and store the signature',
        description:
          'The challenge is used up whatever the outcome. An unknown, used or expired challenge, a passkey ' +
          "that is not the caller's or an assertion that does not verify answer 400; an entry changed since " +
          'the start, removed or already signed 409. Answers the signed entry.',
        params: idParamsSchema,
        body: signCompleteBodySchema,
        response: { 200: journalEntrySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: access.userPermission('journal_entry.view') },
    },
    async (request) =>
      completeSigning(db, rp, request.params.id, request.body.response, currentUser(request)),
  );

  /** GET and POST alike; each method is its own operation. */
  const verifyOne = (operationId: string) => ({
    schema: {
      operationId,
      tags,
      summary: "Verify an entry's signature against the entry as it is now",
      description:
        'Rebuilds the signed content from the entry, its links and its evidence (files re-hashed), then ' +
        'checks the assertion. `invalidReason` says what changed; an unsigned entry answers valid false.',
      params: idParamsSchema,
      response: { 200: verifyEntryResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    config: { access: access.permission('journal_entry.view') },
  });
  r.get('/api/journal-entries/:id/verify', verifyOne('verifyJournalEntrySignature'), async (request) =>
    verifyEntry(db, store, request.params.id, request.principal!),
  );
  r.post('/api/journal-entries/:id/verify', verifyOne('verifyJournalEntrySignatureByPost'), async (request) =>
    verifyEntry(db, store, request.params.id, request.principal!),
  );

  r.post(
    '/api/journal-entries/case/:caseId/verify',
    {
      schema: {
        operationId: 'verifyCaseSignatures',
        tags,
        summary: 'Verify every signed entry of a case, with a summary over all its entries',
        params: caseIdParamsSchema,
        response: { 200: verifyCaseResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('journal_entry.view') },
    },
    async (request) => verifyCase(db, store, request.params.caseId, request.principal!),
  );

  r.get(
    '/api/journal-entries/:id/signature-bundle',
    {
      schema: {
        operationId: 'getSignatureBundle',
        tags,
        summary: "The entry's signature bundle, to verify offline with `npm run verify -- <file>`",
        description: 'An unsigned entry answers 404. The format is documented in the README.',
        params: idParamsSchema,
        response: { 200: signatureBundleSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('journal_entry.view') },
    },
    async (request) => signatureBundle(db, request.params.id, request.principal!),
  );

  r.get(
    '/api/cases/:id/journal-integrity',
    {
      schema: {
        operationId: 'checkCaseJournalIntegrity',
        tags,
        summary: "Check the case journal's hash chain against the entries as they are now",
        description:
          'Detects an entry or a link edited, deleted or inserted in the database directly; ' +
          '`firstBreak` names the first break found.',
        params: idParamsSchema,
        response: { 200: journalIntegritySchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('journal_entry.view') },
    },
    async (request) => {
      if (!(await isCaseVisible(db, request.principal!, request.params.id))) throw AppError.notFound('Case');
      return checkCaseChain(db, request.params.id);
    },
  );
}
