import type { JournalSearchQuery } from '@scamtrail/domain/journal-entries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paginated } from '@scamtrail/domain/pagination';
import {
  caseJournalQuerySchema,
  createJournalEntryBodySchema,
  deleteJournalEntryBodySchema,
  journalEntrySchema,
  journalSearchQuerySchema,
  journalSearchResultSchema,
  linkJournalEntryBodySchema,
  removeJournalEntryBodySchema,
  updateJournalEntryBodySchema,
} from '@scamtrail/domain/journal-entries';
import type { Db } from '../../db/client';
import { guardEdit, ifMatchHeadersSchema, ifMatchOf, withETag } from '../../lib/preconditions';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access, naming } from '../auth/route-access';
import { journalSearchCsv } from '../interchange/list-csv';
import { journalSearchCsvPage } from './journal-search-csv';
import {
  createJournalEntry,
  getJournalEntry,
  listCaseJournal,
  updateJournalEntry,
} from './journal-entries.service';
import { ENTRY_CHANGE_RULE } from './journal-entry.preconditions';
import { linkEntryToCase, nullifyJournalEntry } from './journal-entry-lifecycle.service';
import { journalEntryLinksRoutes } from './journal-entry-links.routes';
import { searchJournalEntries } from './journal-search.service';

/** Journal entries: create, link to a case, list a case's journal, edit, remove, link evidence and identifiers. */
export async function journalEntriesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['journal entries'];

  r.get(
    '/api/journal-entries',
    {
      schema: {
        operationId: 'searchJournalEntries',
        tags,
        summary:
          'Search the journals of every case the caller may see: live entries whose description holds the ' +
          'text, latest performed first, each with an excerpt around the match and its case',
        querystring: journalSearchQuerySchema,
        response: { 200: journalSearchResultSchema, ...errorResponses(400, 401, 403) },
      },
      config: {
        access: access.permission('journal_entry.view', 'case.view'),
        csv: {
          ...journalSearchCsv,
          read: (request, after, limit) =>
            journalSearchCsvPage(db, request.query as JournalSearchQuery, request.principal!, after, limit),
        },
      },
    },
    async (request) => searchJournalEntries(db, request.query, request.principal!),
  );

  r.post(
    '/api/journal-entries',
    {
      schema: {
        operationId: 'createJournalEntry',
        tags,
        summary: 'Create a journal entry originated by the caller, with its evidence and identifiers',
        description:
          'Ids in the body that name nothing the caller may see answer 400 naming the field ' +
          '(`caseId`, `evidence.0`, `identifierIds.0`); an archived case answers 409. Nothing is saved then.',
        body: createJournalEntryBodySchema,
        response: { 201: journalEntrySchema, ...errorResponses(400, 401, 403, 409) },
      },
      config: {
        access: naming(access.permission('journal_entry.create'), [
          'caseId',
          'evidence',
          'identifierIds',
          'onBehalfOfOriginatorId',
        ]),
        idempotent: true,
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createJournalEntry(db, request.body, request.principal!)),
  );

  r.post(
    '/api/cases/:id/journal-entries',
    {
      schema: {
        operationId: 'linkJournalEntryToCase',
        tags,
        summary:
          'Link an entry to the case (called right after creating it); 400 naming journalEntryId if it is unknown',
        description:
          `${ENTRY_CHANGE_RULE} ` +
          'A missing or hidden case answers 404; a missing or hidden entry 400 naming `journalEntryId`. ' +
          'An entry of another case, a removed entry or an archived case answer 409. ' +
          'Linking an entry to the case it is in answers it unchanged.',
        params: idParamsSchema,
        body: linkJournalEntryBodySchema,
        response: { 200: journalEntrySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: access.permission('journal_entry.edit', 'journal_entry.view') },
    },
    async (request) =>
      linkEntryToCase(db, request.params.id, request.body.journalEntryId, request.principal!),
  );

  r.get(
    '/api/cases/:id/journal-entries',
    {
      schema: {
        operationId: 'listCaseJournalEntries',
        tags,
        summary: "The case's journal, newest first (performedAt, then id); removed entries only on request",
        params: idParamsSchema,
        querystring: caseJournalQuerySchema,
        response: { 200: paginated(journalEntrySchema), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('journal_entry.view') },
    },
    async (request) => listCaseJournal(db, request.params.id, request.query, request.principal!),
  );

  r.get(
    '/api/journal-entries/:id',
    {
      schema: {
        operationId: 'getJournalEntry',
        tags,
        summary: 'One journal entry with its evidence and identifiers',
        params: idParamsSchema,
        response: { 200: journalEntrySchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('journal_entry.view') },
    },
    async (request, reply) =>
      withETag(reply, await getJournalEntry(db, request.params.id, request.principal!)),
  );

  r.patch(
    '/api/journal-entries/:id',
    {
      schema: {
        operationId: 'updateJournalEntry',
        tags,
        summary:
          "Edit an entry's type, description or performedAt (whoever recorded it, or an administrator)",
        description: `${ENTRY_CHANGE_RULE} A removed or signed entry or an archived case answers 409.`,
        params: idParamsSchema,
        headers: ifMatchHeadersSchema,
        body: updateJournalEntryBodySchema,
        response: { 200: journalEntrySchema, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
      config: { access: access.permission('journal_entry.edit') },
    },
    async (request, reply) => {
      const { id } = request.params;
      const principal = request.principal!;
      return guardEdit(
        reply,
        () => updateJournalEntry(db, id, request.body, principal, ifMatchOf(request)),
        () => getJournalEntry(db, id, principal),
        journalEntrySchema,
      );
    },
  );

  r.delete(
    '/api/journal-entries/:id',
    {
      schema: {
        operationId: 'deleteJournalEntry',
        tags,
        summary: 'Remove an entry: it is nullified with the reason, who and when, never deleted',
        description: `${ENTRY_CHANGE_RULE} The body is optional; the reason defaults to "Entry removed by user". Answers the entry.`,
        params: idParamsSchema,
        body: deleteJournalEntryBodySchema,
        response: { 200: journalEntrySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: access.permission('journal_entry.delete') },
      // A DELETE may come with no body at all: Fastify then holds null, read here as "no reason
      // given". A body that says `null` (it has a content type) is still refused.
      preValidation: async (request) => {
        if (request.body == null && !request.headers['content-type'])
          (request as { body: unknown }).body = {};
      },
    },
    async (request) => nullifyJournalEntry(db, request.params.id, request.body.reason, request.principal!),
  );

  r.post(
    '/api/journal-entries/:id/remove',
    {
      schema: {
        operationId: 'removeJournalEntry',
        tags,
        summary: "Remove an entry of a case: as DELETE, with the reason required and the entry's case named",
        description: `${ENTRY_CHANGE_RULE} A \`caseId\` that is not the entry's case answers 400 naming \`caseId\`.`,
        params: idParamsSchema,
        body: removeJournalEntryBodySchema,
        response: { 200: journalEntrySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: access.permission('journal_entry.delete', 'case.view') },
    },
    async (request) =>
      nullifyJournalEntry(
        db,
        request.params.id,
        request.body.reason,
        request.principal!,
        request.body.caseId,
      ),
  );

  await app.register(journalEntryLinksRoutes, { db });
}
