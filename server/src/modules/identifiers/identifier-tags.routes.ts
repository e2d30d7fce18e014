import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { identifierTagsSchema, setIdentifierTagsBodySchema } from '@scamtrail/domain/identifiers/api';
import type { Db } from '../../db/client';
import { guardEdit, ifMatchHeadersSchema, ifMatchOf } from '../../lib/preconditions';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access, naming } from '../auth/route-access';
import { getTagsOfIdentifier, setTagsOfIdentifier } from './identifier-tags.service';

/** The tags an identifier carries; the tags themselves are managed under `/api/tags`. */
export async function identifierTagsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/identifiers/:id/tags',
    {
      schema: {
        operationId: 'setIdentifierTags',
        tags: ['identifiers'],
        summary: "Replace an identifier's tags, or add and take some away",
        description:
          'Sends the whole set (`[]` removes every tag; a repeated id counts once), or `addTagIds` and ' +
          '`removeTagIds`, applied to the tags it carries then so that concurrent changes all stay; answers the tags ' +
          'the identifier then carries, by name. An unknown tag answers 400 naming `tagIds.{index}`. A ' +
          'change is kept in the history; setting the same tags again records nothing. The tags are part ' +
          'of the identifier as read: a change moves its version (ETag) on, and one made with If-Match ' +
          'from another version is refused with 412.',
        params: idParamsSchema,
        headers: ifMatchHeadersSchema,
        body: setIdentifierTagsBodySchema,
        response: { 200: identifierTagsSchema, ...errorResponses(400, 401, 403, 404, 412) },
      },
      config: {
        access: naming(access.permission('identifier.edit'), ['tagIds', 'addTagIds', 'removeTagIds']),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      return guardEdit(
        reply,
        () => setTagsOfIdentifier(db, id, request.body, request.principal!, ifMatchOf(request)),
        () => getTagsOfIdentifier(db, id),
        identifierTagsSchema,
      );
    },
  );
}
