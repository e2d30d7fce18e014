import type { IdentifierListQuery } from '@scamtrail/domain/identifiers/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { guardEdit, ifMatchHeadersSchema, ifMatchOf, withETag } from '../../lib/preconditions';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access, naming, namingInQuery } from '../auth/route-access';
import { identifierListCsv } from '../interchange/list-csv';
import { identifierCsvPage } from './identifier-list-csv';
import { identifierConfidenceRoutes } from './identifier-confidence.routes';
import { identifierReviewRoutes } from './identifier-review.routes';
import { identifierDetailRoutes } from './identifier-detail.routes';
import { getIdentifierDetail } from './identifier-detail.service';
import { extractIdentifierCandidates } from './identifier-extract.service';
import { identifierImportRoutes } from './identifier-import.routes';
import { identifierTagsRoutes } from './identifier-tags.routes';
import {
  createIdentifierBodySchema,
  extractedIdentifiersSchema,
  extractIdentifiersBodySchema,
  identifierDetailSchema,
  identifierListQuerySchema,
  identifierListSchema,
  identifierMatchesQuerySchema,
  identifierMatchesSchema,
  identifierSchema,
  identifierSettingsSchema,
  updateIdentifierBodySchema,
} from '@scamtrail/domain/identifiers/api';
import { callingCodeOf, DEFAULT_PHONE_REGION, isPhoneRegion } from '@scamtrail/domain/identifiers/phone';
import {
  createIdentifier,
  deleteIdentifier,
  findIdentifierMatches,
  listIdentifiers,
  presentIdentifier,
  updateIdentifier,
} from './identifiers.service';

/** Identifiers: the scam vectors (e-mail, phone, bank account, wallet...) that link cases. */
export async function identifiersRoutes(
  app: FastifyInstance,
  opts: { db: Db; listCountTimeBoxMs?: number; formIdleMs?: number; defaultPhoneRegion?: string },
) {
  const { db, listCountTimeBoxMs } = opts;
  const region =
    opts.defaultPhoneRegion && isPhoneRegion(opts.defaultPhoneRegion)
      ? opts.defaultPhoneRegion
      : DEFAULT_PHONE_REGION;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['identifiers'];

  r.get(
    '/api/identifiers',
    {
      schema: {
        operationId: 'listIdentifiers',
        tags,
        summary: 'List identifiers with their tags, newest first, by type, tag and display-value substring',
        description:
          'The CSV of a search also holds, first, the identifiers the search text is by normalised key ' +
          'however it was written (those `GET /api/identifiers/matches` finds), under the same type and tag, ' +
          "as the list and the search page show them. `totalWithMatches` counts them with the list's " +
          'matches, each once: how many identifiers the search page shows for the text.',
        querystring: identifierListQuerySchema,
        response: { 200: identifierListSchema, ...errorResponses(400, 401, 403) },
      },
      config: {
        access: namingInQuery(access.permission('identifier.view'), ['tag']),
        csv: {
          ...identifierListCsv,
          read: (request, after, limit) =>
            identifierCsvPage(
              db,
              { ...(request.query as IdentifierListQuery), defaultRegion: region },
              request.principal!,
              after,
              limit,
            ),
        },
      },
    },
    async (request) =>
      listIdentifiers(
        db,
        { ...request.query, defaultRegion: region },
        request.principal!,
        listCountTimeBoxMs,
      ),
  );

  r.get(
    '/api/identifiers/settings',
    {
      schema: {
        operationId: 'getIdentifierSettings',
        tags,
        summary: 'How this server reads identifiers: the region of phone numbers without a country code',
        response: { 200: identifierSettingsSchema, ...errorResponses(401, 403) },
      },
      config: { access: access.permission('identifier.view') },
    },
    async () => ({ defaultPhoneRegion: region, defaultCallingCode: callingCodeOf(region) }),
  );

  r.get(
    '/api/identifiers/matches',
    {
      schema: {
        operationId: 'findIdentifierMatches',
        tags,
        summary: 'The identifiers a pasted value is, however it was written',
        description:
          'Finds identifiers by normalised key rather than by display value: "+44 7700 900123" finds the phone ' +
          'number stored as "+44 7700900123", an e-mail address is found in any case and as a Zelle handle, an ' +
          "EVM address on every EVM network; a phone number without a country code is read in the server's " +
          'DEFAULT_PHONE_REGION. A value that is not an e-mail address, phone number or wallet ' +
          'address finds nothing. `type` and `tag` narrow them as they narrow the list.',
        querystring: identifierMatchesQuerySchema,
        response: { 200: identifierMatchesSchema, ...errorResponses(400, 401, 403) },
      },
      config: { access: namingInQuery(access.permission('identifier.view'), ['tag']) },
    },
    async (request) => findIdentifierMatches(db, request.query, request.principal!, region),
  );

  r.post(
    '/api/identifiers/extract',
    {
      schema: {
        operationId: 'extractIdentifiers',
        tags,
        summary: 'The identifiers written in free text, offered for linking, each with why it was recognised',
        description:
          "Reads e-mail addresses, phone numbers (international, or national in the server's " +
          'DEFAULT_PHONE_REGION), IBANs, card numbers, wallet addresses, links, domains and handles next to ' +
          "a platform's name, each checked before it is offered (an IBAN's country, length and checksum, a " +
          "card's Luhn digit, a wallet's checksum); no digits inside one are read as another. Each comes " +
          'once, in the order written, with the data to create it and the identifier on record with the ' +
          'same normalised key. Nothing is stored.',
        body: extractIdentifiersBodySchema,
        response: { 200: extractedIdentifiersSchema, ...errorResponses(400, 401, 403) },
      },
      config: { access: access.permission('identifier.view') },
    },
    async (request) => extractIdentifierCandidates(db, request.body.text, region),
  );

  r.get(
    '/api/identifiers/:id',
    {
      schema: {
        operationId: 'getIdentifier',
        tags,
        summary:
          'One identifier with its validation, tags and the first page of its evidence, media, journal entries and cases',
        description:
          'Each related list carries its first page (newest first) beside its count; the rest is paged under ' +
          '`/api/identifiers/{id}/evidence`, `/journal-entries` and `/cases`.',
        params: idParamsSchema,
        response: { 200: identifierDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('identifier.view') },
    },
    async (request, reply) =>
      withETag(reply, await getIdentifierDetail(db, request.params.id, request.principal!)),
  );

  r.post(
    '/api/identifiers',
    {
      schema: {
        operationId: 'createIdentifier',
        tags,
        summary: 'Create an identifier (the server computes display value and normalised key)',
        description: 'A value whose normalised key exists answers 409 with `details.existingId`.',
        body: createIdentifierBodySchema,
        response: { 201: identifierSchema, ...errorResponses(400, 401, 403, 409) },
      },
      config: {
        access: naming(access.permission('identifier.create'), ['onBehalfOfOriginatorId']),
        idempotent: true,
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createIdentifier(db, request.body, request.principal!)),
  );

  r.put(
    '/api/identifiers/:id',
    {
      schema: {
        operationId: 'replaceIdentifier',
        tags,
        summary: 'Replace the data (and optionally the type) of an identifier',
        description: 'Clears the previous validation. A collision with another identifier answers 409.',
        params: idParamsSchema,
        headers: ifMatchHeadersSchema,
        body: updateIdentifierBodySchema,
        response: { 200: identifierSchema, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
      config: { access: access.permission('identifier.edit') },
    },
    async (request, reply) => {
      const { id } = request.params;
      const principal = request.principal!;
      return guardEdit(
        reply,
        () => updateIdentifier(db, id, request.body, principal, ifMatchOf(request)),
        () => presentIdentifier(db, id, principal),
        identifierSchema,
      );
    },
  );

  r.delete(
    '/api/identifiers/:id',
    {
      schema: {
        operationId: 'deleteIdentifier',
        tags,
        summary:
          'Delete an identifier; its journal-entry and evidence links are detached, history kept. ' +
          'Refused (409) while a signed journal entry names it: the signature covers its links',
        description:
          'Deleting it changes every journal entry that names it, so the rule of every change of an entry ' +
          'applies: unless the caller recorded each of them, only an administrator may (403).',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: access.permission('identifier.delete') },
    },
    async (request, reply) => {
      await deleteIdentifier(db, request.params.id, request.principal!);
      return reply.status(204).send(null);
    },
  );

  await app.register(identifierConfidenceRoutes, { db });
  await app.register(identifierReviewRoutes, { db });
  await app.register(identifierImportRoutes, { db, formIdleMs: opts.formIdleMs });
  await app.register(identifierTagsRoutes, { db });
  await app.register(identifierDetailRoutes, { db });
}
