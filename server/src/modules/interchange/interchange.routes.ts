import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMPORT_BODY_LIMIT } from '@scamtrail/domain/identifiers/import-api';
import {
  exchangeImportResultSchema,
  mispEventSchema,
  stixBundleSchema,
  stixExportQuerySchema,
} from '@scamtrail/domain/interchange';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access, namingInQuery } from '../auth/route-access';
import {
  exportCaseAsMisp,
  exportCaseAsStix,
  exportListAsStix,
  importMispEvent,
  importStixBundle,
  type ExchangeContext,
} from './interchange.service';

/** STIX 2.1's media type (STIX 2.1 §1.7: "application/stix+json;version=2.1"). */
export const STIX_MEDIA_TYPE = 'application/stix+json;version=2.1';

/**
 * The exchange formats of the field: identifiers as STIX 2.1 bundles (a list's filter, a case as a
 * grouping), a case as a MISP event, and imports of both into identifiers.
 */
export async function interchangeRoutes(app: FastifyInstance, opts: { db: Db; context: ExchangeContext }) {
  const { db, context } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['exchange formats'];

  // A STIX bundle may be sent as what it is; read as JSON like application/json.
  app.addContentTypeParser(
    'application/stix+json',
    { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(AppError.validation([{ field: 'body', message: 'The body is not valid JSON' }]), undefined);
      }
    },
  );

  r.get(
    '/api/identifiers/stix',
    {
      schema: {
        operationId: 'exportIdentifiersStix',
        tags,
        summary: 'The identifiers of the list under its filters as a STIX 2.1 bundle of Indicators',
        description:
          "The objects the TAXII feed serves for the same identifiers: each identifier's Indicator in its " +
          "current version (the same id), whose pattern names its observable, created by the instance's " +
          "identity, Scamtrail's details in a property extension; the identity and the extension " +
          'definition. At most 10,000 identifiers; a wider filter is a 400.',
        querystring: stixExportQuerySchema,
        response: { 200: stixBundleSchema, ...errorResponses(400, 401, 403) },
      },
      config: { access: namingInQuery(access.permission('identifier.view'), ['tag']) },
    },
    async (request, reply) => {
      const bundle = await exportListAsStix(db, request.query, request.principal!, context);
      return reply.header('content-type', STIX_MEDIA_TYPE).send(bundle);
    },
  );

  r.get(
    '/api/cases/:id/stix',
    {
      schema: {
        operationId: 'exportCaseStix',
        tags,
        summary: "A case as a STIX 2.1 bundle: its identifiers' Indicators and the case as a grouping",
        params: idParamsSchema,
        response: { 200: stixBundleSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('case.view', 'identifier.view') },
    },
    async (request, reply) => {
      const bundle = await exportCaseAsStix(db, request.params.id, request.principal!, context);
      return reply.header('content-type', STIX_MEDIA_TYPE).send(bundle);
    },
  );

  r.get(
    '/api/cases/:id/misp',
    {
      schema: {
        operationId: 'exportCaseMisp',
        tags,
        summary: 'A case as a MISP event: its identifiers as MISP objects and attributes',
        description:
          'Objects bank-account, phone-number, coin-address, email and url; the financial attributes in ' +
          'the "Financial fraud" category. Distribution "your organisation only": widen it in MISP.',
        params: idParamsSchema,
        response: { 200: mispEventSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('case.view', 'identifier.view') },
    },
    async (request) => exportCaseAsMisp(db, request.params.id, request.principal!, context),
  );

  r.post(
    '/api/identifiers/import/stix',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        operationId: 'importStixBundle',
        tags,
        summary: "Import a STIX 2.1 bundle's observables as identifiers, deduplicated by normalised key",
        description:
          'Reads email-addr, phone-number, bank-account, cryptocurrency-wallet, payment-card, url, ' +
          'domain-name and user-account, and Indicators whose pattern names one of them (as the STIX ' +
          'export writes them); other objects are listed as skipped. At most 5,000 identifiers.',
        body: stixBundleSchema,
        response: { 200: exchangeImportResultSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
      config: { access: access.permission('identifier.create'), idempotent: true },
    },
    async (request) => importStixBundle(db, request.body, request.principal!),
  );

  r.post(
    '/api/identifiers/import/misp',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        operationId: 'importMispEvent',
        tags,
        summary:
          "Import a MISP event's attributes and objects as identifiers, deduplicated by normalised key",
        description:
          'Attributes of e-mail, phone, IBAN, account number, btc, xmr, url, domain and card types, and ' +
          'the objects bank-account, phone-number, coin-address, email and url; the rest is listed as ' +
          'skipped. At most 5,000 identifiers.',
        body: mispEventSchema,
        response: { 200: exchangeImportResultSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
      config: { access: access.permission('identifier.create'), idempotent: true },
    },
    async (request) => importMispEvent(db, request.body, request.principal!),
  );
}
