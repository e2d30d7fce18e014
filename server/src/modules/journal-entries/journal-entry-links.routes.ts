import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { journalEntrySchema } from '@scamtrail/domain/journal-entries';
import type { Db } from '../../db/client';
import { errorResponses } from '../../lib/schemas';
import { access } from '../auth/route-access';
import {
  linkEvidence,
  linkIdentifier,
  unlinkEvidence,
  unlinkIdentifier,
} from './journal-entry-links.service';
import { ENTRY_CHANGE_RULE } from './journal-entry.preconditions';

const evidenceParamsSchema = z.object({
  id: z.uuid({ message: 'id must be a UUID' }),
  evidenceId: z.uuid({ message: 'evidenceId must be a UUID' }),
});
const identifierParamsSchema = z.object({
  id: z.uuid({ message: 'id must be a UUID' }),
  identifierId: z.uuid({ message: 'identifierId must be a UUID' }),
});

const CHANGE_RULES = `${ENTRY_CHANGE_RULE} A missing or hidden entry or target answers 404; a removed or signed entry or an archived case 409. Answers the entry.`;

/** Links between a journal entry and evidence items or identifiers. */
export async function journalEntryLinksRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['journal entries'];
  // The path names the evidence item or identifier too: its view permission with the entry's edit.
  const evidenceConfig = { access: access.permission('journal_entry.edit', 'evidence.view') };
  const identifierConfig = { access: access.permission('journal_entry.edit', 'identifier.view') };
  const response = { 200: journalEntrySchema, ...errorResponses(400, 401, 403, 404, 409) };

  r.post(
    '/api/journal-entries/:id/evidence/:evidenceId',
    {
      schema: {
        operationId: 'linkJournalEntryEvidence',
        tags,
        summary: 'Link an evidence item to the entry (linking it again changes nothing)',
        description: `Recorded in the item's chain of custody. ${CHANGE_RULES}`,
        params: evidenceParamsSchema,
        response,
      },
      config: evidenceConfig,
    },
    async (request) => linkEvidence(db, request.params.id, request.params.evidenceId, request.principal!),
  );

  r.delete(
    '/api/journal-entries/:id/evidence/:evidenceId',
    {
      schema: {
        operationId: 'unlinkJournalEntryEvidence',
        tags,
        summary: 'Unlink an evidence item from the entry (404 when it is not linked)',
        description: `Recorded in the item's chain of custody. ${CHANGE_RULES}`,
        params: evidenceParamsSchema,
        response,
      },
      config: evidenceConfig,
    },
    async (request) => unlinkEvidence(db, request.params.id, request.params.evidenceId, request.principal!),
  );

  r.post(
    '/api/journal-entries/:id/identifiers/:identifierId',
    {
      schema: {
        operationId: 'linkJournalEntryIdentifier',
        tags,
        summary: 'Link an identifier to the entry (linking it again changes nothing)',
        description: CHANGE_RULES,
        params: identifierParamsSchema,
        response,
      },
      config: identifierConfig,
    },
    async (request) => linkIdentifier(db, request.params.id, request.params.identifierId, request.principal!),
  );

  r.delete(
    '/api/journal-entries/:id/identifiers/:identifierId',
    {
      schema: {
        operationId: 'unlinkJournalEntryIdentifier',
        tags,
        summary: 'Unlink an identifier from the entry (404 when it is not linked)',
        description: CHANGE_RULES,
        params: identifierParamsSchema,
        response,
      },
      config: identifierConfig,
    },
    async (request) =>
      unlinkIdentifier(db, request.params.id, request.params.identifierId, request.principal!),
  );
}
