import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { identifierTagsSchema, setIdentifierTagsBodySchema } from '@scamtrail/domain/identifiers/api';
import type { Db } from '../../db/client';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access } from '../auth/route-access';
import { setTagsOfIdentifier } from './identifier-tags.service';

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
          'change is kept in the history; setting the same tags again records nothing.',
        params: idParamsSchema,
        body: setIdentifierTagsBodySchema,
        response: { 200: identifierTagsSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('identifier.edit') },
    },
    async (request) => setTagsOfIdentifier(db, request.params.id, request.body, request.principal!),
  );
}
