import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginated } from '@scamtrail/domain/pagination';
import {
  createTagBodySchema,
  tagListQuerySchema,
  tagSchema,
  updateTagBodySchema,
} from '@scamtrail/domain/tags';
import type { Db } from '../../db/client';
import { guardEdit, ifMatchHeadersSchema, ifMatchOf, withETag } from '../../lib/preconditions';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access } from '../auth/route-access';
import { createTag, deleteTag, getTag, listTags, updateTag } from './tags.service';

/** Tags for cases, evidence and identifiers. Names are unique, case-insensitively. */
export async function tagsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tags'];

  r.get(
    '/api/tags',
    {
      schema: {
        operationId: 'listTags',
        tags,
        summary:
          'List tags by name, with how many cases, evidence items and identifiers carry each (of the cases the caller may see)',
        querystring: tagListQuerySchema,
        response: { 200: paginated(tagSchema), ...errorResponses(400, 401, 403) },
      },
      config: { access: access.permission('tag.view') },
    },
    async (request) => listTags(db, request.query, request.principal!),
  );

  r.get(
    '/api/tags/:id',
    {
      schema: {
        operationId: 'getTag',
        tags,
        summary: 'One tag with its usage counts (of the cases the caller may see)',
        params: idParamsSchema,
        response: { 200: tagSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('tag.view') },
    },
    async (request, reply) => withETag(reply, await getTag(db, request.params.id, request.principal!)),
  );

  r.post(
    '/api/tags',
    {
      schema: {
        operationId: 'createTag',
        tags,
        summary: 'Create a tag (colour: a Carbon tag type, default gray)',
        body: createTagBodySchema,
        response: { 201: tagSchema, ...errorResponses(400, 401, 403, 409) },
      },
      config: { access: access.permission('tag.create'), idempotent: true },
    },
    async (request, reply) => reply.status(201).send(await createTag(db, request.body, request.principal!)),
  );

  r.patch(
    '/api/tags/:id',
    {
      schema: {
        operationId: 'updateTag',
        tags,
        summary: 'Rename a tag, change its colour or description',
        params: idParamsSchema,
        headers: ifMatchHeadersSchema,
        body: updateTagBodySchema,
        response: { 200: tagSchema, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
      config: { access: access.permission('tag.edit') },
    },
    async (request, reply) => {
      const { id } = request.params;
      const principal = request.principal!;
      return guardEdit(
        reply,
        () => updateTag(db, id, request.body, principal, ifMatchOf(request)),
        () => getTag(db, id, principal),
        tagSchema,
      );
    },
  );

  r.delete(
    '/api/tags/:id',
    {
      schema: {
        operationId: 'deleteTag',
        tags,
        summary: 'Delete a tag; refused (409 IN_USE) while any case, evidence or identifier carries it',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: access.permission('tag.delete') },
    },
    async (request, reply) => {
      await deleteTag(db, request.params.id, request.principal!);
      return reply.status(204).send(null);
    },
  );
}
