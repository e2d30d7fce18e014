import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@scamtrail/domain/text';
import { EXPORT_TOPIC_PERMISSIONS } from '@scamtrail/domain/export-streams';
import { isoDateTime } from '@scamtrail/domain/schema-helpers';
import type { Db } from '../../db/client';
import { access } from '../auth/route-access';
import {
  getTaxiiCollection,
  listTaxiiCollections,
  readTaxiiObjects,
  readTaxiiObjectVersions,
  STIX_OBJECT_MEDIA_TYPE,
  TAXII_PAGE_MAX,
  type TaxiiPage,
} from './taxii.service';
import { TAXII_MEDIA_TYPE, taxiiProtocol } from './taxii.http';

/** Where TAXII's paths are: discovery at `/taxii2/`, the rest under it. */
export const TAXII_PREFIX = '/taxii2';

/** The one API root: `/taxii2/root/`. */
export const TAXII_API_ROOT = `${TAXII_PREFIX}/root`;

const collectionParams = z.object({ id: z.uuid({ message: 'id must be a UUID' }) });

const pageQuery = z.object({
  // A timestamp PostgreSQL reads as `timestamptz`: what Date.parse takes ("1", "2025", "Jan 1 2025")
  // and year 0 or 10000 reached the database and failed there, a 500.
  added_after: isoDateTime('added_after', 'added_after must be an RFC 3339 timestamp')
    .max(40, 'added_after must be an RFC 3339 timestamp')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${TAXII_PAGE_MAX}`)
    .max(TAXII_PAGE_MAX, `limit must be between 1 and ${TAXII_PAGE_MAX}`)
    .optional(),
  next: text({ label: 'next', max: 200 }).optional(),
  'match[type]': text({ label: 'match[type]', max: 500 }).optional(),
});

/** A STIX id: `<type>--<UUID>` (STIX 2.1 §2.9). */
const STIX_ID = /^[a-z0-9][a-z0-9-]*--[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const objectParams = collectionParams.extend({
  objectId: text({ label: 'object_id', max: 300 }).refine((value) => STIX_ID.test(value), {
    message: 'object_id must be a STIX id (type--UUID)',
  }),
});

const specVersionQuery = text({ label: 'match[spec_version]', max: 100 }).optional();
const versionQuery = text({ label: 'match[version]', max: 1000 }).optional();

/** The objects and the manifest: also `match[id]` (STIX ids, comma separated), version and spec version. */
const listQuery = pageQuery.extend({
  'match[id]': text({ label: 'match[id]', max: 10_000 })
    .optional()
    .refine(
      (value) =>
        value === undefined ||
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
          .every((id) => STIX_ID.test(id)),
      { message: 'match[id] must be STIX ids (type--UUID), comma separated' },
    ),
  'match[version]': versionQuery,
  'match[spec_version]': specVersionQuery,
});

const objectQuery = pageQuery.omit({ 'match[type]': true }).extend({
  'match[version]': versionQuery,
  'match[spec_version]': specVersionQuery,
});

const versionsQuery = pageQuery.omit({ 'match[type]': true }).extend({
  'match[spec_version]': specVersionQuery,
});

function taxii(reply: FastifyReply, body: unknown, dates?: { first?: string; last?: string }) {
  // The media type is TAXII's (set again as it is sent: `taxiiProtocol`).
  reply.header('content-type', TAXII_MEDIA_TYPE);
  if (dates?.first) reply.header('X-TAXII-Date-Added-First', dates.first);
  if (dates?.last) reply.header('X-TAXII-Date-Added-Last', dates.last);
  // The body is written here: the media type is TAXII's, and these routes have no response schema.
  return reply.send(JSON.stringify(body));
}

/**
 * A page as TAXII answers it (§3.6 envelope; §5.7 for versions): `more`, `next` when there is one, and
 * the page's entries under `key`, as `item` writes each, left out when there are none; the first and
 * last date added in the headers.
 */
function taxiiPage(
  reply: FastifyReply,
  page: TaxiiPage,
  key: 'objects' | 'versions',
  item: (entry: TaxiiPage['entries'][number]) => unknown,
) {
  return taxii(
    reply,
    {
      more: page.more,
      ...(page.next ? { next: page.next } : {}),
      ...(page.entries.length > 0 ? { [key]: page.entries.map(item) } : {}),
    },
    { first: page.entries[0]?.dateAdded, last: page.entries.at(-1)?.dateAdded },
  );
}

/**
 * TAXII 2.1, read-only (OASIS TAXII 2.1 §4, §5): discovery, one API root, the collections (the
 * export streams that carry identifiers), their objects and manifest. An API key holding export.view
 * and identifier.view (`Authorization: Bearer`), as for reading a stream's identifiers; a signed-in
 * person with them too. Out of the
 * OpenAPI document: TAXII is its own specification.
 */
export async function taxiiRoutes(app: FastifyInstance, opts: { db: Db; publicUrl: string }) {
  const { db, publicUrl } = opts;
  // The instance's identity, as the STIX export names the organisation (app.ts).
  const context = { producerName: `Scamtrail (${new URL(publicUrl).host})` };
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The identifiers topic of export streams: its permissions, as a stream's reader needs them.
  const config = { access: access.permission(...EXPORT_TOPIC_PERMISSIONS.identifiers) };
  // Errors as TAXII's error message, the Accept header checked, unknown paths answered (§1.6.8, §3.6).
  await taxiiProtocol(app, TAXII_PREFIX);

  r.get('/taxii2/', { schema: { hide: true }, config }, async (_request, reply) =>
    taxii(reply, {
      title: 'Scamtrail TAXII server',
      description: 'Scam identifiers as STIX 2.1 indicators, one collection per export stream',
      default: `${publicUrl}${TAXII_API_ROOT}/`,
      api_roots: [`${publicUrl}${TAXII_API_ROOT}/`],
    }),
  );

  r.get(`${TAXII_API_ROOT}/`, { schema: { hide: true }, config }, async (_request, reply) =>
    taxii(reply, {
      title: 'Scamtrail',
      description: 'Identifiers of the export streams',
      versions: [TAXII_MEDIA_TYPE],
      max_content_length: 0,
    }),
  );

  r.get(`${TAXII_API_ROOT}/collections/`, { schema: { hide: true }, config }, async (_request, reply) =>
    taxii(reply, { collections: await listTaxiiCollections(db) }),
  );

  r.get(
    `${TAXII_API_ROOT}/collections/:id/`,
    { schema: { hide: true, params: collectionParams }, config },
    async (request, reply) => taxii(reply, await getTaxiiCollection(db, request.params.id)),
  );

  r.get(
    `${TAXII_API_ROOT}/collections/:id/objects/`,
    { schema: { hide: true, params: collectionParams, querystring: listQuery }, config },
    async (request, reply) =>
      taxiiPage(
        reply,
        await readTaxiiObjects(db, request.params.id, request.query, context),
        'objects',
        (entry) => entry.object,
      ),
  );

  r.get(
    `${TAXII_API_ROOT}/collections/:id/manifest/`,
    { schema: { hide: true, params: collectionParams, querystring: listQuery }, config },
    async (request, reply) =>
      taxiiPage(
        reply,
        await readTaxiiObjects(db, request.params.id, request.query, context),
        'objects',
        (entry) => ({
          id: entry.object.id,
          date_added: entry.dateAdded,
          // The Indicator's modified: each version is added when it is made.
          version: entry.object.modified,
          media_type: STIX_OBJECT_MEDIA_TYPE,
        }),
      ),
  );

  r.get(
    `${TAXII_API_ROOT}/collections/:id/objects/:objectId/`,
    { schema: { hide: true, params: objectParams, querystring: objectQuery }, config },
    async (request, reply) => {
      const page = await readTaxiiObjectVersions(
        db,
        request.params.id,
        request.params.objectId,
        request.query,
        context,
      );
      return taxiiPage(reply, page, 'objects', (entry) => entry.object);
    },
  );

  r.get(
    `${TAXII_API_ROOT}/collections/:id/objects/:objectId/versions/`,
    { schema: { hide: true, params: objectParams, querystring: versionsQuery }, config },
    async (request, reply) => {
      const page = await readTaxiiObjectVersions(
        db,
        request.params.id,
        request.params.objectId,
        { ...request.query, 'match[version]': 'all' },
        context,
      );
      // A version is the Indicator's `modified` (§5.8), the time it was added.
      return taxiiPage(reply, page, 'versions', (entry) => entry.object.modified);
    },
  );
}
